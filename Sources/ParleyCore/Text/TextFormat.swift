/// How a message's text is written: a choice the app makes per message
/// (``TextContent/init(markdown:)``); the text is stored as received either way.
public enum TextFormat: String, Hashable, Sendable {
    /// Plain text, drawn as it is.
    case plain
    /// CommonMark with GitHub's extensions (bold, italic, strike, code, code blocks,
    /// links, lists, quotes, tables), drawn formatted. Raw HTML and images are never
    /// rendered: HTML shows as its text, an image as its description.
    case markdown
}

/// Turns written text into what is drawn: the drawn string, its links, and the styled
/// spans over it. ParleyMarkdown's `CommonMarkFormatter` is the Markdown one; both front
/// ends install it in ``ChatStyle/markdown``.
///
/// Implementations must be pure and thread-safe (layouts are computed off the main
/// actor) and linear in the source: it may be hostile.
public protocol TextFormatter: Sendable {
    /// The drawn form of `source`.
    func format(_ source: String) -> FormattedText

    /// `source` told on one line: its words as drawn, without what only decorates (a
    /// quote's bar, a rule), runs of spaces and line breaks as one space. For accessible
    /// names, plain transcripts, search snippets and quotes (``ChatStyle/summary(of:)``).
    /// The default is ``format(_:)``'s string on one line.
    func summary(_ source: String) -> String
}

extension TextFormatter {
    /// ``format(_:)``'s string, runs of spaces and line breaks as one space.
    public func summary(_ source: String) -> String {
        FormattedText.oneLine(format(source).content.string)
    }
}

extension FormattedText {
    /// `text` with every run of spaces and line breaks as one space, trimmed.
    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Written text as drawn: the string with its links and detections
/// (``TextContent``), and the spans that style it.
public struct FormattedText: Hashable, Sendable {
    /// The text to draw (Markdown syntax gone, list markers and quote bars in), with
    /// the links of the source and whatever ``TextDetector`` finds in it.
    public var content: TextContent
    /// The styles over ``content``'s string, as UTF-8 ranges, in order of position; they
    /// may nest (bold inside a quote).
    public var spans: [FormatSpan]

    /// Creates a formatted text.
    public init(content: TextContent, spans: [FormatSpan]) {
        self.content = content
        self.spans = spans
    }
}

/// A styled range of drawn text.
public struct FormatSpan: Hashable, Sendable {
    /// The styles of the range.
    public var style: SpanStyle
    /// The range, in UTF-8 offsets of the drawn string.
    public var utf8Range: Range<Int>

    /// Creates a span.
    public init(_ style: SpanStyle, utf8Range: Range<Int>) {
        self.style = style
        self.utf8Range = utf8Range
    }
}

/// The styles a span carries; front ends map them to Pango attributes or SGR.
public struct SpanStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    /// Creates a style set.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Strong emphasis.
    public static let bold = SpanStyle(rawValue: 1 << 0)
    /// Emphasis.
    public static let italic = SpanStyle(rawValue: 1 << 1)
    /// Struck through (GitHub's `~~text~~`).
    public static let strikethrough = SpanStyle(rawValue: 1 << 2)
    /// Inline code: monospace, on the code background.
    public static let code = SpanStyle(rawValue: 1 << 3)
    /// A code block: monospace lines on the code background.
    public static let codeBlock = SpanStyle(rawValue: 1 << 4)
    /// A block quote: drawn dimmer, after a bar.
    public static let quote = SpanStyle(rawValue: 1 << 5)
    /// A heading: bold.
    public static let heading = SpanStyle(rawValue: 1 << 6)
    /// A link's text (its target is a ``TextDetection`` over the same range).
    public static let link = SpanStyle(rawValue: 1 << 7)

    /// Whether the text is drawn in the monospace family.
    public var isMonospace: Bool { !isDisjoint(with: [.code, .codeBlock]) }
    /// Whether the text is drawn bold.
    public var isBold: Bool { !isDisjoint(with: [.bold, .heading]) }
}
