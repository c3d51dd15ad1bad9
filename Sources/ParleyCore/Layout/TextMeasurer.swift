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
