import Foundation

/// Message text with the links, e-mail addresses and phone numbers found in it.
///
/// Detection runs once, when the content is made, so front ends only style ranges.
/// The text is kept exactly as given; use ``InertText`` before showing it.
public struct TextContent: Hashable, Sendable {
    /// The text, unchanged.
    public let string: String
    /// What ``TextDetector`` found, in order of position.
    public let detections: [TextDetection]

    /// Wraps `string` and detects its links, addresses and phone numbers.
    public init(_ string: String) {
        self.string = string
        self.detections = TextDetector.detect(in: string)
    }

    /// Wraps `string` without detecting anything in it (for text that is never tapped).
    init(undetected string: String) {
        self.string = string
        self.detections = []
    }

    /// Decodes UTF-8 bytes, replacing each malformed sequence with U+FFFD, so that bytes
    /// from a network or a file never fail and never lose the valid parts.
    public init<Bytes: Collection>(utf8 bytes: Bytes) where Bytes.Element == UInt8 {
        self.init(String(decoding: bytes, as: UTF8.self))
    }

    /// Equal when the text is; detections follow from it.
    public static func == (lhs: TextContent, rhs: TextContent) -> Bool {
        lhs.string == rhs.string
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }
}

/// A run of text recognised as something actionable.
public struct TextDetection: Hashable, Sendable {
    /// What was found.
    public var kind: Kind
    /// Where, as UTF-8 byte offsets into the text (what Pango and byte buffers use).
    public var utf8Range: Range<Int>

    /// Creates a detection.
    public init(kind: Kind, utf8Range: Range<Int>) {
        self.kind = kind
        self.utf8Range = utf8Range
    }

    /// The detected range as string indices of `string` (the text it was found in).
    public func range(in string: String) -> Range<String.Index> {
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        let upper = utf8.index(lower, offsetBy: utf8Range.count)
        return lower..<upper
    }

    /// The URL to open when the detection is activated: the link itself, `mailto:` for an
    /// address, `tel:` for a phone number.
    public var target: URL? {
        switch kind {
        case .link(let url): return url
        case .email(let address): return URL(string: "mailto:" + address)
        case .phone(let number):
            let dialable = number.filter { $0.isNumber || $0 == "+" }
            return URL(string: "tel:" + dialable)
        }
    }

    /// The kinds of detection.
    public enum Kind: Hashable, Sendable {
        /// A web link; bare domains get `https://`.
        case link(URL)
        /// An e-mail address.
        case email(String)
        /// A phone number as written.
        case phone(String)
    }
}
