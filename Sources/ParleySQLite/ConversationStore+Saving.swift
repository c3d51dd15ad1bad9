import Foundation
import ParleyCore

/// The mirrors' writer: what is queued, waiting for it to reach the disk, and closing.
extension ConversationStore {
    /// Whether everything mirrored is on disk, being written, waiting for another
    /// program's lock, or failing; for a UI's "saving…".
    public var saveState: SaveState { queue.saveState }

    /// The messages mirrored but not yet committed to the file.
    public var pendingWrites: Int { queue.saveState.pending }

    /// The save state now and at every change, until the store closes (the last value is
    /// then ``SaveState/closed(unsaved:)``). Only the newest value is buffered: a slow
    /// reader sees the latest state, not every step.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await state in store.saveStates() { status.text = state == .saved ? "" : "\(state)" }
    /// }
    /// ```
    ///
    /// A write usually takes milliseconds: a UI that shows ``SaveState/saving(pending:)``
    /// at all may want to show it only when it lasts (say, half a second).
    public func saveStates() -> AsyncStream<SaveState> {
        let (stream, continuation) = AsyncStream<SaveState>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = queue.addStream(continuation)
        let queue = queue
        continuation.onTermination = { _ in
            // Never under the queue's lock (finishing a stream may call this at once).
            queue.dispatch.async { queue.removeStream(key) }
        }
        return stream
    }

    /// Returns when everything the mirrored conversations had changed before the call
    /// (including changes still being delivered to the mirror from other threads) is
    /// committed to the file, and so survives the process being killed.
    ///
    /// Cuts a pending retry short to try at once. While the file stays locked or the disk
    /// full it keeps waiting; use ``flush(timeout:)`` to bound the wait.
    ///
    /// - Returns: `true` when everything was committed; `false` when the store was
    ///   closed (see ``close(waitingUpTo:)``) or the task was cancelled first.
    @discardableResult
    public func flush() async -> Bool {
        await flush(deadline: nil)
    }

    /// ``flush()`` waiting at most `timeout`.
    ///
    /// - Returns: `true` when everything changed before the call was committed in time.
    @discardableResult
    public func flush(timeout: Duration) async -> Bool {
        await flush(deadline: timeout)
    }

    /// Writes what is still queued (waiting at most `timeout` in all, for another
    /// program's lock too), then closes the file; later calls fail with
    /// ``StoreError/closed(path:)``. Closing the last connection checkpoints the WAL into
    /// the file. Also happens, without waiting, when the store is deinitialized.
    ///
    /// - Returns: What could not be saved (empty when everything was): the messages as
    ///   last shown, the deletions, and why. The same count is in ``saveState``.
    @discardableResult
    public func close(waitingUpTo timeout: Duration = .seconds(2)) -> UnsavedChanges {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lastError: StoreError?
        while !queue.isEmpty, !queue.isClosed {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            do throws(StoreError) {
                try withCore { (core) throws(StoreError) in
                    try core.connection.withBusyTimeout(remaining.seconds) { () throws(StoreError) in try core.write {} }
                }
                lastError = nil
            } catch {
                lastError = error
                if case .closed = error { break }
                // Waiting more helps only against another connection's lock.
                guard error.isTransient else { break }
            }
        }
        let unsaved = state.withLock { (core: inout sending StoreCore) -> WriteQueue.Batch in
            core.connection.close()
            return queue.close()
        }
        return UnsavedChanges(
            path: path, messages: unsaved.entries.compactMap(\.entry.message),
            deletions: unsaved.entries.filter { $0.entry.message == nil }.map(\.id),
            error: unsaved.entries.isEmpty ? nil : lastError ?? queue.lastFailure)
    }

    // MARK: Internals

    /// The longest one background attempt waits for another connection's lock, holding
    /// the store's lock (so other calls wait at most this long for it).
    static let writerBusySlice: TimeInterval = 0.05

    private func flush(deadline timeout: Duration?) async -> Bool {
        // Read the versions outside the queue's lock (conversations have their own).
        var targets: [Int: UInt64] = [:]
        for (key, conversation) in queue.mirroredConversations() { targets[key] = conversation.version }
        if queue.retryNow() { queue.dispatch.async { self.drain() } }
        let key = queue.waiterKey()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                queue.wait(key, targets: targets, continuation: continuation)
                if let timeout {
                    queue.dispatch.asyncAfter(deadline: .now() + timeout.seconds) { [queue] in queue.resolve(key) }
                }
            }
        } onCancel: {
            queue.resolve(key)
        }
    }

    /// Commits what is queued, on the writer thread, until nothing is left; schedules a
    /// retry with backoff when an attempt fails.
    func drain() {
        while true {
            var failure: StoreError?
            do throws(StoreError) {
                try withCore { (core) throws(StoreError) in
                    if core.connection.isClosed { throw .closed(path: path) }
                    guard !queue.isEmpty else { return }
                    try core.connection.withBusyTimeout(min(options.busyTimeout, Self.writerBusySlice)) {
                        () throws(StoreError) in try core.write {}
                    }
                }
            } catch {
                failure = error
            }
            switch queue.afterAttempt(failure) {
            case .again:
                continue
            case .stop:
                return
            case .retry(let delay, let generation, let reports, let error):
                for report in reports { report(error) }
                queue.dispatch.asyncAfter(deadline: .now() + delay) {
                    if self.queue.retryIsDue(generation) { self.drain() }
                }
                return
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
