import Foundation
import ParleyCore

extension ConversationStore {
    /// Keeps the store in step with `conversation`: every change set's inserted, updated
    /// and moved messages are upserted and its removed ones deleted, by the store's writer
    /// thread, never on the thread that changed the conversation.
    ///
    /// So an app using add-and-forget (`append`, `update`, `remove`, `setMessages`) saves
    /// as it goes, from any thread, and a locked or slow file never holds up its UI.
    ///
    /// **What is guaranteed.** The conversation delivers each change set to the mirror in
    /// version order — on the thread that made the change, or on another thread already
    /// delivering earlier ones, possibly after the changing call has returned. The mirror
    /// then takes the messages' current states into an ordered queue in memory (at once,
    /// without touching the file): from that moment the store's reads show them
    /// (pages, ``message(_:)``, ``count()``), and the writer commits them in order, whole
    /// change sets per transaction. Until it has, a SIGKILL or a crash loses them: call
    /// ``flush()`` when a change must be on disk (before reporting a message as sent,
    /// before quitting), or ``close(waitingUpTo:)``. ``saveState`` and ``saveStates()``
    /// tell a UI when there is something to say ("saving…").
    ///
    /// **When writing fails.** Another connection's lock is waited out: the writer tries
    /// for at most 50 ms at a time and retries with backoff (50 ms doubling to 2 s) until
    /// the write goes through or the store is closed; ``saveState`` is then
    /// ``SaveState/retrying(pending:error:)``, and `onError` is not called. A failure
    /// someone has to fix (the disk is full, the file became read-only or is damaged)
    /// is reported once through `onError`, and the changes stay queued and are retried
    /// (1 s doubling to 30 s, and at each ``flush()``) — nothing the conversation showed
    /// is dropped while the process lives. A message that can never be stored (a custom
    /// payload that fails to encode) is dropped from the queue and reported through
    /// `onError`, so it cannot hold up the others.
    ///
    /// History pages (`prependHistory`) are skipped unless `includingHistoryPages`: when
    /// this store is the pager's source they are stored already; pass `true` when pages
    /// come from elsewhere (a server) and this store is the cache. Window moves (jumps)
    /// write nothing. Messages already in the conversation when mirroring starts are not
    /// written; ``upsert(contentsOf:)`` them first if they may be missing. A message whose
    /// change set is delivered only after a later change removed it from the conversation
    /// is not written (its state is gone); the later change set says what became of it.
    ///
    /// - Parameters:
    ///   - conversation: The conversation to follow.
    ///   - includingHistoryPages: Whether to store prepended history pages too.
    ///   - onError: Called on the store's writer thread with failures that need someone to
    ///     act (see above), and once with ``StoreError/closed(path:)`` when the
    ///     conversation changes after ``close(waitingUpTo:)``; the conversation is
    ///     unaffected. Keep it short.
    /// - Returns: The observation; keep it, cancel or drop it to stop mirroring (what was
    ///   queued is still written).
    public func mirror(
        _ conversation: Conversation, includingHistoryPages: Bool = false,
        onError: @escaping @Sendable (StoreError) -> Void
    ) -> Observation {
        let key = queue.addMirror(conversation, onError: onError)
        let token = MirrorToken(queue: queue, key: key)
        let observation = conversation.observe { [self, weak conversation] change in
            guard let conversation else { return }
            // A moved window of history (a jump) shows stored messages: nothing to write.
            let skipped = change.isWindowMove || (change.isPrepend && !includingHistoryPages)
            let writes = skipped ? [] : Self.writes(for: change, in: conversation)
            switch queue.enqueue(writes, mirror: token.key, version: change.version) {
            case .queued: break
            case .start: queue.dispatch.async { self.drain() }
            case .closed(let report): report(.closed(path: path))
            }
        }
        // Every change after this version reaches the handler above.
        _ = queue.enqueue([], mirror: key, version: conversation.version)
        return observation
    }

    /// Writes one change set of `conversation` in one transaction, on this thread: upserts
    /// its inserted, updated and moved messages as they are now, deletes its removed ones.
    /// For apps that observe the conversation themselves and want each write done when
    /// the call returns (``mirror(_:includingHistoryPages:onError:)`` queues instead).
    ///
    /// A message changed again since the change set is written as it is now, so the
    /// store converges; one no longer in the conversation is left for the change set that
    /// removed it.
    public func apply(_ change: ChangeSet, from conversation: Conversation) throws(StoreError) {
        // Read the conversation before taking the store's lock: never both locks at once.
        let writes = Self.writes(for: change, in: conversation)
        guard !writes.isEmpty else { return }
        try withCore { (core) throws(StoreError) in
            try core.write { () throws(StoreError) in
                for (id, message) in writes {
                    if let message { try core.save(message, replacing: true) } else { _ = try core.remove([id]) }
                }
            }
        }
    }

    /// What `change` asks to write: the current state of each message it inserted,
    /// updated or moved that is still in `conversation`, and a deletion for each it
    /// removed that is still gone.
    static func writes(for change: ChangeSet, in conversation: Conversation) -> [(MessageID, Message?)] {
        var writes: [(MessageID, Message?)] = []
        for id in change.inserted + change.updated + change.moved {
            if let message = conversation.message(id) { writes.append((id, message)) }
        }
        for id in change.removed where conversation.message(id) == nil {
            writes.append((id, nil))
        }
        return writes
    }
}
