import Foundation

/// An earlier version of an edited message: what it showed until `replacedAt`.
///
/// ``Conversation/edit(_:to:at:animated:)`` keeps them (at most ``Message/editHistoryLimit``,
/// oldest first) in ``Message/edits``, so an app can show a message's history.
public struct MessageEdit: Hashable, Sendable {
    /// What the message showed.
    public var content: MessageContent
    /// When that version was replaced.
    public var replacedAt: Date

    /// An earlier version.
    public init(content: MessageContent, replacedAt: Date) {
        self.content = content
        self.replacedAt = Message.clamped(replacedAt)
    }
}
