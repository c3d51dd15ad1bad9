import Foundation

/// Moving through time: jumps to a date or a message, the way back to the present,
/// reading positions an app can keep, and the rule that what you send belongs to the
/// present.
extension ChatPresenter {
    /// Whether the pager can jump (its source is a ``HistoryWindowSource``).
    public var canJump: Bool { pager?.canJump ?? false }

    /// Whether the newest loaded message is the newest there is (`false` after a jump):
    /// ``ChatFrame/isShowingLatest`` without making a frame.
    public var isShowingLatest: Bool { pager?.isShowingLatest ?? true }

    /// The message the last jump went to while the past shows: ``ChatFrame/jumpedTo``
    /// without making a frame (which lays rows out and asks for pages).
    public var jumpedTo: MessageID? { isShowingLatest ? nil : pager?.jumpedTo }

    /// Shows the messages around `date`, the first message at or after it at the top.
    ///
    /// - Returns: That message, or `nil` when there is no pager that can jump, nothing
    ///   there, or the fetch failed (the history row then says why).
    @discardableResult
    public func jump(to date: Date) async -> MessageID? {
        guard let pager, pager.canJump else { return nil }
        let anchor = await pager.jump(to: date)
        if let anchor { viewport.scroll(to: .message(anchor), at: .top) }
        jumpCount &+= 1
        onNeedsDisplay?()
        return anchor
    }

    /// Scrolls to message `id` and centres it: at once when it is loaded, else after
    /// loading the history around `date` (its date, from a reply's quote or a saved
    /// position), when the pager can jump.
    ///
    /// - Returns: Whether the message is on screen now.
    @discardableResult
    public func jump(to id: MessageID, near date: Date?) async -> Bool {
        if viewport.scroll(to: .message(id), at: .center) { return true }
        guard let date, canJump, await jump(to: date) != nil else { return false }
        let found = viewport.scroll(to: .message(id), at: .center)
        onNeedsDisplay?()
        return found
    }

    /// Back to the newest messages after a jump, pinned to the bottom.
    public func returnToLatest() async {
        if let pager, !pager.isShowingLatest { await pager.returnToLatest() }
        viewport.scrollToBottom()
        onNeedsDisplay?()
    }

    /// Where the user is reading now, to store and ``restore(_:)`` later.
    public var readingPosition: ReadingPosition {
        if viewport.isPinnedToBottom, pager?.isShowingLatest ?? true { return .latest }
        let top = viewport.visibleRows().first { $0.row.message != nil && $0.y + $0.layout.height > 0 }
        guard let top, let message = top.row.message else { return .latest }
        return ReadingPosition(message: message.id, date: message.date, offset: top.y)
    }

    /// Goes back to `position`: at once when its message is loaded, else after loading
    /// the history around its date.
    ///
    /// - Returns: Whether the position's message is shown where it was (`true` for
    ///   ``ReadingPosition/latest`` once the newest messages show).
    @discardableResult
    public func restore(_ position: ReadingPosition) async -> Bool {
        guard let id = position.message else {
            await returnToLatest()
            return true
        }
        let anchor = ViewportAnchor(row: .message(id), edge: .top, offset: position.offset)
        if viewport.restore(anchor) { return true }
        guard let date = position.date, canJump, await jump(to: date) != nil else { return false }
        let restored = viewport.restore(anchor)
        onNeedsDisplay?()
        return restored
    }

    /// Sends from the composer: `perform` sends (``InputBar/send()``, say) and returns
    /// whether it did. What is sent belongs to the present, so after a jump the newest
    /// messages are loaded first (the text waits in the composer meanwhile); then the
    /// view scrolls to the bottom. A selection ends with a send (a reply to it, say): left
    /// on an older message, the next ↑ would scroll back to it. A second send while the
    /// first waits is ignored. Text an ``InputBar/onCommand(_:)`` handler of ``inputBar``
    /// takes is a command, not a message: it stays where the view is, and `perform` does
    /// not run.
    ///
    /// - Returns: Whether `perform` sent (`true` for a command taken), or `nil` when it
    ///   runs once the present is loaded.
    @discardableResult
    public func send(_ perform: @escaping @MainActor () -> Bool) -> Bool? {
        guard !isReturningToSendFlag else { return false }
        if let inputBar, inputBar.takeCommand() {
            onNeedsDisplay?()
            return true
        }
        guard let pager, !pager.isShowingLatest else {
            let sent = perform()
            if sent {
                selected = nil
                scrollToBottom()
            }
            return sent
        }
        isReturningToSendFlag = true
        Task { @MainActor in
            await pager.returnToLatest()
            self.isReturningToSendFlag = false
            if perform() { self.selected = nil }
            self.viewport.scrollToBottom()
            self.onNeedsDisplay?()
        }
        return nil
    }
}
