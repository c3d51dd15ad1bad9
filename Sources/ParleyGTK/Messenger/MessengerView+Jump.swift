import ParleyCore
import Foundation

/// "Jump to date" in the list: the pager shows the history around a date, and the view
/// scrolls to its first message.
extension MessengerView {
    /// Whether the pager can jump (its source is a ``HistoryWindowSource``, such as a
    /// ParleySQLite store).
    public var canJump: Bool { pager?.canJump ?? false }

    /// Shows the messages around `date`, with the first message at or after it at the
    /// top. Returns that message's id, or `nil` when there is no pager that can jump.
    @discardableResult
    public func jump(to date: Date) async -> MessageID? {
        guard let pager, pager.canJump else { return nil }
        scrolling.stop()
        animator.finishAll()
        guard let anchor = await pager.jump(to: date) else { return nil }
        viewport.scroll(to: .message(anchor), at: .top)
        relayout()
        return anchor
    }

    /// Back to the newest messages after a jump, pinned to the bottom.
    public func returnToLatest() async {
        if let pager, !pager.isShowingLatest { await pager.returnToLatest() }
        scrolling.stop()
        viewport.scrollToBottom()
        relayout()
    }
}
