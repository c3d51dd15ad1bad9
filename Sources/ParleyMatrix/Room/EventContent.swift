import Foundation
import ParleyCore

/// What a Matrix message event's content shows, as the core's ``MessageContent``.
enum EventContent {
    /// The content of an `m.room.message` body (`content`, or an edit's `m.new_content`).
    ///
    /// - Parameters:
    ///   - content: The event content.
    ///   - senderName: For emotes ("* Alice waves").
    ///   - mediaURL: The authenticated download address of an `mxc://` URI.
    static func message(
        _ content: JSONValue, senderName: String, mediaURL: (String) -> URL?
    ) -> MessageContent? {
        guard let type = content["msgtype"]?.string else { return nil }
        let body = stripReplyFallback(content["body"]?.string ?? "")
        switch type {
        case "m.text", "m.notice":
            return text(content, body: body)
        case "m.emote":
            return .text(TextContent("* \(senderName) \(body)"))
        case "m.image":
            guard let uri = content["url"]?.string, let url = mediaURL(uri) else { return .text(body) }
            let info = content["info"]
            var size: Size?
            if let width = info?["w"]?.number, let height = info?["h"]?.number, width > 0, height > 0 {
                size = Size(width: width, height: height)
            }
            // A body other than the file's name is a caption (Matrix 1.10 media captions).
            let filename = content["filename"]?.string
            let caption = filename != nil && filename != body ? body : nil
            return .image(ImageContent(source: .url(url), sizeHint: size, caption: caption))
        case "m.file", "m.audio", "m.video":
            let info = content["info"]
            return .file(FileContent(
                name: content["filename"]?.string ?? body, byteCount: info?["size"]?.number.map { Int64(saturating: $0) },
                mediaType: info?["mimetype"]?.string))
        default:
            return body.isEmpty ? nil : .text(TextContent(body))
        }
    }

    /// Text, formatted when the sender sent HTML (turned into Markdown, never drawn as HTML).
    static func text(_ content: JSONValue, body: String) -> MessageContent {
        if content["format"]?.string == "org.matrix.custom.html", let html = content["formatted_body"]?.string {
            let markdown = MatrixHTML.markdown(from: html)
            if !markdown.isEmpty { return .markdown(markdown) }
        }
        return .text(body)
    }

    /// `body` without the quoted lines of an older client's reply fallback
    /// (`> <@alice:server> original` then a blank line).
    static func stripReplyFallback(_ body: String) -> String {
        guard body.hasPrefix("> ") else { return body }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let blank = lines.firstIndex(where: { $0.isEmpty }), lines[..<blank].allSatisfy({ $0.hasPrefix(">") }) else {
            return body
        }
        return lines[(blank + 1)...].joined(separator: "\n")
    }

    /// The `m.room.message` content that sends `text`.
    static func outgoing(text: String, replyTo: String? = nil) -> JSONValue {
        var content: [String: JSONValue] = ["msgtype": "m.text", "body": .string(text)]
        if let replyTo { content["m.relates_to"] = ["m.in_reply_to": ["event_id": .string(replyTo)]] }
        return .object(content)
    }
}
