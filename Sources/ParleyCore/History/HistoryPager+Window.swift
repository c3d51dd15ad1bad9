import Foundation

/// "Jump to date" and paging towards the present, for sources that can
/// (``HistoryWindowSource``).
///
/// After ``jump(to:)`` the conversation holds a window of the past: older pages still
/// come as the top nears, and newer pages as the bottom nears (the ``Viewport`` asks
/// ``loadNewerIfNeeded()``), until the newest message is loaded again
/// (``isShowingLatest``). ``returnToLatest()`` goes straight back.
extension HistoryPager {
    /// Whether the newest loaded message is the newest there is. `false` after a jump,
    /// until newer pages reach the present.
    public var isShowingLatest: Bool { lock.withLock { showsLatest } }

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
            show(window, latest: !window.hasNewer)
            return window.anchor
        } catch {
            conversation.historyIndicator = .failed(Self.describe(error))
            return nil
        }
    }

    /// Shows the newest page in place of the loaded ones (after a jump).
    public func returnToLatest() async {
        await settle()
        do {
            let page = try await source.page(before: nil, limit: pageSize)
            show(HistoryWindow(messages: page.messages, hasOlder: page.hasMore, hasNewer: false), latest: true)
        } catch {
            conversation.historyIndicator = .failed(Self.describe(error))
        }
    }

    /// Starts fetching the next newer page after a jump, unless one is running or the
    /// newest message is loaded. Returns at once.
    public func loadNewerIfNeeded() {
        guard let source = source as? any HistoryWindowSource else { return }
        let task: Task<Outcome, Never>? = lock.withLock {
            guard !showsLatest, newerInFlight == nil else { return nil }
            let task = Task { await self.fetchNewer(from: source) }
            newerInFlight = task
            return task
        }
        _ = task
    }

    /// Fetches the next newer page (or joins the running fetch).
    @discardableResult
    public func loadNewer() async -> Outcome {
        loadNewerIfNeeded()
        guard let task = lock.withLock({ newerInFlight }) else { return .exhausted }
        return await task.value
    }

    private func fetchNewer(from source: any HistoryWindowSource) async -> Outcome {
        let cursor = lock.withLock { windowNewest }
        let outcome: Outcome
        var reachedLatest = false
        if let cursor {
            do {
                let window = try await source.window(after: cursor, limit: pageSize)
                let added = conversation.appendHistory(window.messages)
                reachedLatest = !window.hasNewer || window.messages.isEmpty
                if let newest = window.newerCursor { lock.withLock { windowNewest = newest } }
                outcome = .loaded(added)
            } catch {
                outcome = .failed(Self.describe(error))
            }
        } else {
            reachedLatest = true
            outcome = .exhausted
        }
        lock.withLock {
            newerInFlight = nil
            if reachedLatest { showsLatest = true }
        }
        return outcome
    }

    /// Waits for fetches in flight, so that a window replaces a settled conversation.
    private func settle() async {
        let (older, newer) = lock.withLock { (inFlight, newerInFlight) }
        if let older { _ = await older.value }
        if let newer { _ = await newer.value }
    }

    private func show(_ window: HistoryWindow, latest: Bool) {
        conversation.showWindow(window.messages)
        lock.withLock {
            showsLatest = latest
            windowNewest = window.newerCursor
            currentState = window.hasOlder ? .idle : .exhausted
        }
        conversation.historyIndicator = window.hasOlder ? idleIndicator : .hidden
    }
}
