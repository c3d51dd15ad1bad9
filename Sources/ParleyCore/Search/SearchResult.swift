import Foundation

/// One message a search found: enough to list it (who, when, a snippet) and to go to it.
public struct SearchResult: Hashable, Sendable, Identifiable {
    /// The message.
    public var messageID: MessageID
    /// Its date: where a jump loads history around it.
    public var date: Date
    /// Who sent it.
    public var sender: Sender
    /// Its text around the first match, the matches marked.
    public var snippet: SearchSnippet

    /// The message's id.
    public var id: MessageID { messageID }

    /// Creates a result.
    public init(messageID: MessageID, date: Date, sender: Sender, snippet: SearchSnippet) {
        self.messageID = messageID
        self.date = date
        self.sender = sender
        self.snippet = snippet
    }

    /// The result for `message`, its snippet cut from its plain text
    /// (``MessageContent/summary``); a Markdown message's from the text `markdown` draws
    /// of it, when given (the beginning a snippet reads, ``SearchSnippet/scannedLength``
    /// characters of source).
    public init(_ message: Message, query: SearchQuery, markdown: (any TextFormatter)? = nil) {
        self.init(
            messageID: message.id, date: message.date, sender: message.sender,
            snippet: SearchSnippet(of: Self.searchedText(of: message.content, markdown: markdown), query: query))
    }

    /// The text a snippet is cut from: what `markdown` draws of Markdown text, else the
    /// plain text.
    private static func searchedText(of content: MessageContent, markdown: (any TextFormatter)?) -> String {
        guard case .text(let text) = content, text.format == .markdown, let markdown else { return content.summary }
        return markdown.summary(String(text.string.prefix(SearchSnippet.scannedLength)))
    }

    /// Where the next page of results starts: just older than this one.
    public var cursor: HistoryCursor { HistoryCursor(date: date, id: messageID) }
}

/// One page of results, newest first.
public struct SearchPage: Hashable, Sendable {
    /// The results, newest message first.
    public var results: [SearchResult]
    /// Whether older results follow: ask again with the last result's
    /// ``SearchResult/cursor``.
    public var hasMore: Bool

    /// Creates a page.
    public init(results: [SearchResult], hasMore: Bool) {
        self.results = results
        self.hasMore = hasMore
    }

    /// No results.
    public static let empty = SearchPage(results: [], hasMore: false)
}
