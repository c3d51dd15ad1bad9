import Foundation
import ParleyCore

/// Turns custom payloads into (kind, summary, JSON) and back.
///
/// Encoding needs no registration: any payload that is `Encodable` is stored as JSON, and
/// one that is not keeps its kind and summary. Decoding needs the type, registered by its
/// ``ParleyCore/CustomPayload/kind``; an unregistered kind, or JSON its type no longer
/// decodes, comes back as a ``StoredCustomPayload``.
struct PayloadRegistry {
    private var decoders: [String: @Sendable (Data) throws -> any CustomPayload] = [:]

    /// Decodes `Payload`'s kind as `Payload` from now on.
    mutating func register<Payload: CustomPayload & Decodable>(_ type: Payload.Type) {
        decoders[Payload.kind] = { data in try JSONDecoder().decode(Payload.self, from: data) }
    }

    /// The columns for `content`: its kind, summary and JSON.
    func encode(_ content: CustomContent) throws -> (kind: String, summary: String, json: Data?) {
        let payload = content.payload
        if let stored = payload as? StoredCustomPayload {
            return (stored.originalKind, stored.summary, stored.json)
        }
        var json: Data?
        if let encodable = payload as? any Encodable {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            json = try encoder.encode(encodable)
        }
        return (content.kind, payload.summary, json)
    }

    /// The payload for stored columns: the registered type when it decodes, else a
    /// ``StoredCustomPayload`` holding the columns as they are.
    func decode(kind: String, summary: String, json: Data?) -> any CustomPayload {
        if let json, let decoder = decoders[kind], let payload = try? decoder(json) {
            return payload
        }
        return StoredCustomPayload(originalKind: kind, summary: summary, json: json)
    }
}
