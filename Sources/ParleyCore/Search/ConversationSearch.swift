/// A ``MessageSearching`` over the messages a ``Conversation`` holds now: for apps without
/// a history store, and for tests.
///
/// Reads the conversation once per call and checks every message's plain text.
///
/// - Complexity: O(total text length) per call.
public struct ConversationSearch: MessageSearching {
    /// The conversation searched.
    public let conversation: Conversation

    /// A searcher over `conversation`.
    public init(_ conversation: Conversation) {
        self.conversation = conversation
    }

    /// Up to `limit` messages of the conversation matching `query` older than `before`,
    /// newest first.
    public func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) async throws -> SearchPage {
        try await search(query, before: before, limit: limit, markdown: nil)
    }

    /// ``search(_:before:limit:)``, a Markdown message's snippet cut from what
    /// `markdown` draws.
    public func search(
        _ query: SearchQuery, before: HistoryCursor?, limit: Int, markdown: (any TextFormatter)?
    ) async throws -> SearchPage {
        guard !query.isEmpty else { return .empty }
        let limit = Self.clampedLimit(limit)
        let messages = conversation.messages.sorted { Self.isNewer($0, than: $1) }
        var results: [SearchResult] = []
        for message in messages {
            if let before, !Self.isOlder(message, than: before) { continue }
            guard SearchText.matches(of: query, in: message.content.summary) != nil else { continue }
            if results.count == limit { return SearchPage(results: results, hasMore: true) }
            results.append(SearchResult(message, query: query, markdown: markdown))
        }
        return SearchPage(results: results, hasMore: false)
    }

    /// (date, id) order, newest first; ids compare by their UTF-8 bytes, as a store does.
    static func isNewer(_ lhs: Message, than rhs: Message) -> Bool {
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        return rhs.id.rawValue.utf8.lexicographicallyPrecedes(lhs.id.rawValue.utf8)
    }

    static func isOlder(_ message: Message, than cursor: HistoryCursor) -> Bool {
        if message.date != cursor.date { return message.date < cursor.date }
        return message.id.rawValue.utf8.lexicographicallyPrecedes(cursor.id.rawValue.utf8)
    }
}
