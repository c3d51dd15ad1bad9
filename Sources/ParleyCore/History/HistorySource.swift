import Foundation

/// Where earlier messages come from: a server, a database (ParleySQLite), a file.
///
/// Called by ``HistoryPager`` from a task, never on the main actor's behalf: an
/// implementation may block, suspend or run on any thread.
public protocol HistorySource: Sendable {
    /// Up to `limit` messages older than `cursor` (the newest ones when `cursor` is `nil`),
    /// in any order; the pager sorts them and drops ids it already has.
    func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage
}

/// The position history continues from: the oldest message loaded so far.
///
/// Keyset paging: a source returns messages ordered before `(date, id)`, which stays
/// correct while new messages arrive and costs the same at any depth.
public struct HistoryCursor: Hashable, Sendable {
    /// The date of the oldest loaded message.
    public var date: Date
    /// Its id, ordering messages with equal dates.
    public var id: MessageID

    /// Creates a cursor.
    public init(date: Date, id: MessageID) {
        self.date = date
        self.id = id
    }

    /// The cursor just before `message`.
    public init(before message: Message) {
        self.init(date: message.date, id: message.id)
    }

    /// Whether `message` comes before this cursor in (date, id) order.
    public func isAfter(_ message: Message) -> Bool {
        message.date == date ? message.id < id : message.date < date
    }
}

/// One page of history.
public struct HistoryPage: Sendable {
    /// The messages, in any order.
    public var messages: [Message]
    /// Whether older messages remain.
    public var hasMore: Bool

    /// Creates a page.
    public init(messages: [Message], hasMore: Bool) {
        self.messages = messages
        self.hasMore = hasMore
    }
}

/// A ``HistorySource`` over messages held in memory; for tests, demos and small apps.
public struct ArrayHistorySource: HistorySource {
    private let messages: [Message]

    /// Creates a source of `messages` (any order).
    public init(_ messages: [Message]) {
        self.messages = messages.sorted(by: Message.chronological)
    }

    /// The page before `cursor`.
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        let upper = cursor.map(firstIndex(notBefore:)) ?? messages.count
        let lower = max(0, upper - max(0, limit))
        return HistoryPage(messages: Array(messages[lower..<upper]), hasMore: lower > 0)
    }

    /// Every message, oldest first.
    var all: [Message] { messages }

    /// The index of the first message not older than `cursor` (binary search).
    func firstIndex(notBefore cursor: HistoryCursor) -> Int {
        var low = 0
        var upper = messages.count
        while low < upper {
            let middle = (low + upper) / 2
            if cursor.isAfter(messages[middle]) { low = middle + 1 } else { upper = middle }
        }
        return low
    }
}
