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
    private var ordinals: [MessageID: Int] = [:]

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
        ordinals[id].map { $0 + front.count }
    }

    func contains(_ id: MessageID) -> Bool { ordinals[id] != nil }

    /// Appends at the newest end. The id must not be present.
    mutating func append(_ message: Message) {
        ordinals[message.id] = back.count
        back.append(message)
    }

    /// Adds `message` before the oldest. The id must not be present.
    mutating func prepend(_ message: Message) {
        front.append(message)
        ordinals[message.id] = -front.count
    }

    /// Inserts at `index` (0...count). The id must not be present.
    mutating func insert(_ message: Message, at index: Int) {
        if index == count { return append(message) }
        if index == 0 { return prepend(message) }
        compact()
        back.insert(message, at: index)
        renumber(from: index)
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
        ordinals[removed.id] = nil
        return removed
    }

    /// Replaces everything with `messages` (ids must be unique).
    mutating func replaceAll(with messages: [Message]) {
        front = ChunkedList()
        back = ChunkedList(messages)
        ordinals = Dictionary(minimumCapacity: messages.count)
        renumber(from: 0)
    }

    mutating func reserveCapacity(_ additional: Int) {
        ordinals.reserveCapacity(ordinals.count + additional)
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
        for position in index..<back.count { ordinals[back[position].id] = position }
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
