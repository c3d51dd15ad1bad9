import Foundation

/// What the search bar shows while the user searches the conversation
/// (``ChatPresenter/search``): the query, the results so far, which one is current.
public struct SearchState: Sendable {
    /// The query the results are for.
    public var query: SearchQuery
    /// The results so far, newest first.
    public var results: [SearchResult]
    /// The result gone to last (an index into ``results``), if any.
    public var current: Int?
    /// Whether older results can be loaded (``ChatPresenter/loadMoreResults()``).
    public var hasMore: Bool
    /// Whether a search runs.
    public var isSearching: Bool
    /// Why the last search failed, made inert; `nil` when it did not.
    public var failure: String?

    /// A search with nothing typed yet.
    public init(
        query: SearchQuery = SearchQuery(""), results: [SearchResult] = [], current: Int? = nil,
        hasMore: Bool = false, isSearching: Bool = false, failure: String? = nil
    ) {
        self.query = query
        self.results = results
        self.current = current
        self.hasMore = hasMore
        self.isSearching = isSearching
        self.failure = failure
    }

    /// The current result, if any.
    public var currentResult: SearchResult? {
        current.flatMap { results.indices.contains($0) ? results[$0] : nil }
    }

    /// The line beside the search field: "" before anything is typed, "Searching…",
    /// "No results", "3 results", "2 of 3" once one is current ("2 of 50+" while more
    /// can load), or why the search failed.
    public func status(_ strings: ChatStrings) -> String {
        if let failure { return strings.searchFailed(failure) }
        if query.isEmpty { return "" }
        if isSearching, results.isEmpty { return strings.searching }
        if results.isEmpty { return strings.noResults }
        let total = hasMore ? "\(results.count)+" : "\(results.count)"
        if let current { return strings.searchPosition(current + 1, total) }
        return strings.searchResults(results.count, hasMore)
    }
}

/// The presenter's search, kept between verbs (internal).
struct SearchSession {
    /// Where results come from; `nil`: the conversation itself.
    var searcher: (any MessageSearching)?
    /// The state shown; `nil` while not searching.
    var state: SearchState?
    /// Counts queries, so that a slow answer to an older one is dropped.
    var generation = 0
}

/// The match to mark in a bubble: the current search result's words in its message.
public struct SearchMatch: Hashable, Sendable {
    /// The message.
    public var messageID: MessageID
    /// The matches in the message's plain text (its ``TextContent/string`` for text,
    /// else ``MessageContent/summary``), as UTF-8 offsets.
    public var utf8Ranges: [Range<Int>]

    /// The query matched.
    public var query: SearchQuery

    /// Creates a match.
    public init(messageID: MessageID, utf8Ranges: [Range<Int>], query: SearchQuery) {
        self.messageID = messageID
        self.utf8Ranges = utf8Ranges
        self.query = query
    }

    /// The matches in `shown`, the text as a front end draws it (a layout's
    /// ``DisplayText``, made inert and perhaps cut), as UTF-8 offsets into it. The
    /// zero-width spaces the drawn text has in long runs are not in the message: words are
    /// matched without them, so a word they cut is still marked.
    public func ranges(in shown: String) -> [Range<Int>] {
        let breaker: Unicode.Scalar = "\u{200B}"
        guard shown.unicodeScalars.contains(breaker) else { return SearchText.matches(of: query, in: shown) ?? [] }
        // The text without them, and for each of its UTF-8 offsets the offset in `shown`.
        var plain = String.UnicodeScalarView()
        var offsets: [Int] = []
        var offset = 0
        for scalar in shown.unicodeScalars {
            let length = UTF8.width(scalar)
            if scalar != breaker {
                plain.append(scalar)
                offsets.append(contentsOf: offset..<(offset + length))
            }
            offset += length
        }
        offsets.append(offset)
        return (SearchText.matches(of: query, in: String(plain)) ?? []).map { range in
            range.isEmpty ? offsets[range.lowerBound]..<offsets[range.lowerBound] : offsets[range.lowerBound]..<(offsets[range.upperBound - 1] + 1)
        }
    }
}
