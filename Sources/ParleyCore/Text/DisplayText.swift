/// Message text as it is drawn: made inert (``InertText``), with detections that index
/// into the drawn string.
public struct DisplayText: Hashable, Sendable {
    /// The string to draw.
    public let string: String
    /// Links, addresses and phone numbers, as UTF-8 ranges of ``string``.
    public let detections: [TextDetection]

    /// The drawn form of `content`. When making it inert changed nothing (the usual case),
    /// the detections are the content's own; otherwise their ranges are mapped onto the
    /// drawn string.
    public init(_ content: TextContent) {
        let shown = InertText.display(content.string)
        string = shown
        if shown == content.string || content.detections.isEmpty {
            detections = content.detections
        } else {
            let offsets = InertText.displayOffsets(of: content.string)
            detections = content.detections.map { detection in
                var mapped = detection
                mapped.utf8Range = offsets[detection.utf8Range.lowerBound]..<offsets[detection.utf8Range.upperBound]
                return mapped
            }
        }
    }

    /// The detection covering UTF-8 offset `offset`, if any.
    public func detection(atUTF8Offset offset: Int) -> TextDetection? {
        detections.first { $0.utf8Range.contains(offset) }
    }
}
