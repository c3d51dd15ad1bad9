/// Message text as it is drawn: made inert (``InertText``), with detections that index
/// into the drawn string.
public struct DisplayText: Hashable, Sendable {
    /// The string to draw.
    public let string: String
    /// Links, addresses and phone numbers, as UTF-8 ranges of ``string``.
    public let detections: [TextDetection]

    /// The drawn form of `content`. When making it inert changed nothing (the usual case),
    /// the detections are the content's own; otherwise they are found again in the
    /// drawn string so their ranges stay right.
    public init(_ content: TextContent) {
        let shown = InertText.display(content.string)
        if shown == content.string {
            string = content.string
            detections = content.detections
        } else {
            string = shown
            detections = TextDetector.detect(in: shown)
        }
    }

    /// The detection covering UTF-8 offset `offset`, if any.
    public func detection(atUTF8Offset offset: Int) -> TextDetection? {
        detections.first { $0.utf8Range.contains(offset) }
    }
}
