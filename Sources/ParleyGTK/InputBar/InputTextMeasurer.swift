import ParleyCore

/// The measurer an ``InputBarView`` lays its ``InputBar`` out with: Pango for everything,
/// plus the text view's own insets around the bar's text.
///
/// The core sizes the text frame as `visible lines × line height`, where the line height
/// is the measured height over the line count. The text view draws its lines inside
/// margins (``InputBarView/textInsets``), so the frame must be that much larger. For the
/// one call that measures the bar's text (its text, in its font, at the text frame's
/// width), this measurer narrows the width by the horizontal insets and adds the vertical
/// insets spread over the visible lines, so that the core's arithmetic gives
/// `visible lines × line height + insets`, exactly what the text view needs. Every other
/// call (item titles, line heights) goes to Pango unchanged.
struct InputTextMeasurer: TextMeasurer {
    /// Measures in pixels, as the labels and the text view draw.
    let base: PangoMeasurer
    /// The bar's text when the layout was asked for.
    let text: String
    /// The bar's font.
    let font: FontSpec
    /// The text view's margins around its lines.
    let insets: EdgeInsets
    /// The bar's ``InputBar/maxLines``.
    let maxLines: Int

    /// The widest a text frame can be; item titles are measured unbounded (wider still).
    private static let widestTextFrame: Double = 50_000

    func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        guard isBarText(text, font: font, maxWidth: maxWidth) else {
            return base.measure(text, font: font, maxWidth: maxWidth)
        }
        let inner = base.measure(text, font: font, maxWidth: max(1, maxWidth - insets.horizontal))
        let lines = max(1, inner.lineCount)
        let visible = min(lines, max(1, maxLines))
        let height = inner.size.height + insets.vertical * Double(lines) / Double(visible)
        return TextMetrics(
            size: Size(width: inner.size.width + insets.horizontal, height: height), lineCount: lines)
    }

    func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        guard isBarText(text, font: font, maxWidth: maxWidth) else {
            return base.utf8Offset(at: point, in: text, font: font, maxWidth: maxWidth)
        }
        let inner = Point(x: point.x - insets.left, y: point.y - insets.top)
        return base.utf8Offset(at: inner, in: text, font: font, maxWidth: max(1, maxWidth - insets.horizontal))
    }

    /// Whether a call measures the bar's text in its text frame (not an item's title,
    /// which is measured unbounded, nor an item's line height, measured at width 1).
    private func isBarText(_ text: String, font: FontSpec, maxWidth: Double) -> Bool {
        text == self.text && font == self.font && maxWidth != 1 && maxWidth < Self.widestTextFrame
    }
}
