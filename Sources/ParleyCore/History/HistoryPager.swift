import Foundation
import Synchronization

/// Loads earlier messages page by page into a ``Conversation`` (NMessenger's head
/// prefetching, JSQ's "load earlier").
///
/// - **Automatic**: a ``Viewport`` with this pager calls ``loadIfNeeded()`` when its top
///   comes near the first row; the next page is fetched before the user gets there.
/// - **Manual**: the history row shows "Load earlier messages" and ``loadEarlier()``
///   runs when it is tapped.
///
/// One fetch at a time; the history row shows a spinner meanwhile. Pages are prepended
/// with ``Conversation/prependHistory(_:animated:)``, so they move nothing on screen,
/// duplicates are dropped and out-of-order pages are merged. A failed fetch shows a retry
/// row and changes nothing else; ``retry()`` tries again. When the source has no more,
/// the pager stops and the row disappears.
///
/// The pager shows its state in the conversation's rows (``Conversation/historyIndicator``
/// and, after a jump, ``Conversation/newerHistoryIndicator``), which is what front ends
/// draw: a ``ChatPresenter`` reads both from the rows, never from the pager.
public final class HistoryPager: Sendable {
    /// How the next page is asked for.
    public enum Mode: Sendable {
        /// When the viewport nears the top.
        case automatic
        /// Only by ``HistoryPager/loadEarlier()``; the row offers a button.
        case manual
    }

    /// The result of one load.
    public enum Outcome: Equatable, Sendable {
        /// These ids were added (possibly none, when the page held only duplicates).
        case loaded([MessageID])
        /// Nothing more to load.
        case exhausted
        /// The source failed with this description; nothing changed.
        case failed(String)
    }

    /// The pager's state.
    public enum State: Equatable, Sendable {
        /// Waiting; more history may exist.
        case idle
        /// A fetch is running.
        case loading
        /// The last fetch failed.
        case failed(String)
        /// The source has nothing older.
        case exhausted
    }

    /// The conversation pages go into.
    public let conversation: Conversation
    /// Where pages come from.
    public let source: any HistorySource
    /// Messages asked for per page.
    public let pageSize: Int
    /// Automatic or manual.
    public let mode: Mode

    /// Everything that changes, behind one lock.
    struct Paging: Sendable {
        var older: State = .idle {
            didSet { olderRevision &+= 1 }
        }
        /// Bumped by every change of ``older`` (see ``publishOlder()``).
        var olderRevision: UInt64 = 0
        var inFlight: Task<Outcome, Never>?
        /// Whether the newest loaded message is the newest there is (false after a jump).
        var showsLatest = true {
            didSet { if showsLatest { jumpedTo = nil } }
        }
        /// The message the last jump is for, while the past shows.
        var jumpedTo: MessageID?
        /// The state of paging towards the present after a jump.
        var newer: State = .exhausted {
            didSet { newerRevision &+= 1 }
        }
        /// Bumped by every change of ``newer`` (see ``publishNewer()``).
        var newerRevision: UInt64 = 0
        /// The running fetch of newer messages, after a jump.
        var newerInFlight: Task<Outcome, Never>?
        /// The newest message of the source loaded after a jump: newer pages continue from
        /// it, not from messages that arrived live meanwhile (which sit at the end).
        var windowNewest: HistoryCursor?
    }
    let paging = Mutex(Paging())

    /// Creates a pager and shows the history row for `mode`.
    public init(conversation: Conversation, source: any HistorySource, pageSize: Int = 50, mode: Mode = .automatic) {
        self.conversation = conversation
        self.source = source
        self.pageSize = max(1, pageSize)
        self.mode = mode
        conversation.historyIndicator = idleIndicator
    }

    /// The state of paging towards older messages.
    public var state: State { paging.withLock { $0.older } }

    /// Starts fetching the next page unless one is running, the last failed (waiting for
    /// ``retry()``), history is exhausted, or the mode is manual. Returns at once.
    public func loadIfNeeded() {
        let start = paging.withLock { mode == .automatic && $0.older == .idle }
        if start { _ = begin() }
    }

    /// Fetches the next page (or joins the fetch already running) and returns what it did.
    @discardableResult
    public func loadEarlier() async -> Outcome {
        guard let task = begin() else { return .exhausted }
        return await task.value
    }

    /// After a failure, tries again.
    @discardableResult
    public func retry() async -> Outcome {
        paging.withLock {
            if case .failed = $0.older { $0.older = .idle }
        }
        return await loadEarlier()
    }

    /// The running fetch, or a new one; `nil` when exhausted.
    private func begin() -> Task<Outcome, Never>? {
        paging.withLock { state in
            if let running = state.inFlight { return running }
            if state.older == .exhausted { return nil }
            state.older = .loading
            let task = Task { await self.fetch() }
            state.inFlight = task
            return task
        }
    }

    private func fetch() async -> Outcome {
        publishOlder()
        let cursor = conversation.read { rows in
            rows.message(at: rows.firstMessageIndex).map(HistoryCursor.init(before:))
        }
        let outcome: Outcome
        let next: State
        do {
            let page = try await source.page(before: cursor, limit: pageSize)
            let added = conversation.prependHistory(page.messages)
            // A page that adds nothing new cannot move the cursor; asking again would loop.
            let exhausted = !page.hasMore || added.isEmpty
            outcome = exhausted && added.isEmpty ? .exhausted : .loaded(added)
            next = exhausted ? .exhausted : .idle
        } catch {
            let reason = Self.describe(error)
            outcome = .failed(reason)
            next = .failed(reason)
        }
        paging.withLock {
            $0.older = next
            $0.inFlight = nil
        }
        publishOlder()
        return outcome
    }

    /// Shows the state of paging towards older messages in the history row.
    ///
    /// Another task may change the state between this reading it and writing the row (a
    /// jump's window going in while a page fails, say). So after writing, it looks again:
    /// whichever writes last writes the latest state, and the row never keeps a stale one
    /// (a spinner over a failed page, with no Retry).
    func publishOlder() {
        while true {
            let (state, revision) = paging.withLock { ($0.older, $0.olderRevision) }
            conversation.historyIndicator = indicator(for: state)
            if paging.withLock({ $0.olderRevision }) == revision { return }
        }
    }

    /// ``publishOlder()`` for the row below the messages after a jump.
    func publishNewer() {
        while true {
            let (state, revision) = paging.withLock { ($0.newer, $0.newerRevision) }
            conversation.newerHistoryIndicator = newerIndicator(for: state)
            if paging.withLock({ $0.newerRevision }) == revision { return }
        }
    }

    /// What a history row shows for `state`.
    func indicator(for state: State) -> HistoryIndicator {
        switch state {
        case .failed(let reason): return .failed(reason)
        case .exhausted: return .hidden
        case .loading: return .loading
        case .idle: return idleIndicator
        }
    }

    var idleIndicator: HistoryIndicator { mode == .manual ? .loadEarlier : .hidden }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
