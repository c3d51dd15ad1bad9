import Foundation
import Synchronization

/// The stable identity of a message, unique within a conversation.
///
/// An app usually passes the ids its server assigns. When it does not, ``generate()``
/// makes one that is unique across runs on one machine (a millisecond timestamp, two random
/// characters and a counter) and short enough to be stored without a heap allocation.
public struct MessageID: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id as text.
    public let rawValue: String

    /// Wraps an app-provided id.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The raw value.
    public var description: String { rawValue }

    /// Orders ids by their raw value; used only to break ties between equal dates.
    public static func < (lhs: MessageID, rhs: MessageID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// A new id no other call to `generate()` on this machine returns.
    public static func generate() -> MessageID {
        MessageIDGenerator.shared.next()
    }
}

/// Hands out ids as `<launch ms, base 36><2 random chars>.<counter, base 36>`.
private final class MessageIDGenerator: Sendable {
    static let shared = MessageIDGenerator()

    private let prefix: String
    private let counter = Mutex<UInt64>(0)

    private init() {
        // A clock set before 1970 (or broken) must not stop the program.
        let millis = UInt64(saturating: Date().timeIntervalSince1970 * 1000)
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        let salt = String((0..<2).map { _ in alphabet.randomElement()! })
        prefix = String(millis, radix: 36) + salt + "."
    }

    func next() -> MessageID {
        let value = counter.withLock { counter in
            counter += 1
            return counter
        }
        return MessageID(prefix + String(value, radix: 36))
    }
}

extension MessageID: Codable {
    /// Decodes an id stored as its text.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
