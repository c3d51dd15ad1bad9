import Foundation

extension Conversation {
    /// The changes one ``Conversation/batch(animated:_:)`` makes, published together.
    ///
    /// Valid only inside the batch's closure; using it afterwards is a programming error.
    public final class Batch {
        unowned let owner: Conversation
        var recorder = ChangeRecorder()
        var isOpen = true

        init(owner: Conversation) {
            self.owner = owner
        }

        private func checkOpen() {
            precondition(isOpen, "a Conversation.Batch is used after its batch ended")
        }

        /// The number of messages, including this batch's changes so far.
        public var count: Int { owner.store.count }

        /// The message `id`, including this batch's changes so far.
        public func message(_ id: MessageID) -> Message? {
            owner.store.index(of: id).map { owner.store[$0] }
        }

        /// Appends a new message from `sender` (the local user when omitted); returns its id.
        @discardableResult
        public func append(
            _ content: MessageContent, from sender: Sender? = nil, date: Date = Date(),
            status: DeliveryStatus = .sent
        ) -> MessageID {
            appendGenerated(Message(sender: sender ?? owner.me, date: date, content: content, status: status))
        }

        /// Appends `message`, keeping its id.
        ///
        /// - Throws: ``ConversationError/duplicateID(_:)``.
        public func append(_ message: Message) throws(ConversationError) {
            checkOpen()
            guard owner.store.appendIfAbsent(message) else { throw .duplicateID(message.id) }
            recorder.inserted(message.id)
        }

        /// Appends `messages` in order; all or none.
        ///
        /// - Throws: ``ConversationError/duplicateID(_:)`` when any id is present or repeats.
        public func append(contentsOf messages: [Message]) throws(ConversationError) {
            checkOpen()
            var seen = Set<MessageID>(minimumCapacity: messages.count)
            for message in messages {
                guard !owner.store.contains(message.id), seen.insert(message.id).inserted else {
                    throw .duplicateID(message.id)
                }
            }
            owner.store.reserveCapacity(messages.count)
            recorder.reserveCapacity(messages.count)
            for message in messages { appendUnchecked(message) }
        }

        /// Inserts `message` after the message `id`.
        ///
        /// - Throws: ``ConversationError/unknownID(_:)``, ``ConversationError/duplicateID(_:)``.
        public func insert(_ message: Message, after id: MessageID) throws(ConversationError) {
            try insert(message, relativeTo: id, offset: 1)
        }

        /// Inserts `message` before the message `id`.
        ///
        /// - Throws: ``ConversationError/unknownID(_:)``, ``ConversationError/duplicateID(_:)``.
        public func insert(_ message: Message, before id: MessageID) throws(ConversationError) {
            try insert(message, relativeTo: id, offset: 0)
        }

        /// Removes the message `id` and returns it.
        ///
        /// - Throws: ``ConversationError/unknownID(_:)``.
        @discardableResult
        public func remove(_ id: MessageID) throws(ConversationError) -> Message {
            checkOpen()
            guard let index = owner.store.index(of: id) else { throw .unknownID(id) }
            recorder.removed(id)
            return owner.store.remove(at: index)
        }

        /// Changes the message `id` in place; bumps its revision when it looks different.
        ///
        /// - Throws: ``ConversationError/unknownID(_:)``, ``ConversationError/idChanged(from:to:)``.
        public func update(_ id: MessageID, _ body: (inout Message) -> Void) throws(ConversationError) {
            checkOpen()
            guard let index = owner.store.index(of: id) else { throw .unknownID(id) }
            let old = owner.store[index]
            var new = old
            body(&new)
            guard new.id == id else { throw .idChanged(from: id, to: new.id) }
            guard !new.looksIdentical(to: old) else { return }
            new.revision = old.revision &+ 1
            owner.store[index] = new
            recorder.updated(id)
        }

        /// Marks message `id` changed without changing it, so its row is laid out again
        /// (its context changed: the unread line, say).
        func touch(_ id: MessageID) {
            guard owner.store.index(of: id) != nil else { return }
            recorder.updated(id)
        }

        // MARK: Internals

        /// Appends a message whose id was generated, generating another while an id the app
        /// chose has taken it; returns the id it went in with.
        func appendGenerated(_ message: Message) -> MessageID {
            checkOpen()
            var message = message
            while !owner.store.appendIfAbsent(message) { message.id = .generate() }
            recorder.inserted(message.id)
            return message.id
        }

        func appendUnchecked(_ message: Message) {
            checkOpen()
            owner.store.append(message)
            recorder.inserted(message.id)
        }

        func prependUnchecked(_ message: Message) {
            owner.store.prepend(message)
            recorder.inserted(message.id)
        }

        /// Inserts at the position its date and id give, searching from the newest end.
        func insertChronologically(_ message: Message) {
            var lower = 0
            var upper = owner.store.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if Message.chronological(owner.store[middle], message) {
                    lower = middle + 1
                } else {
                    upper = middle
                }
            }
            owner.store.insert(message, at: lower)
            recorder.inserted(message.id)
        }

        private func insert(_ message: Message, relativeTo id: MessageID, offset: Int) throws(ConversationError) {
            checkOpen()
            guard let index = owner.store.index(of: id) else { throw .unknownID(id) }
            guard !owner.store.contains(message.id) else { throw .duplicateID(message.id) }
            owner.store.insert(message, at: index + offset)
            recorder.inserted(message.id)
        }
    }
}
