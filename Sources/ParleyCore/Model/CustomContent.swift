/// An app-defined message payload that knows its own size.
///
/// Conform a value type, wrap it in ``CustomContent``, and register a renderer for its
/// ``kind`` with each front end. The core sizes it through ``size(fitting:in:)``, so
/// custom messages take part in layout, caching and scrolling like built-in ones. Sizes
/// are described in characters and lines (``ContentUnits``), so one payload type has the
/// right size in a terminal and in a window.
///
/// ```swift
/// struct Poll: CustomPayload, Equatable {
///     static let kind = "poll"
///     var question: String
///     var summary: String { "Poll: \(question)" }
///     func size(fitting width: Double, in units: ContentUnits) -> Size {
///         Size(width: min(width, units.width(characters: 30)), height: units.height(lines: 4))
///     }
/// }
/// chat.append(.custom(CustomContent(Poll(question: "Pizza?"))), from: me)
/// ```
public protocol CustomPayload: Sendable {
    /// The renderer key; front ends look up their renderer by it.
    static var kind: String { get }
    /// A plain-text description for accessibility, copy and notifications.
    var summary: String { get }
    /// The content size at most `width` wide, in the front end's units: describe it with
    /// `units` (characters and lines of body text).
    func size(fitting width: Double, in units: ContentUnits) -> Size
    /// Whether `other` holds the same value; drives "updated" in diffs.
    func isEqual(to other: any CustomPayload) -> Bool
}

extension CustomPayload where Self: Equatable {
    /// Equal when `other` is the same type with an equal value.
    public func isEqual(to other: any CustomPayload) -> Bool {
        (other as? Self) == self
    }
}

/// A type-erased ``CustomPayload`` carried by ``MessageContent/custom(_:)``.
public struct CustomContent: Hashable, Sendable {
    /// The app's payload.
    public let payload: any CustomPayload

    /// Wraps a payload.
    public init(_ payload: any CustomPayload) {
        self.payload = payload
    }

    /// The payload's renderer key.
    public var kind: String { type(of: payload).kind }

    /// Equal when the payloads say so.
    public static func == (lhs: CustomContent, rhs: CustomContent) -> Bool {
        lhs.payload.isEqual(to: rhs.payload)
    }

    /// Hashes the kind (payloads need not be hashable).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
