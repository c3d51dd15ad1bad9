import Foundation

/// "Jump to date" and paging towards the present, for sources that can
/// (``HistoryWindowSource``).
///
/// After ``jump(to:)`` the conversation holds a window of the past: older pages still
/// come as the top nears, and newer pages as the bottom nears (the ``Viewport`` asks
/// ``loadNewerIfNeeded()``), until the newest message is loaded again
/// (``isShowingLatest``). ``returnToLatest()`` goes straight back. While a newer page
/// loads, or after one failed, the row below the messages says so
/// (``Conversation/newerHistoryIndicator``); a failed fetch waits for ``retryNewer()``.
extension HistoryPager {
    /// Whether the newest loaded message is the newest there is. `false` after a jump,
    /// until newer pages reach the present.
    public var isShowingLatest: Bool { paging.withLock { $0.showsLatest } }

    /// The message the last ``jump(to:)`` is for (the first at or after its date), while
    /// a window of the past shows; `nil` once the newest messages show again. It stays as
    /// newer pages load and the view scrolls: it says where the jump went, for a front
    /// end that tells it (the terminal's plain mode prints that day).
    public var jumpedTo: MessageID? { paging.withLock { $0.jumpedTo } }

    /// The state of paging towards the present after a jump: ``State/exhausted`` when
    /// the newest messages are loaded.
    public var newerState: State { paging.withLock { $0.newer } }

    /// Whether the source can jump.
    public var canJump: Bool { source is any HistoryWindowSource }

    /// Shows the messages around `date` in place of the loaded ones.
    ///
    /// - Returns: The message the jump is for (the first at or after `date`), or `nil`
    ///   when the source cannot jump, holds nothing, or failed (the history row then
    ///   shows why).
    @discardableResult
    public func jump(to date: Date) async -> MessageID? {
        guard let source = source as? any HistoryWindowSource else { return nil }
        await settle()
        do {
            let window = try await source.window(around: date, limit: max(pageSize, 2 * pageSize))
            show(window, latest: !window.hasNewer, anchor: window.anchor)
            return window.anchor
        } catch {
            conversation.historyIndicator = .failed(Self.describe(error))
            return nil
        }
    }

    /// Shows the newest page in place of the loaded ones (after a jump).
    ///
    /// - Returns: Whether the newest page is shown; on failure the history row says why
    ///   and the loaded messages stay.
    @discardableResult
    public func returnToLatest() async -> Bool {
        await settle()
        do {
            let page = try await source.page(before: nil, limit: pageSize)
            show(HistoryWindow(messages: page.messages, hasOlder: page.hasMore, hasNewer: false), latest: true)
            return true
        } catch {
            conversation.historyIndicator = .failed(Self.describe(error))
            return false
        }
    }

    /// Starts fetching the next newer page after a jump, unless one is running, the last
    /// failed (waiting for ``retryNewer()``) or the newest message is loaded. Returns at
    /// once.
    public func loadNewerIfNeeded() {
        _ = beginNewer(retrying: false)
    }

    /// Fetches the next newer page (or joins the running fetch).
    @discardableResult
    public func loadNewer() async -> Outcome {
        guard let task = beginNewer(retrying: false) ?? paging.withLock({ $0.newerInFlight }) else { return .exhausted }
        return await task.value
    }

    /// After a failed newer page, tries again.
    @discardableResult
    public func retryNewer() async -> Outcome {
        guard let task = beginNewer(retrying: true) ?? paging.withLock({ $0.newerInFlight }) else { return .exhausted }
        return await task.value
    }

    private func beginNewer(retrying: Bool) -> Task<Outcome, Never>? {
        guard let source = source as? any HistoryWindowSource else { return nil }
        let task: Task<Outcome, Never>? = paging.withLock { state in
            guard !state.showsLatest, state.newerInFlight == nil else { return nil }
            if case .failed = state.newer, !retrying { return nil }
            state.newer = .loading
            let task = Task { await self.fetchNewer(from: source) }
            state.newerInFlight = task
            return task
        }
        return task
    }

    private func fetchNewer(from source: any HistoryWindowSource) async -> Outcome {
        // Set here, not where the task starts: a viewport asks for pages while it reads
        // the conversation under its lock.
        publishNewer()
        let cursor = paging.withLock { $0.windowNewest }
        let outcome: Outcome
        var reachedLatest = false
        var failure: String?
        if let cursor {
            do {
                let window = try await source.window(after: cursor, limit: pageSize)
                let added = conversation.appendHistory(window.messages)
                reachedLatest = !window.hasNewer || window.messages.isEmpty
                if let newest = window.newerCursor { paging.withLock { $0.windowNewest = newest } }
                outcome = .loaded(added)
            } catch {
                failure = Self.describe(error)
                outcome = .failed(failure!)
            }
        } else {
            reachedLatest = true
            outcome = .exhausted
        }
        let next: State = failure.map { .failed($0) } ?? (reachedLatest ? .exhausted : .idle)
        paging.withLock {
            $0.newerInFlight = nil
            $0.newer = next
            if reachedLatest { $0.showsLatest = true }
        }
        publishNewer()
        return outcome
    }

    /// What the row below the messages shows for `state`. Until the present is loaded
    /// the row stays, so that it is there when the user reaches the end: a spinner (in
    /// either mode the viewport asks for the next page before the user gets there), or the
    /// failure with a retry.
    func newerIndicator(for state: State) -> HistoryIndicator {
        switch state {
        case .failed(let reason): return .failed(reason)
        case .loading, .idle: return .loading
        case .exhausted: return .hidden
        }
    }

    /// Waits for fetches in flight, so that a window replaces a settled conversation.
    private func settle() async {
        let (older, newer) = paging.withLock { ($0.inFlight, $0.newerInFlight) }
        if let older { _ = await older.value }
        if let newer { _ = await newer.value }
    }

    private func show(_ window: HistoryWindow, latest: Bool, anchor: MessageID? = nil) {
        conversation.showWindow(window.messages)
        paging.withLock {
            $0.showsLatest = latest
            $0.jumpedTo = latest ? nil : anchor
            $0.windowNewest = window.newerCursor
            $0.older = window.hasOlder ? .idle : .exhausted
            $0.newer = latest ? .exhausted : .idle
        }
        publishOlder()
        publishNewer()
    }
}
