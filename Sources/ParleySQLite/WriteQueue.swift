import Foundation
import ParleyCore
import Synchronization

/// What mirrors have queued and the file does not hold yet: one entry per message (its
/// latest state, or its deletion), in the order of the changes, plus the bookkeeping of
/// retries, ``ConversationStore/flush()`` waiters and save-state streams.
///
/// The store's reads lay the entries over the file (read-your-writes), its writes commit
/// them first, and its writer thread (``dispatch``) commits them in the background.
///
/// Lock order: the store's lock, then this queue's; never the other way round, and
/// never a conversation's lock while holding this one (a conversation may release a
/// mirror, which takes this lock, while holding its own).
final class WriteQueue: Sendable {
    /// The writer thread: background commits, retries, and every callback the store makes
    /// (`onError`, `onSkippedMessage`) run on it, one at a time, in order.
    let dispatch = DispatchQueue(label: "parley.sqlite.writer", qos: .utility)
    private let state = Mutex(State())

    /// A message's queued state (`nil`: deleted) and the change that queued it.
    struct Entry: Sendable {
        var message: Message?
        var sequence: UInt64
    }

    /// The entries one commit writes, oldest change first, and the last change they cover.
    struct Batch: Sendable {
        var entries: [(id: MessageID, entry: Entry)]
        var upTo: UInt64
    }

    /// What the writer does after an attempt.
    enum Next: Sendable {
        /// More was queued meanwhile: write again now.
        case again
        /// Nothing left (or closed).
        case stop
        /// Retry after `delay` seconds if `generation` is still current; tell `reports`.
        case retry(delay: Double, generation: UInt64, reports: [@Sendable (StoreError) -> Void], error: StoreError)
    }

    /// What the mirror does after queueing a change.
    enum Queued: Sendable {
        case queued
        /// Start the writer thread.
        case start
        /// The store is closed: tell the mirror (once).
        case closed(@Sendable (StoreError) -> Void)
    }

    private struct Mirror {
        weak var conversation: Conversation?
        /// The version of the latest change set delivered to the mirror.
        var received: UInt64 = 0
        let onError: @Sendable (StoreError) -> Void
        var toldClosed = false
    }

    private struct Waiter {
        /// Versions each mirror must have received.
        var targets: [Int: UInt64]
        /// The change sequence that must be committed once every target is reached.
        var needs: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var entries: [MessageID: Entry] = [:]
        /// The sequence of the last change queued, and of the last one committed.
        var enqueued: UInt64 = 0
        var committed: UInt64 = 0
        /// A drain runs, is scheduled, or waits for its retry.
        var draining = false
        var waitingForRetry = false
        var retryGeneration: UInt64 = 0
        var failure: StoreError?
        var failures = 0
        /// The lasting failure last told through the mirrors' onError.
        var reported: StoreError?
        var closed = false
        var mirrors: [Int: Mirror] = [:]
        var waiters: [Int: Waiter] = [:]
        var liveWaiters: Set<Int> = []
        var cancelledWaiters: Set<Int> = []
        var streams: [Int: AsyncStream<SaveState>.Continuation] = [:]
        var published = SaveState.saved
        var nextKey = 0

        var saveState: SaveState {
            if closed { return .closed(unsaved: entries.count) }
            if entries.isEmpty { return .saved }
            guard let failure else { return .saving(pending: entries.count) }
            return failure.isTransient
                ? .retrying(pending: entries.count, error: failure) : .failing(pending: entries.count, error: failure)
        }

        mutating func key() -> Int {
            nextKey += 1
            return nextKey
        }

        /// Yields the state to every stream when it changed.
        mutating func publish() {
            let now = saveState
            guard now != published else { return }
            published = now
            for stream in streams.values { stream.yield(now) }
        }

        /// Resumes the waiters whose changes are all committed.
        mutating func completeWaiters() {
            for (key, waiter) in waiters where waiter.targets.isEmpty && committed >= waiter.needs {
                waiters[key] = nil
                liveWaiters.remove(key)
                waiter.continuation.resume(returning: true)
            }
        }

        /// Marks `mirror`'s targets reached up to `received` (all of them when `nil`: the
        /// mirror is gone); what is queued by then must be committed.
        mutating func reach(mirror: Int, received: UInt64?) {
            for key in Array(waiters.keys) {
                guard var waiter = waiters[key], let target = waiter.targets[mirror] else { continue }
                if let received, target > received { continue }
                waiter.targets[mirror] = nil
                waiter.needs = max(waiter.needs, enqueued)
                waiters[key] = waiter
            }
        }
    }

    // MARK: State

    /// Whether nothing is queued.
    var isEmpty: Bool { state.withLock { $0.entries.isEmpty } }

    /// What a UI shows.
    var saveState: SaveState { state.withLock { $0.saveState } }

