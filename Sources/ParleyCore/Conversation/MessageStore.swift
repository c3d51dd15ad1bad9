/// The ordered messages of a conversation with O(1) lookup by id.
///
/// A deque of two lists (``ChunkedList``, which grows without moving what it holds):
/// `back` grows by appending (new messages), `front` grows by appending too but holds
/// older messages in reverse (history pages), so both ends are O(1). Each id maps to an ordinal that does not change when either end grows:
/// `back[i]` has ordinal `i`, `front[j]` has ordinal `-(j + 1)`; the position of an
/// ordinal is `ordinal + front.count`. Inserting or removing in the middle renumbers the
/// messages after the change, O(n); messengers rarely do it.
struct MessageStore: Sendable {
    private var front = ChunkedList<Message>()
    private var back = ChunkedList<Message>()
    private var ordinals: OrdinalIndex

    /// An empty store; `hashBits` below 64 makes ids of one hash common, for tests.
    init(hashBits: Int = Int.bitWidth) {
        ordinals = OrdinalIndex(hashBits: hashBits)
    }

    var count: Int { front.count + back.count }
    var isEmpty: Bool { front.isEmpty && back.isEmpty }

    subscript(index: Int) -> Message {
        get {
            index < front.count ? front[front.count - 1 - index] : back[index - front.count]
        }
        set {
            precondition(newValue.id == self[index].id, "a message keeps its id")
            if index < front.count {
                front[front.count - 1 - index] = newValue
            } else {
                back[index - front.count] = newValue
            }
        }
    }

    var first: Message? { isEmpty ? nil : self[0] }
    var last: Message? { isEmpty ? nil : self[count - 1] }

    func index(of id: MessageID) -> Int? {
        ordinal(of: id).map { $0 + front.count }
    }

    func contains(_ id: MessageID) -> Bool { ordinal(of: id) != nil }

    private func ordinal(of id: MessageID) -> Int? {
        if let held = ordinals.holder(of: id), self.id(at: held) == id { return held }
        return ordinals.collidedOrdinal(of: id)
    }

    /// Gives `id` the ordinal `ordinal` unless it is present; returns whether it did.
    private mutating func addOrdinal(_ id: MessageID, _ ordinal: Int) -> Bool {
        switch ordinals.claim(id, at: ordinal) {
        case .added: return true
        case .present: return false
        case .held(let holder):
            return self.id(at: holder) != id && ordinals.keepApart(id, at: ordinal)
        }
    }

    /// The id of the message at `ordinal`.
    private func id(at ordinal: Int) -> MessageID {
        ordinal >= 0 ? back[ordinal].id : front[-ordinal - 1].id
    }

    /// Appends at the newest end. The id must not be present.
    mutating func append(_ message: Message) {
        let added = appendIfAbsent(message)
        precondition(added, "a new message's id is not present")
    }

    /// Appends at the newest end unless its id is present; returns whether it did. The id
    /// is looked up once, where a check and then ``append(_:)`` would look twice.
    mutating func appendIfAbsent(_ message: Message) -> Bool {
        guard addOrdinal(message.id, back.count) else { return false }
        back.append(message)
        return true
    }

    /// Adds `message` before the oldest. The id must not be present.
    mutating func prepend(_ message: Message) {
        let added = addOrdinal(message.id, -(front.count + 1))
        precondition(added, "a new message's id is not present")
        front.append(message)
    }

    /// Inserts at `index` (0...count). The id must not be present.
    mutating func insert(_ message: Message, at index: Int) {
        if index == count { return append(message) }
        if index == 0 { return prepend(message) }
        // Checked before anything moves; the renumbering below is O(n) anyway.
        precondition(!contains(message.id), "a new message's id is not present")
        compact()
        // Shift the ordinals first, so that the new id is added to a consistent store.
        for position in index..<back.count { ordinals.move(back[position].id, to: position + 1) }
        back.insert(message, at: index)
        let added = addOrdinal(message.id, index)
        precondition(added, "a new message's id is not present")
    }

    /// Removes and returns the message at `index`.
    @discardableResult
    mutating func remove(at index: Int) -> Message {
        let removed: Message
        if index == 0, !front.isEmpty {
            removed = front.removeLast()
        } else if index == count - 1, !back.isEmpty {
            removed = back.removeLast()
        } else {
            compact()
            removed = back.remove(at: index)
            renumber(from: index)
        }
        ordinals.remove(removed.id)
        return removed
    }

    /// Replaces everything with `messages` (ids must be unique).
    mutating func replaceAll(with messages: [Message]) {
        front = ChunkedList()
        back = ChunkedList(messages)
        ordinals.removeAll(minimumCapacity: messages.count)
        for position in 0..<back.count {
            let added = addOrdinal(back[position].id, position)
            precondition(added, "ids are unique")
        }
    }

    mutating func reserveCapacity(_ additional: Int) {
        ordinals.reserveCapacity(additional)
    }

    /// All messages, oldest first.
    var all: [Message] { front.array.reversed() + back.array }

    /// Moves `front` into `back` so that positions equal ordinals.
    private mutating func compact() {
        guard !front.isEmpty else { return }
        back = ChunkedList(front.array.reversed() + back.array)
        front = ChunkedList()
        renumber(from: 0)
    }

    private mutating func renumber(from index: Int) {
        for position in index..<back.count { ordinals.move(back[position].id, to: position) }
    }

    #if DEBUG
    /// Checks that every ordinal points at its message; for tests.
    func checkInvariants() {
        precondition(ordinals.count == count, "one ordinal per message")
        for index in 0..<count {
            precondition(self.index(of: self[index].id) == index, "ordinal of \(index)")
        }
    }
    #endif
}
