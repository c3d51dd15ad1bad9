import Foundation
import ParleyCore

/// Moving through time in the list: the presenter loads and positions, the view redraws.
extension MessengerView {
    /// Whether the pager can jump (its source is a ``HistoryWindowSource``, such as a
    /// ParleySQLite store).
    public var canJump: Bool { presenter.canJump }

    /// Shows the messages around `date`, with the first message at or after it at the
    /// top. Returns that message's id, or `nil` when there is no pager that can jump.
    @discardableResult
    public func jump(to date: Date) async -> MessageID? {
        scrolling.stop()
        animator.finishAll()
        return await presenter.jump(to: date)
    }

    /// Back to the newest messages after a jump, pinned to the bottom.
    public func returnToLatest() async {
        scrolling.stop()
        await presenter.returnToLatest()
    }
}
