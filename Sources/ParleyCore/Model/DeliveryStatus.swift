/// How far an outgoing message has got.
///
/// The cases are ordered: a status only moves forward, except to ``failed`` and back to
/// ``sending`` on retry. Front ends show one mark per case (clock, tick, double tick, ...).
public enum DeliveryStatus: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Not yet acknowledged by the server.
    case sending
    /// Accepted by the server.
    case sent
    /// Delivered to the recipient's device.
    case delivered
    /// Seen by the recipient.
    case read
    /// Sending failed; the app may retry.
    case failed

    /// Orders by progress.
    public static func < (lhs: DeliveryStatus, rhs: DeliveryStatus) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