    /// Whether ``close()`` ran.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Why the last background attempt failed, while it has not succeeded since.
    var lastFailure: StoreError? { state.withLock { $0.failure } }

    /// The queued states by id (`nil`: deleted), to lay over the file.
    func overlay() -> [MessageID: Message?] {
        state.withLock { state in
            state.entries.isEmpty ? [:] : state.entries.mapValues(\.message)
        }
    }

    /// The queued state of `id`: `.some(nil)` when queued for deletion, `nil` when not queued.
    func queued(_ id: MessageID) -> Message?? {
        state.withLock { $0.entries[id].map(\.message) }
    }

    // MARK: Mirrors

    /// Registers a mirror of `conversation`; returns its key.
    func addMirror(_ conversation: Conversation, onError: @escaping @Sendable (StoreError) -> Void) -> Int {
        state.withLock { state in
            let key = state.key()
            state.mirrors[key] = Mirror(conversation: conversation, onError: onError)
            return key
        }
    }

    /// Forgets a mirror (its observation ended); a flush no longer waits for it.
    func removeMirror(_ key: Int) {
        state.withLock { state in
            state.mirrors[key] = nil
            state.reach(mirror: key, received: nil)
            state.completeWaiters()
        }
    }

    /// Queues the writes of the change set `version` delivered to mirror `key`.
    func enqueue(_ writes: [(MessageID, Message?)], mirror key: Int, version: UInt64) -> Queued {
        state.withLock { state in
            if state.closed {
                guard !writes.isEmpty, let mirror = state.mirrors[key], !mirror.toldClosed else { return .queued }
                state.mirrors[key]?.toldClosed = true
                return .closed(mirror.onError)
            }
            if !writes.isEmpty {
                state.enqueued += 1
                for (id, message) in writes { state.entries[id] = Entry(message: message, sequence: state.enqueued) }
            }
            if let received = state.mirrors[key]?.received, received < version {
                state.mirrors[key]?.received = version
                state.reach(mirror: key, received: version)
            }
            if state.entries.isEmpty { state.committed = state.enqueued }
            state.completeWaiters()
            state.publish()
            guard !state.entries.isEmpty, !state.draining else { return .queued }
            state.draining = true
            return .start
        }
    }

    // MARK: Committing

    /// `entries` oldest change first (ties, within one change, by id).
    private static func inOrder(_ entries: [MessageID: Entry]) -> [(id: MessageID, entry: Entry)] {
        var list: [(id: MessageID, entry: Entry)] = []
        list.reserveCapacity(entries.count)
        for (id, entry) in entries { list.append((id: id, entry: entry)) }
        list.sort { lhs, rhs in
            if lhs.entry.sequence != rhs.entry.sequence { return lhs.entry.sequence < rhs.entry.sequence }
            return lhs.id < rhs.id
        }
        return list
    }

    /// Everything queued, oldest change first.
    func batch() -> Batch {
        state.withLock { state in
            let entries = WriteQueue.inOrder(state.entries)
            return Batch(entries: entries, upTo: state.enqueued)
        }
    }

    /// Forgets the entries `batch` committed (those not queued again since) and the
    /// `dropped` ones that can never be stored (told through every mirror's onError).
    func didCommit(_ batch: Batch, dropped: [StoreError]) {
        let reports: [@Sendable (StoreError) -> Void] = state.withLock { state in
            for (id, entry) in batch.entries where state.entries[id]?.sequence == entry.sequence {
                state.entries[id] = nil
            }
            state.committed = max(state.committed, batch.upTo)
            if state.entries.isEmpty { state.committed = state.enqueued }
            state.failure = nil
            state.failures = 0
            state.reported = nil
            state.completeWaiters()
            state.publish()
            return dropped.isEmpty ? [] : state.mirrors.values.map(\.onError)
        }
        guard !reports.isEmpty else { return }
        dispatch.async {
            for error in dropped { for report in reports { report(error) } }
        }
    }

    /// Records the outcome of a background attempt (`nil`: it committed) and says what next.
    func afterAttempt(_ error: StoreError?) -> Next {
        state.withLock { state in
            guard let error else {
                if state.entries.isEmpty || state.closed {
                    state.draining = false
                    return .stop
                }
                return .again
            }
            if case .closed = error {
                state.draining = false
                return .stop
            }
            state.failure = error
            state.failures += 1
            state.publish()
            state.waitingForRetry = true
            state.retryGeneration += 1
            var reports: [@Sendable (StoreError) -> Void] = []
            if !error.isTransient, state.reported != error {
                state.reported = error
                reports = state.mirrors.values.map(\.onError)
            }
            return .retry(
                delay: WriteQueue.backoff(after: state.failures, transient: error.isTransient),
                generation: state.retryGeneration, reports: reports, error: error)
        }
    }

