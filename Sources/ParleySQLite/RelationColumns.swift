import Foundation
import ParleyCore

/// A message's reply quote, reactions and earlier versions as the `relations` column's
/// JSON (schema version 2); `NULL` when it has none of them.
///
/// ```json
/// {"reply": {"id": "m1", "name": "Alice", "summary": "Dinner?", "date": 786000000},
///  "reactions": [{"key": "👍", "senders": ["bob", "me"]}],
///  "edits": [{"replacedAt": 786000100, "kind": "text", "body": "Dinner at 7?"}],
///  "readers": [{"id": "bob", "name": "Bob", "avatar": "initials"}],
///  "preview": {"url": "https://swift.org", "title": "Swift.org", "summary": "…",
///              "site": "Swift", "image": "https://swift.org/og.png", "width": 1200, "height": 630}}
/// ```
///
/// A reply's `"format": "markdown"` marks a summary of Markdown source (left out for
/// plain text). Dates are seconds since 2001-01-01 UTC, like the `date` column; an
/// earlier version's content is the five content columns (``ContentColumns``), image
/// bytes in base 64.
struct RelationColumns: Codable, Equatable {
    /// A reply quote (in `relations`, and a draft's `reply` column).
    struct Reply: Codable, Equatable {
        var id: String
        var name: String
        var summary: String
        var date: Double?
        /// "markdown" for a Markdown summary (`ReplyQuote.format`); left out for plain text.
        var format: String?

        init(_ quote: ReplyQuote) {
            id = quote.id.rawValue
            name = quote.senderName
            summary = quote.summary
            date = quote.date?.timeIntervalSinceReferenceDate
            format = quote.format == .plain ? nil : quote.format.rawValue
        }

        /// The quote again; a date that is not a finite number is left out, and a format
        /// not known is plain text.
        var quote: ReplyQuote {
            ReplyQuote(
                id: MessageID(id), senderName: name, summary: summary,
                date: date.flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil },
                format: format.flatMap(TextFormat.init(rawValue:)) ?? .plain)
        }
    }
    struct Reactions: Codable, Equatable {
        var key: String
        var senders: [String]
    }
    struct Edit: Codable, Equatable {
        var replacedAt: Double
        var kind: String
        var subkind: String?
        var body: String?
        var detail: String?
        var bytes: Data?
    }
    struct Reader: Codable, Equatable {
        var id: String
        var name: String
        var avatar: String
    }
    /// A link preview; its picture is a URL (`image`, `file:` for a file) or its bytes.
    struct Preview: Codable, Equatable {
        var url: String
        var title: String?
        var summary: String?
        var site: String?
        var image: String?
        var imageData: Data?
        var width: Double?
        var height: Double?

        init(_ preview: LinkPreview) {
            url = preview.url.absoluteString
            title = preview.title
            summary = preview.summary
            site = preview.siteName
            switch preview.image {
            case .url(let url): image = url.absoluteString
            case .file(let path): image = URL(fileURLWithPath: path).absoluteString
            case .data(let data): imageData = data
            case nil: break
            }
            width = preview.imageSize?.width
            height = preview.imageSize?.height
        }

        /// The preview again; `nil` when its link is not a URL.
        var preview: LinkPreview? {
            guard let link = URL(string: url) else { return nil }
            var source: ImageSource?
            if let imageData {
                source = .data(imageData)
            } else if let image, let imageURL = URL(string: image) {
                source = imageURL.isFileURL ? .file(path: imageURL.path) : .url(imageURL)
            }
            let size = width.flatMap { width in height.map { Size(width: width, height: $0) } }
            return LinkPreview(url: link, title: title, summary: summary, siteName: site, image: source, imageSize: size)
        }
    }
    var reply: Reply?
    var reactions: [Reactions]?
    var edits: [Edit]?
    var readers: [Reader]?
    var preview: Preview?

    /// The column's text for `message`, or `nil` when it has no relations.
    static func text(of message: Message, payloads: PayloadRegistry) throws -> String? {
        guard message.replyTo != nil || !message.reactions.isEmpty || !message.edits.isEmpty || !message.readers.isEmpty
            || message.linkPreview != nil
        else { return nil }
        var record = RelationColumns()
        record.reply = message.replyTo.map(Reply.init)
        record.reactions = message.reactions.isEmpty ? nil : message.reactions.map { Reactions(key: $0.key, senders: $0.senders) }
        if !message.edits.isEmpty {
            record.edits = try message.edits.map { edit in
                let columns = try ContentColumns(edit.content, payloads: payloads)
                return Edit(
                    replacedAt: edit.replacedAt.timeIntervalSinceReferenceDate, kind: columns.kind,
                    subkind: columns.subkind, body: columns.body, detail: columns.detail, bytes: columns.bytes)
            }
        }
        if !message.readers.isEmpty {
            record.readers = message.readers.map { Reader(id: $0.id, name: $0.name, avatar: AvatarColumn.text(of: $0.avatar)) }
        }
        record.preview = message.linkPreview.map(Preview.init)
        return try ContentColumns.json(record)
    }

    /// Fills `message`'s relations from the column's `text`; `false` when the text is not
    /// something this build wrote (the row is then reported as damaged).
    static func read(_ text: String?, into message: inout Message, payloads: PayloadRegistry) -> Bool {
        guard let text else { return true }
        guard let record = try? JSONDecoder().decode(RelationColumns.self, from: Data(text.utf8)) else { return false }
        func date(_ seconds: Double) -> Date? {
            seconds.isFinite ? Date(timeIntervalSinceReferenceDate: seconds) : nil
        }
        message.replyTo = record.reply?.quote
        message.reactions = (record.reactions ?? []).map { Reaction($0.key, by: $0.senders) }.filter { !$0.key.isEmpty && $0.count > 0 }
        var edits: [MessageEdit] = []
        for edit in record.edits ?? [] {
            let columns = ContentColumns(
                kind: edit.kind, subkind: edit.subkind, body: edit.body, detail: edit.detail, bytes: edit.bytes)
            guard let content = columns.content(payloads: payloads), let when = date(edit.replacedAt) else { return false }
            edits.append(MessageEdit(content: content, replacedAt: when))
        }
        message.edits = Array(edits.suffix(Message.editHistoryLimit))
        var readers: [Sender] = []
        for reader in record.readers ?? [] {
            guard let avatar = AvatarColumn.avatar(from: reader.avatar) else { return false }
            readers.append(Sender(id: reader.id, name: reader.name, avatar: avatar))
        }
        message.readers = readers
        if let preview = record.preview {
            guard let shown = preview.preview else { return false }
            message.linkPreview = shown.isEmpty ? nil : shown
        }
        if !message.edits.isEmpty { message.isEdited = true }
        return true
    }
}
