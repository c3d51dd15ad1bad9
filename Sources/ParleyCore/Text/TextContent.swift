import Foundation

/// Message text with the links, e-mail addresses and phone numbers found in it, and the
/// people it mentions.
///
/// Detection runs once, when the content is made, so front ends only style ranges.
/// Mentions are ranges too, not text: a message says "@Alice" and mentions the sender
/// `alice` (``init(_:mentions:)``, ``init(_:mentioning:)``), whatever her name becomes.
/// The text is kept exactly as given; use ``InertText`` before showing it.
public struct TextContent: Hashable, Sendable {
    /// The text, unchanged.
    public let string: String
    /// What ``TextDetector`` found and the mentions, in order of position.
    public let detections: [TextDetection]
    /// How ``string`` is written: plain, or Markdown the front ends draw formatted
    /// (``TextFormat``). The string stays as received either way.
    public private(set) var format: TextFormat = .plain

    /// The ids of the senders mentioned, in order.
    public var mentionedIDs: [String] {
        detections.compactMap { if case .mention(let id) = $0.kind { id } else { nil } }
    }

    /// Wraps `string`, detecting its links, addresses and phone numbers, with `mentions`:
    /// each a UTF-8 range of `string` and the mentioned sender's id. Ranges outside the
    /// text, not on character boundaries or overlapping an earlier mention are dropped; a
    /// detected link under a mention gives way to it.
    public init(_ string: String, mentions: [(utf8Range: Range<Int>, senderID: String)]) {
        self.string = string
        let given = mentions.filter { !$0.senderID.isEmpty }.map { TextDetection(kind: .mention($0.senderID), utf8Range: $0.utf8Range) }
        self.detections = Self.detections(in: string, given: given)
    }

    /// `given` detections (mentions, a formatter's links) that are inside `string`, on
    /// character boundaries and not overlapping an earlier one, and what ``TextDetector``
    /// finds outside them, in order of position.
    private static func detections(in string: String, given: [TextDetection]) -> [TextDetection] {
        let count = string.utf8.count
        var kept: [TextDetection] = []
        for detection in given.sorted(by: { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }) {
            let range = detection.utf8Range
            guard range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty,
                isBoundary(range.lowerBound, in: string), isBoundary(range.upperBound, in: string),
                kept.last.map({ $0.utf8Range.upperBound <= range.lowerBound }) ?? true
            else { continue }
            kept.append(detection)
        }
        let found = TextDetector.detect(in: string).filter { detection in
            !kept.contains { $0.utf8Range.overlaps(detection.utf8Range) }
        }
        return (kept + found).sorted { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }
    }

    /// Wraps `string`, mentioning each of `members` whose "@Name" it contains (the
    /// longest name first, not inside a word): what a composer sends after the user
    /// picked names from its suggestions.
    public init(_ string: String, mentioning members: [Sender]) {
        var mentions: [(utf8Range: Range<Int>, senderID: String)] = []
        let bytes = Array(string.utf8)
        for member in members.sorted(by: { $0.name.utf8.count > $1.name.utf8.count }) where !member.name.isEmpty {
            let needle = Array(("@" + member.name).utf8)
            var start = 0
            while start + needle.count <= bytes.count {
                guard bytes[start] == needle[0], Array(bytes[start..<(start + needle.count)]) == needle else {
                    start += 1
                    continue
                }
                let end = start + needle.count
                let before = start == 0 || !Self.isWordByte(bytes[start - 1])
                let after = end == bytes.count || !Self.isWordByte(bytes[end])
                let free = !mentions.contains { $0.utf8Range.overlaps(start..<end) }
                if before, after, free { mentions.append((start..<end, member.id)) }
                start = end
            }
        }
        self.init(string, mentions: mentions)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            || byte >= 0x80
    }

    private static func isBoundary(_ offset: Int, in string: String) -> Bool {
        let utf8 = string.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        return index.samePosition(in: string.unicodeScalars) != nil
    }

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

    /// Equal when the text and its mentions are (the other detections follow from the text).
    /// Wraps `string` with `links` — UTF-8 ranges of it and where they lead, as a
    /// formatter finds them (a Markdown link's text) — and what ``TextDetector`` finds
    /// outside them. Ranges outside the text or not on character boundaries are dropped.
    public init(_ string: String, links: [(utf8Range: Range<Int>, url: URL)]) {
        self.string = string
        self.detections = Self.detections(in: string, given: links.map { TextDetection(kind: .link($0.url), utf8Range: $0.utf8Range) })
    }

    /// Wraps Markdown `source` (CommonMark with GitHub's extensions), kept as received
    /// and drawn formatted where the style has a formatter (``ChatStyle/markdown``; both
    /// front ends install ParleyMarkdown's), as plain text elsewhere. Links, addresses and
    /// phone numbers are detected in the source as in plain text.
    public init(markdown source: String) {
        self.init(source)
        format = .markdown
    }

    public static func == (lhs: TextContent, rhs: TextContent) -> Bool {
        lhs.string == rhs.string && lhs.format == rhs.format && lhs.mentions == rhs.mentions
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }

    /// The mentions, as detections.
    var mentions: [TextDetection] {
        detections.filter { if case .mention = $0.kind { true } else { false } }
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
        case .mention(let id):
            return URL(string: "parley-mention:" + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
    }

    /// Whether activating it opens its ``target`` in the desktop's handler (links,
    /// addresses, numbers), or only tells the app (mentions).
    public var opensExternally: Bool {
        if case .mention = kind { return false }
        return true
    }

    /// The kinds of detection.
    public enum Kind: Hashable, Sendable {
        /// A web link; bare domains get `https://`.
        case link(URL)
        /// An e-mail address.
        case email(String)
        /// A phone number as written.
        case phone(String)
        /// A mention of the sender with this id.
        case mention(String)
    }
}
