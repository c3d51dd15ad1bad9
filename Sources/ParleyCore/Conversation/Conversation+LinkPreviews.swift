import Foundation

/// Link previews: shown under a text message's first web link.
extension Conversation {
    /// Shows `preview` under message `id` (or takes it away, `nil`). A preview with
    /// nothing to show (``LinkPreview/isEmpty``) or one for a deleted message is not
    /// kept; setting what is there already changes nothing.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func setLinkPreview(_ preview: LinkPreview?, for id: MessageID, animated: Bool = true) throws(ConversationError) {
        guard let current = message(id) else { throw .unknownID(id) }
        let kept = preview.flatMap { $0.isEmpty || current.isDeleted ? nil : $0 }
        guard current.linkPreview != kept else { return }
        try update(id, animated: animated) { $0.linkPreview = kept }
    }
}

extension MessageContent {
    /// The link a preview of this content is about: the text's first http or https link
    /// (in a Markdown text, the first one in its source), or `nil` for other content.
    public var previewableLink: URL? {
        guard case .text(let text) = self else { return nil }
        return text.previewableLink
    }
}

extension TextContent {
    /// The first http or https link of the text, looked for in its first few kilobytes.
    public var previewableLink: URL? {
        func web(_ detections: [TextDetection]) -> URL? {
            for detection in detections {
                guard case .link(let url) = detection.kind, let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else { continue }
                return url
            }
            return nil
        }
        if format == .plain { return web(detections) }
        // Markdown's brackets and emphasis marks become spaces, so that `[post](URL)` and
        // `<URL>` read as the URL alone.
        let (start, _) = RowLayoutBuilder.utf8Prefix(of: string, bytes: 8192)
        let unmarked = String(start.map { "[]()<>*`".contains($0) ? " " : $0 })
        return web(TextDetector.detect(in: unmarked))
    }
}
