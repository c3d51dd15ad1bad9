import Foundation

/// Where the user was reading, as a value an app can store (it is `Codable`) and hand
/// back to ``ChatPresenter/restore(_:)`` next time, even when that message is no longer
/// loaded.
public struct ReadingPosition: Hashable, Sendable, Codable {
    /// The message at the top of the view; `nil` when the view follows the newest message.
    public var message: MessageID?
    /// That message's date, to find it again in the history when it is not loaded.
    public var date: Date?
    /// How far that message's top is from the view's top (usually ≤ 0).
    public var offset: Double

    /// Following the newest message.
    public static let latest = ReadingPosition(message: nil, date: nil, offset: 0)

    /// Creates a position.
    public init(message: MessageID?, date: Date?, offset: Double) {
        self.message = message
        self.date = date
        self.offset = offset.isFinite ? offset : 0
    }

    /// Whether the position is the newest message.
    public var isLatest: Bool { message == nil }
}
