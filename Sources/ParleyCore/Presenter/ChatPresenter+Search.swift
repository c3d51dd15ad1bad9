import Foundation

/// Search in the conversation: find messages by their words, go from result to result
/// (each loads the history around it when it is not loaded, scrolls to it, highlights it
/// and marks the match in its text), end the search.
///
/// ```swift
/// presenter.searcher = store                   // a full-text index; default: the loaded messages
/// presenter.beginSearch()
/// await presenter.search("lunch fri")          // results newest first, "3 results"
/// await presenter.nextResult()                 // goes to the newest result, then older ones
/// presenter.endSearch()
/// ```
extension ChatPresenter {
    /// How many results a search loads at once.
    public static let searchPageSize = 50

    /// Where ``search(_:)`` looks: a history store's index, or `nil` (the default) for the
    /// messages the conversation holds (``ConversationSearch``).
    public var searcher: (any MessageSearching)? {
        get { searchSession.searcher }
        set { searchSession.searcher = newValue }
    }

    /// The search shown, or `nil` while not searching.
    public var search: SearchState? { searchSession.state }

    /// The match to mark in a bubble: the current result's words in its message, while
    /// searching.
    public var searchMatch: SearchMatch? {
        guard let result = searchSession.state?.currentResult, let state = searchSession.state else { return nil }
        guard let message = conversation.message(result.messageID) else { return nil }
        let text: String
        if case .text(let content) = message.content { text = content.string } else { text = message.content.summary }
        guard let ranges = SearchText.matches(of: state.query, in: text) else { return nil }
        return SearchMatch(messageID: result.messageID, utf8Ranges: ranges, query: state.query)
    }

    /// Opens search with nothing typed (keeps a search already open).
    public func beginSearch() {
        if searchSession.state == nil { searchSession.state = SearchState() }
        onNeedsDisplay?()
    }

    /// Searches for `text` (what the field holds now), replacing the results. A later
    /// call wins over one still running.
    ///
    /// - Returns: The state once the results are in.
    @discardableResult
    public func search(_ text: String) async -> SearchState {
        let query = SearchQuery(text)
        searchSession.generation += 1
        let generation = searchSession.generation
        var state = SearchState(query: query, isSearching: !query.isEmpty)
        searchSession.state = state
        onNeedsDisplay?()
        guard !query.isEmpty else { return state }
        let searcher = self.searcher ?? ConversationSearch(conversation)
        do {
            let page = try await searcher.search(query, before: nil, limit: Self.searchPageSize, markdown: style.markdown)
            state.results = page.results
            state.hasMore = page.hasMore
        } catch {
            state.failure = InertText.singleLine(String(describing: error))
        }
        state.isSearching = false
        guard generation == searchSession.generation, searchSession.state != nil else {
            return searchSession.state ?? state
        }
        searchSession.state = state
        onNeedsDisplay?()
        return state
    }

    /// Loads the next page of older results; returns how many came.
    @discardableResult
    public func loadMoreResults() async -> Int {
        guard let state = searchSession.state, state.hasMore, !state.isSearching, let last = state.results.last else {
            return 0
        }
        let generation = searchSession.generation
        let searcher = self.searcher ?? ConversationSearch(conversation)
        let page: SearchPage
        do {
            page = try await searcher.search(state.query, before: last.cursor, limit: Self.searchPageSize, markdown: style.markdown)
        } catch {
            guard generation == searchSession.generation else { return 0 }
            searchSession.state?.failure = InertText.singleLine(String(describing: error))
            onNeedsDisplay?()
            return 0
        }
        guard generation == searchSession.generation, searchSession.state != nil else { return 0 }
        let known = Set(state.results.map(\.messageID))
        let fresh = page.results.filter { !known.contains($0.messageID) }
        searchSession.state?.results += fresh
        searchSession.state?.hasMore = page.hasMore && !fresh.isEmpty
        onNeedsDisplay?()
        return fresh.count
    }

    /// Goes to result `index`: scrolls to its message, loading the history around it
    /// first when it is not loaded, highlights it and marks the match
    /// (``searchMatch``).
    ///
    /// - Returns: Whether the message is on screen now.
    @discardableResult
    public func goToResult(at index: Int) async -> Bool {
        guard let state = searchSession.state, state.results.indices.contains(index) else { return false }
        let result = state.results[index]
        searchSession.state?.current = index
        let found = await jump(to: result.messageID, near: result.date)
        if found { highlight(result.messageID) }
        onNeedsDisplay?()
        return found
    }

    /// Goes to the next older result (the newest first, when none is current), loading
    /// more results at the end of the list. Returns whether it moved.
    @discardableResult
    public func nextResult() async -> Bool {
        guard let state = searchSession.state, !state.results.isEmpty || state.hasMore else { return false }
        let next = state.current.map { $0 + 1 } ?? 0
        if next >= state.results.count {
            guard await loadMoreResults() > 0 else { return false }
        }
        return await goToResult(at: next)
    }

    /// Goes to the next newer result. Returns whether it moved.
    @discardableResult
    public func previousResult() async -> Bool {
        guard let current = searchSession.state?.current, current > 0 else { return false }
        return await goToResult(at: current - 1)
    }

    /// Closes search: the results and the marked match go; the messages stay where they
    /// are.
    public func endSearch() {
        searchSession.generation += 1
        searchSession.state = nil
        onNeedsDisplay?()
    }

    /// The date beside a result in a list: "Today 12:31", "Mon 3 Mar 2025 09:05", as the
    /// style's locale writes them.
    public func dateText(of result: SearchResult) -> String {
        let labels = DateLabels(rules: style.grouping, strings: strings)
        return labels.day(result.date) + " " + labels.time(result.date)
    }

    /// What a screen reader says for a result: sender, date and snippet.
    public func accessibleName(of result: SearchResult) -> String {
        strings.searchResultName(result.sender.name, dateText(of: result), result.snippet.text)
    }
}
