/// Something that finds messages by their words: a history store's full-text index
/// (ParleySQLite's `ConversationStore`), or ``ConversationSearch`` over the messages a
/// ``Conversation`` holds.
///
/// The rules every searcher keeps, so a front end can rely on them:
/// - An empty query (``SearchQuery/isEmpty``) finds nothing and costs nothing.
/// - Results are newest first, at most `limit` of them (at least 1, at most
///   ``maximumLimit``); the next page starts `before` the last result's
///   ``SearchResult/cursor``.
/// - Matching follows ``SearchText/matches(of:in:)`` over a message's plain text
///   (``MessageContent/summary``), and snippets are ``SearchSnippet``s, cut from a
///   Markdown message's drawn text when the search is given the formatter that draws it
///   (``SearchResult/init(_:query:markdown:)``).
/// - It may be called from any task; results may arrive on any thread.
public protocol MessageSearching: Sendable {
    /// Up to `limit` messages matching `query` that are older than `before` (all, when
    /// `nil`), newest first.
    ///
    /// - Throws: What the searcher could not do (a damaged index, a closed file); a
    ///   query is never an error.
    func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) async throws -> SearchPage

    /// ``search(_:before:limit:)`` with the snippets of Markdown messages
    /// (``TextFormat/markdown``) cut from what `markdown` draws: "Today's menu at the
    /// café", not "**Today's menu** at the café". ``ChatPresenter`` asks this way, with
    /// its style's ``ChatStyle/markdown``.
    ///
    /// The default asks ``search(_:before:limit:)``, so a searcher that does not know
    /// Markdown keeps the source in its snippets.
    func search(
        _ query: SearchQuery, before: HistoryCursor?, limit: Int, markdown: (any TextFormatter)?
    ) async throws -> SearchPage
}

extension MessageSearching {
    /// Asks ``search(_:before:limit:)``: snippets keep Markdown source.
    public func search(
        _ query: SearchQuery, before: HistoryCursor?, limit: Int, markdown: (any TextFormatter)?
    ) async throws -> SearchPage {
        try await search(query, before: before, limit: limit)
    }

    /// The largest page a searcher returns.
    public static var maximumLimit: Int { 500 }

    /// `limit` within 1...``maximumLimit``.
    public static func clampedLimit(_ limit: Int) -> Int { min(max(1, limit), maximumLimit) }
}