    /// Seconds before retry number `failures` (1 for the first): doubling from 50 ms up
    /// to 2 s while another connection holds the lock, from 1 s up to 30 s for failures
    /// someone has to fix (a full disk).
    static func backoff(after failures: Int, transient: Bool) -> Double {
        let (first, slowest) = transient ? (0.05, 2.0) : (1.0, 30.0)
        let exponent = Double(min(max(0, failures - 1), 16))
        return min(first * pow(2, exponent), slowest)
    }

    /// Whether the retry of `generation` should run (it was not superseded, nor closed).
    func retryIsDue(_ generation: UInt64) -> Bool {
        state.withLock { state in
            guard state.waitingForRetry, state.retryGeneration == generation else { return false }
            state.waitingForRetry = false
            if state.closed {
                state.draining = false
                return false
            }
            return true
        }
    }

    /// Cuts a pending retry short (a flush asks for an attempt now); returns whether to
    /// start the writer.
    func retryNow() -> Bool {
        state.withLock { state in
            guard !state.closed, !state.entries.isEmpty else { return false }
            if state.draining {
                guard state.waitingForRetry else { return false }
                state.waitingForRetry = false
                state.retryGeneration += 1
                return true
            }
            state.draining = true
            return true
        }
    }

    // MARK: Flushing

    /// A key for ``wait(_:targets:continuation:)``.
    func waiterKey() -> Int {
        state.withLock { state in
            let key = state.key()
            state.liveWaiters.insert(key)
            return key
        }
    }

    /// The mirrored conversations, to read their versions outside this lock.
    func mirroredConversations() -> [(key: Int, conversation: Conversation)] {
        state.withLock { state in
            state.mirrors.compactMap { key, mirror in mirror.conversation.map { (key, $0) } }
        }
    }

    /// Resumes `continuation` with `true` once every mirror in `targets` has received its
    /// version and everything queued by then is committed, or with `false` when the store
    /// closes first or ``resolve(_:)`` cuts it short.
    func wait(_ key: Int, targets: [Int: UInt64], continuation: CheckedContinuation<Bool, Never>) {
        state.withLock { state in
            if state.cancelledWaiters.remove(key) != nil {
                state.liveWaiters.remove(key)
                continuation.resume(returning: false)
                return
            }
            let open = targets.filter { mirror, version in
                guard let received = state.mirrors[mirror]?.received else { return false }
                return received < version
            }
            if open.isEmpty, state.committed >= state.enqueued || state.entries.isEmpty {
                state.liveWaiters.remove(key)
                continuation.resume(returning: true)
            } else if state.closed {
                state.liveWaiters.remove(key)
                continuation.resume(returning: false)
            } else {
                state.waiters[key] = Waiter(targets: open, needs: state.enqueued, continuation: continuation)
            }
        }
    }

    /// Ends the wait `key` with `false` (a timeout or a cancelled task), if it still runs.
    func resolve(_ key: Int) {
        state.withLock { state in
            if let waiter = state.waiters.removeValue(forKey: key) {
                state.liveWaiters.remove(key)
                waiter.continuation.resume(returning: false)
            } else if state.liveWaiters.contains(key) {
                state.cancelledWaiters.insert(key)
            }
        }
    }

    // MARK: Streams

    /// Adds a stream of save states, starting with the current one.
    func addStream(_ continuation: AsyncStream<SaveState>.Continuation) -> Int {
        state.withLock { state in
            let key = state.key()
            continuation.yield(state.saveState)
            if state.closed {
                continuation.finish()
            } else {
                state.streams[key] = continuation
            }
            return key
        }
    }

    func removeStream(_ key: Int) {
        state.withLock { _ = $0.streams.removeValue(forKey: key) }
    }

    // MARK: Closing

    /// Marks the queue closed: nothing more is queued or written, waiters end, streams
    /// finish. Returns what is still queued, oldest change first.
    func close() -> Batch {
        state.withLock { state in
            let entries = WriteQueue.inOrder(state.entries)
            guard !state.closed else { return Batch(entries: [], upTo: state.enqueued) }
            state.closed = true
            state.publish()
            for (key, waiter) in state.waiters {
                let done = waiter.targets.isEmpty && state.committed >= waiter.needs
                state.waiters[key] = nil
                state.liveWaiters.remove(key)
                waiter.continuation.resume(returning: done)
            }
            for stream in state.streams.values { stream.finish() }
            state.streams.removeAll()
            return Batch(entries: entries, upTo: state.enqueued)
        }
    }
}

/// Forgets its mirror when the conversation lets go of the mirror's handler (the
/// observation was cancelled or dropped, or the conversation went away).
final class MirrorToken: Sendable {
    private let queue: WriteQueue
    let key: Int

    init(queue: WriteQueue, key: Int) {
        self.queue = queue
        self.key = key
    }

    deinit { queue.removeMirror(key) }
}
