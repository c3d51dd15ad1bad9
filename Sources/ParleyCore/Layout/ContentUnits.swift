/// The units a custom message sizes itself in, so that one ``CustomPayload`` serves a
/// terminal (cells) and a window (pixels) alike.
///
/// Describe a size in characters and lines of the body text; the front end's measurer
/// turns that into its own units:
///
/// ```swift
/// func size(fitting width: Double, in units: ContentUnits) -> Size {
///     Size(width: min(width, units.width(characters: 24)), height: units.height(lines: 4))
/// }
/// ```
public struct ContentUnits: Sendable {
    /// The front end's measurer, for measuring text exactly (``width(of:)``).
    public let measurer: any TextMeasurer
    /// The body text's font.
    public let font: FontSpec
    /// The width of one character ("0") of the body text.
    public let characterWidth: Double
    /// The height of one line of the body text.
    public let lineHeight: Double
    /// The gap between stacked lines of a card (rows of a poll, say): none in cells, a
    /// little air in pixels.
    public let lineGap: Double

    /// The units of `style` (in the front end's metrics) measured by `measurer`.
    public init(style: ChatStyle, measurer: any TextMeasurer) {
        self.measurer = measurer
        font = style.bodyFont
        let zero = measurer.measure("0", font: style.bodyFont, maxWidth: .infinity).size
        characterWidth = max(zero.width, 0.01)
        lineHeight = max(zero.height, 0.01)
        lineGap = style.metrics.unitAspect > 1 ? 0 : (lineHeight * 0.4).rounded(.up)
    }

    /// The width of `count` characters.
    public func width(characters count: Double) -> Double {
        (count * characterWidth).rounded(.up)
    }

    /// The height of `count` stacked lines, with ``lineGap`` between them.
    public func height(lines count: Double) -> Double {
        guard count > 0 else { return 0 }
        return (count * lineHeight + (count - 1).rounded(.up) * lineGap).rounded(.up)
    }

    /// The width of `text` on one line in the body font.
    public func width(of text: String) -> Double {
        measurer.measure(text, font: font, maxWidth: .infinity).size.width
    }
}
