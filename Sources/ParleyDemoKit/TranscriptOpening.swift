import Dispatch
import Foundation
import ParleyCore
import Synchronization

/// A transcript being opened on a thread of its own, and a history source meanwhile: its
/// newest page is read from the file's end at once, so a big log shows while it is still
/// being indexed (about 150 ms for a million lines), not after (#15).
///
/// ```swift
/// options.history.opening = TranscriptOpening(path: path, me: DemoCast.me)
/// try GTK.initialize()                     // meanwhile the file's end is read, then indexed
/// let history = try DemoHistory(options: options.history)   // shows the file's end
/// let note = await history.finishOpening()                  // once it is all indexed
/// ```
///
/// Until the index is made, pages the file's last lines can answer come from them
/// (``TranscriptTail``), and everything else waits for the index without holding a
/// thread. The last lines are the newest messages only when the file is in order; for one
/// that is not, ``indexed()`` says the pages answered early do not stand, and the newest
/// page should be shown again (``HistoryPager/returnToLatest()``).
public final class TranscriptOpening: HistoryWindowSource {
    /// The file being opened.
    public let path: String
    /// The sender of the user's own lines.
    let me: Sender

    /// How many of the last message lines are read before the index.
    static let tailLimit = 256

    /// The open file and its last lines.
    private struct End: Sendable {
        let file: TranscriptFile
        let tail: TranscriptTail
    }

    private struct State: Sendable {
        var end: Result<End, TranscriptError>?
        var finished: Result<TranscriptSource, TranscriptError>?
        /// Whether a page was answered from the tail.
        var answeredEarly = false
    }

    private let state = Mutex(State())
    private let endRead = DispatchGroup()
    private let done = DispatchGroup()

    /// Starts opening `path`, with `me` as the sender of the user's own lines.
    public convenience init(path: String, me: Sender) {
        self.init(path: path, me: me, tailLimit: Self.tailLimit, beforeIndexing: {})
    }

    /// Starts opening `path`, reading its last `tailLimit` message lines first; the thread
    /// calls `beforeIndexing` between the two (tests hold it there).
    init(path: String, me: Sender, tailLimit: Int, beforeIndexing: @escaping @Sendable () -> Void) {
        self.path = path
        self.me = me
        endRead.enter()
        done.enter()
        Thread.detachNewThread { [self] in
            let end = Result { () throws(TranscriptError) in
                let file = try TranscriptFile(path: path, maximumBytes: TranscriptSource.maximumBytes)
                return End(file: file, tail: try TranscriptTail(file: file, limit: tailLimit))
            }
            state.withLock { $0.end = end }
            endRead.leave()
            beforeIndexing()
            Self.yieldToEverythingElse()
            let finished = end.flatMap { end in
                Result { () throws(TranscriptError) in
                    TranscriptSource(index: try TranscriptIndex(file: end.file, describedProblems: TranscriptSource.describedProblems), me: me)
                }
            }
            state.withLock { $0.finished = finished }
            done.leave()
        }
    }

    /// Runs the calling thread only when no other wants the processor (SCHED_IDLE): the
    /// index of a big file is 150 ms of work that nothing on screen waits for, and on two
    /// cores it would otherwise take them from the front end's start and the display
    /// server drawing it. The thread ends with the index.
    private static func yieldToEverythingElse() {
        #if canImport(Glibc)
            var parameters = sched_param()
            parameters.sched_priority = 0
            // SCHED_IDLE (5), which Glibc's module does not export; pid 0 is this thread.
            _ = sched_setscheduler(0, 5, &parameters)
        #endif
    }

    /// Waits until the file is open and its end read: one pass that parses nothing.
    ///
    /// - Throws: What opening it failed with (missing, a folder, not a regular file,
    ///   unreadable, too large), as ``source()`` would.
    public func waitForEnd() throws(TranscriptError) {
        endRead.wait()
        // Set before the group was left.
        _ = try state.withLock { $0.end! }.get()
    }

    /// The opened transcript, once it is all indexed (waits).
    ///
    /// - Throws: The ``TranscriptError`` opening it ended with.
    public func source() throws(TranscriptError) -> TranscriptSource {
        done.wait()
        return try state.withLock { $0.finished! }.get()
    }

    /// The opened transcript once it is all indexed, awaited without holding a thread, and
    /// whether every page answered before from the file's end is the page it answers.
    /// That is `false` only for a file out of order whose last lines are not its newest.
    ///
    /// - Throws: The ``TranscriptError`` opening it ended with.
    public func indexed() async throws(TranscriptError) -> (source: TranscriptSource, pagesStand: Bool) {
        // Once indexed, every page comes here: no hop through a queue then.
        if state.withLock({ $0.finished == nil }) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                done.notify(queue: .global()) { continuation.resume() }
            }
        }
        let (finished, end, early) = state.withLock { ($0.finished!, $0.end!, $0.answeredEarly) }
        let source = try finished.get()
        guard early else { return (source, true) }
        return (source, try end.get().tail.agrees(with: source.index))
    }

    /// The page before `cursor`: from the file's end while it can answer and the index is
    /// not made, else from the index.
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        if let early = earlyPage(before: cursor, limit: limit) { return early }
        return try await indexed().source.page(before: cursor, limit: limit)
    }

    /// The window around `date`, once the file is indexed.
    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        try await indexed().source.window(around: date, limit: limit)
    }

    /// The window after `cursor`, once the file is indexed.
    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        try await indexed().source.window(after: cursor, limit: limit)
    }

    /// The page the tail answers, while the index is not made.
    private func earlyPage(before cursor: HistoryCursor?, limit: Int) -> HistoryPage? {
        let answer: (end: End, range: Range<Int>, hasMore: Bool)? = state.withLock { state in
            guard state.finished == nil, case .success(let end)? = state.end,
                let page = end.tail.page(before: cursor, limit: limit)
            else { return nil }
            state.answeredEarly = true
            return (end, page.range, page.hasMore)
        }
        guard let answer else { return nil }
        let messages = answer.end.tail.entries[answer.range].map { TranscriptSource.message($0, in: answer.end.file, me: me) }
        return HistoryPage(messages: messages, hasMore: answer.hasMore)
    }
}
