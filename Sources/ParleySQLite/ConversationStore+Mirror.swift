import ParleyCore

extension ConversationStore {
    /// Keeps the store in step with `conversation`: every change set's inserted, updated
    /// and moved messages are upserted and its removed ones deleted, one transaction per
    /// change set, on the thread that made the change.
    ///
    /// So an app using add-and-forget (`append`, `update`, `remove`, `setMessages`) saves
    /// as it goes. History pages (`prependHistory`) are skipped unless
    /// `includingHistoryPages`: when this store is the pager's source they are stored
    /// already; pass `true` when pages come from elsewhere (a server) and this store is
    /// the cache. Messages already in the conversation when mirroring starts are not
    /// written; ``upsert(contentsOf:)`` them first if they may be missing.
    ///
    /// - Parameters:
    ///   - conversation: The conversation to follow.
    ///   - includingHistoryPages: Whether to store prepended history pages too.
    ///   - onError: Called with each change set that could not be stored (the disk is full,
    ///     the file is locked, ...); the conversation is unaffected.
    /// - Returns: The observation; keep it, cancel or drop it to stop mirroring.
    public func mirror(
        _ conversation: Conversation, includingHistoryPages: Bool = false,
        onError: @escaping @Sendable (StoreError) -> Void
    ) -> Observation {
        conversation.observe { [weak self, weak conversation] change in
            // A moved window of history (a jump) shows stored messages: nothing to write.
            guard let self, let conversation, !change.isWindowMove, includingHistoryPages || !change.isPrepend else { return }
            do throws(StoreError) {
                try self.apply(change, from: conversation)
            } catch {
                onError(error)
            }
        }
    }

    /// Writes one change set of `conversation` in one transaction: upserts its inserted,
    /// updated and moved messages as they are now, deletes its removed ones. For apps that
    /// observe the conversation themselves (``mirror(_:includingHistoryPages:onError:)``
    /// calls this).
    ///
    /// A message changed or removed again since the change set is written as it is now;
    /// the later change set then writes the same state, so the store converges.
    public func apply(_ change: ChangeSet, from conversation: Conversation) throws(StoreError) {
        // Read the conversation before taking the store's lock: never both locks at once.
        var current: [Message] = []
        var removed: [MessageID] = []
        for id in change.inserted + change.updated + change.moved {
            if let message = conversation.message(id) { current.append(message) } else { removed.append(id) }
        }
        removed += change.removed.filter { conversation.message($0) == nil }
        guard !current.isEmpty || !removed.isEmpty else { return }
        try withLock { () throws(StoreError) in
            try write { () throws(StoreError) in
                _ = try remove(removed)
                for message in current { try save(message, replacing: true) }
            }
        }
    }
}
