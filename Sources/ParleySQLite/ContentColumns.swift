import Foundation
import ParleyCore

/// A ``ParleyCore/MessageContent`` as the five content columns of a `messages` row.
///
/// | kind | subkind | body | detail (JSON) | bytes |
/// |---|---|---|---|---|
/// | `text` | | the text | mentions (`[{"start", "end", "id"}]`, UTF-8 offsets), if any | |
/// | `emoji` | | the emoji | | |
/// | `image` | `file`, `url`, `data` | caption | path or URL, size hint | image bytes |
/// | `collection` | | | rows and items | |
/// | `custom` | the payload's kind | summary | the payload | |
/// | `notice` | `system`, `timestamp` | the text | | |
/// | `deleted` | | | | |
/// | `file`, `location`, `contact` | see ``card(_:)`` | | | |
/// | `audio`, `video` | see ``media(_:)`` | | | |
///
/// Text is stored exactly (embedded NULs included) and rebuilt with `TextContent(_:)`,
/// which detects links again; a forced-bubble `.text("🎉")` stays text and a large
/// `.emoji` stays emoji, because the kind is stored.
struct ContentColumns: Equatable {
    var kind: String
    var subkind: String?
    var body: String?
    var detail: String?
    var bytes: Data?

    /// The columns for `content`.
    init(_ content: MessageContent, payloads: PayloadRegistry) throws {
        switch content {
        case .text(let text):
            let mentions = text.detections.compactMap { detection -> MentionRecord? in
                guard case .mention(let id) = detection.kind else { return nil }
                return MentionRecord(start: detection.utf8Range.lowerBound, end: detection.utf8Range.upperBound, id: id)
            }
            // Markdown is a subkind: a build that knows no formats reads it as plain text.
            self.init(
                kind: "text", subkind: text.format == .markdown ? "markdown" : nil, body: text.string,
                detail: mentions.isEmpty ? nil : try Self.json(mentions))
        case .emoji(let emoji):
            self.init(kind: "emoji", body: emoji)
        case .notice(let notice):
            self.init(kind: "notice", subkind: notice.kind == .timestamp ? "timestamp" : "system", body: notice.text)
        case .image(let image):
            let (subkind, location, bytes) = Self.columns(of: image.source)
            let record = ImageRecord(location: location, width: image.sizeHint?.width, height: image.sizeHint?.height)
            self.init(kind: "image", subkind: subkind, body: image.caption, detail: try Self.json(record), bytes: bytes)
        case .collection(let collection):
            let record = CollectionRecord(rows: collection.rows, items: collection.items.map(CollectionRecord.Item.init))
            self.init(kind: "collection", detail: try Self.json(record))
        case .custom(let custom):
            let (kind, summary, json) = try payloads.encode(custom)
            self.init(kind: "custom", subkind: kind, body: summary, detail: json.map { String(decoding: $0, as: UTF8.self) })
        case .deleted:
            self.init(kind: "deleted")
        case .file, .location, .contact:
            self = try Self.card(content)!
        case .audio, .video:
            self = try Self.media(content)!
        }
    }

    /// Columns as read from a row.
    init(kind: String, subkind: String? = nil, body: String? = nil, detail: String? = nil, bytes: Data? = nil) {
        self.kind = kind
        self.subkind = subkind
        self.body = body
        self.detail = detail
        self.bytes = bytes
    }

    /// The content these columns hold, or `nil` when they are not something this build
    /// wrote (the caller reports the row as damaged).
    func content(payloads: PayloadRegistry) -> MessageContent? {
        switch kind {
        case "text":
            guard let body else { return nil }
            if subkind == "markdown" { return .text(TextContent(markdown: body)) }
            guard detail != nil else { return .text(TextContent(body)) }
            guard let mentions: [MentionRecord] = decode(), mentions.allSatisfy({ $0.start <= $0.end }) else { return nil }
            return .text(TextContent(body, mentions: mentions.map { ($0.start..<$0.end, $0.id) }))
        case "emoji":
            return body.map { .emoji($0) }
        case "notice":
            guard let body else { return nil }
            switch subkind {
            case "system": return .notice(Notice(text: body, kind: .system))
            case "timestamp": return .notice(Notice(text: body, kind: .timestamp))
            default: return nil
            }
        case "image":
            guard let record: ImageRecord = decode(), let source = imageSource(record.location) else { return nil }
            let size = record.width.flatMap { width in record.height.map { Size(width: width, height: $0) } }
            return .image(ImageContent(source: source, sizeHint: size, caption: body))
        case "collection":
            guard let record: CollectionRecord = decode() else { return nil }
            let items = record.items.map(\.item)
            guard !items.contains(where: { $0 == nil }) else { return nil }
            return .collection(CollectionContent(items: items.compactMap { $0 }, rows: record.rows))
        case "custom":
            guard let subkind else { return nil }
            let payload = payloads.decode(kind: subkind, summary: body ?? "", json: detail.map { Data($0.utf8) })
            return .custom(CustomContent(payload))
        case "deleted":
            return .deleted
        case "file", "location", "contact":
            return cardContent()
        case "audio", "video":
            return mediaContent()
        default:
            return nil
        }
    }

    /// How a size hint's non-finite numbers are written in JSON.
    private static let infinity = "inf", nan = "nan"

    func imageSource(_ location: String?) -> ImageSource? {
        switch subkind {
        case "file": return location.map { .file(path: $0) }
        case "url": return location.flatMap(URL.init(string:)).map { .url($0) }
        case "data": return .data(bytes ?? Data())
        default: return nil
        }
    }

    static func columns(of source: ImageSource) -> (String, String?, Data?) {
        switch source {
        case .file(let path): return ("file", path, nil)
        case .url(let url): return ("url", url.absoluteString, nil)
        case .data(let data): return ("data", nil, data)
        }
    }

    func decode<Record: Decodable>() -> Record? {
        guard let detail else { return nil }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: Self.infinity, negativeInfinity: "-" + Self.infinity, nan: Self.nan)
        return try? decoder.decode(Record.self, from: Data(detail.utf8))
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: infinity, negativeInfinity: "-" + infinity, nan: nan)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// One mention in a text's `detail` JSON.
private struct MentionRecord: Codable {
    var start: Int
    var end: Int
    var id: String
}

/// An image's `detail` JSON: where it is (file path or URL) and its size hint.
private struct ImageRecord: Codable {
    var location: String?
    var width: Double?
    var height: Double?
}

/// A collection's `detail` JSON: its rows and items, image bytes in base 64.
private struct CollectionRecord: Codable {
    var rows: Int
    var items: [Item]

    /// One item: exactly one field is set.
    struct Item: Codable {
        var text: String?
        var file: String?
        var url: String?
        var data: Data?

        init(_ item: CollectionItem) {
            switch item {
            case .text(let text): self.text = text
            case .image(.file(let path)): file = path
            case .image(.url(let url)): self.url = url.absoluteString
            case .image(.data(let data)): self.data = data
            }
        }

        var item: CollectionItem? {
            if let text { return .text(text) }
            if let file { return .image(.file(path: file)) }
            if let url { return URL(string: url).map { .image(.url($0)) } }
            if let data { return .image(.data(data)) }
            return nil
        }
    }
}
