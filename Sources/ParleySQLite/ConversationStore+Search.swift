import Foundation
import ParleyCore

/// Full-text search through the whole history, not only the loaded messages: the store
/// is a ``ParleyCore/MessageSearching`` for ``ParleyCore/ChatPresenter/searcher``.
///
/// ```swift
/// presenter.searcher = store
/// let page = try store.results(for: SearchQuery("lunch fri"), limit: 20)
/// for result in page.results { print(result.sender.name, result.snippet.text) }
/// ```
///
/// The index (SQLite's FTS5) holds each message's plain text and follows every write:
/// inserts, upserts, edits, redactions, deletions and a mirror's queued writes (which
/// searches see at once, like pages do). A file from before the index is indexed after
/// opening, newest messages first, in batches on the store's writer thread; until that
/// is done (``isSearchIndexComplete``) searches find what is indexed so far.
extension ConversationStore: MessageSearching {
    /// Up to `limit` messages matching `query` older than `before` (all when `nil`),
    /// newest first; a Markdown message's snippet is cut from what `markdown` draws of it
    /// when given (the index matches the source's words either way).
    ///
    /// - Throws: ``StoreError/searchIndexRebuilding(path:detail:)`` when the index was
    ///   found damaged: it is rebuilt from the messages meanwhile (none is lost), and
    ///   ``StoreError/closed(path:)`` after ``close(waitingUpTo:)``.
    public func results(
        for query: SearchQuery, before: HistoryCursor? = nil, limit: Int, markdown: (any TextFormatter)? = nil
    ) throws(StoreError) -> SearchPage {
        guard !query.isEmpty else { return .empty }
        let limit = Self.clampedLimit(limit)
        do {
            let found = try withCore { (core) throws(StoreError) in try core.search(query, before: before, limit: limit) }
            // Snippets (a Markdown message formatted) are cut outside the store's lock.
            return SearchPage(results: found.messages.map { SearchResult($0, query: query, markdown: markdown) }, hasMore: found.hasMore)
        } catch .corrupt(_, let detail) {
            try recoverSearchIndex(detail: detail)
            throw .searchIndexRebuilding(path: path, detail: detail)
        }
    }

    /// ``results(for:before:limit:markdown:)`` for ``ParleyCore/MessageSearching``.
    public func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) async throws -> SearchPage {
        try results(for: query, before: before, limit: limit)
    }

    /// ``results(for:before:limit:markdown:)`` for `MessageSearching`, as `ChatPresenter`
    /// asks: Markdown snippets cut from the drawn text.
    public func search(
        _ query: SearchQuery, before: HistoryCursor?, limit: Int, markdown: (any TextFormatter)?
    ) async throws -> SearchPage {
        try results(for: query, before: before, limit: limit, markdown: markdown)
    }

    /// Whether every stored message is in the search index (a file from before it may
    /// still be being indexed, just after opening).
    public var isSearchIndexComplete: Bool {
        (try? withCore { (core) throws(StoreError) in try core.backlog() == nil }) ?? false
    }

    /// Indexes what still waits for the index now, on this thread, in batches of
    /// `batchSize` rows (other calls run between them); returns when every message is
    /// indexed. For tools and tests; apps let the store do it in the background.
    public func finishSearchIndex(batchSize: Int = 500) throws(StoreError) {
        let size = max(1, batchSize)
        while try withCore({ (core) throws(StoreError) in try core.indexBacklog(limit: size) }) {}
    }

    /// Drops the search index and builds it again from the messages (in the
    /// background). The messages are never touched.
    public func rebuildSearchIndex() throws(StoreError) {
        try withCore { (core) throws(StoreError) in try core.rebuildSearchIndex() }
        indexBacklogInBackground()
    }

    // MARK: Internals

    /// Indexes the backlog in batches on the writer thread, the lock released between
    /// them, until it is done or the store closes.
    func indexBacklogInBackground() {
        queue.dispatch.async { [weak self] in
            guard let self else { return }
            let more = (try? self.withCore { (core) throws(StoreError) in try core.indexBacklog() }) ?? false
            if more { self.indexBacklogInBackground() }
        }
    }

    /// After a search met damage: when the file itself checks out, the damage is the
    /// index's: forget it and rebuild the index. Damage elsewhere stays reported.
    private func recoverSearchIndex(detail: String) throws(StoreError) {
        try withCore { (core) throws(StoreError) in
            core.connection.damage = nil
            try Self.check(core.connection, pragma: "quick_check")
            try core.rebuildSearchIndex()
        }
        indexBacklogInBackground()
    }
}
