/// Measures text for the layout engine; each front end implements it in its own units.
///
/// GTK measures with Pango in pixels, the terminal in character cells. Implementations
/// must be pure (same input, same output) and thread-safe: layouts are computed ahead of
/// display, off the main actor, and cached.
///
/// Both requirements must agree on line breaking, so that a point inside a measured text
/// maps to the character drawn there.
public protocol TextMeasurer: Sendable {
    /// The size of `text` in `font`, wrapped to lines no wider than `maxWidth`.
    ///
    /// Empty text is one line of zero width. The width is the widest line's.
    func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics

    /// The UTF-8 offset of the character drawn at `point` (relative to the text's top-left)
    /// when `text` is laid out as in ``measure(_:font:maxWidth:)``; `nil` when no character
    /// is there. Drives taps on links.
    func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int?
    /// The size of drawn message text with its spans (bold, code...), which a measurer
    /// with proportional fonts measures with their fonts; by default as its plain string.
    func measure(_ text: DisplayText, font: FontSpec, maxWidth: Double) -> TextMetrics
    /// ``utf8Offset(at:in:font:maxWidth:)`` for drawn text with its spans.
    func utf8Offset(at point: Point, in text: DisplayText, font: FontSpec, maxWidth: Double) -> Int?
}

extension TextMeasurer {
    /// Measures the plain string: spans change no width in a monospace measurer.
    public func measure(_ text: DisplayText, font: FontSpec, maxWidth: Double) -> TextMetrics {
        measure(text.string, font: font, maxWidth: maxWidth)
    }

    /// Hit-tests the plain string: spans change no width in a monospace measurer.
    public func utf8Offset(at point: Point, in text: DisplayText, font: FontSpec, maxWidth: Double) -> Int? {
        utf8Offset(at: point, in: text.string, font: font, maxWidth: maxWidth)
    }
}

/// The result of measuring text.
public struct TextMetrics: Hashable, Sendable {
    /// Width of the widest line and total height.
    public var size: Size
    /// Number of lines after wrapping.
    public var lineCount: Int

    /// Creates text metrics.
    public init(size: Size, lineCount: Int) {
        self.size = size
        self.lineCount = lineCount
    }
}
