import Foundation
import ParleyCore

/// A custom payload read back from a store that has no type registered for its kind.
///
/// Nothing is dropped: the original kind, the summary it had when stored and its JSON
/// (when the payload was `Encodable`) are kept, and storing this value again writes them
/// back unchanged. Front ends draw it with the renderer for ``kind`` (`parley.stored`),
/// or, by default, as its summary. Register the type with
/// ``ConversationStore/register(_:)`` to get the app's own payload instead.
public struct StoredCustomPayload: CustomPayload, Hashable {
    /// The renderer key shared by every payload of an unregistered kind.
    public static let kind = "parley.stored"

    /// The kind the payload was stored with (its type's ``CustomPayload/kind``).
    public let originalKind: String
    /// The payload's summary when it was stored.
    public let summary: String
    /// The payload as JSON, or `nil` when its type was not `Encodable`.
    public let json: Data?

    /// Creates a stored payload.
    public init(originalKind: String, summary: String, json: Data?) {
        self.originalKind = originalKind
        self.summary = summary
        self.json = json
    }

    /// Decodes the JSON as `type`; throws when there is none or it does not match.
    public func decode<Payload: Decodable>(as type: Payload.Type) throws -> Payload {
        guard let json else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: [], debugDescription: "“\(originalKind)” was stored without JSON"))
        }
        return try JSONDecoder().decode(type, from: json)
    }

    /// The summary's size, as one paragraph of body text.
    public func size(fitting width: Double, in units: ContentUnits) -> Size {
        units.measurer.measure(summary, font: units.font, maxWidth: width).size
    }
}
