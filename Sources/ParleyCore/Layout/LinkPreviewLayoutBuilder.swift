/// Lays out a link preview with its top-left at 0, 0: the part of ``RowLayoutBuilder``
/// behind ``LinkPreviewLayout``.
///
/// From the top: the site on one line, the title, the summary, then the picture as wide
/// as the text, keeping its shape (1.91 : 1, the Open Graph shape, until its size is
/// known) and no taller than ``ChatMetrics/linkPreviewImageHeight``.
struct LinkPreviewLayoutBuilder {
    let style: ChatStyle
    let measurer: any TextMeasurer

    /// The shape of a picture whose size is not known.
    static let defaultImageSize = Size(width: 1200, height: 628)

    /// The preview at most `maxWidth` wide, asking for ``ChatMetrics/linkPreviewWidth``
    /// (or `textWidth`, when the text above is wider).
    func layout(_ preview: LinkPreview, maxWidth: Double, textWidth: Double) -> LinkPreviewLayout {
        let metrics = style.metrics
        let width = max(1, min(maxWidth, max(textWidth, metrics.linkPreviewWidth)))
        let indent = metrics.quoteBarWidth + metrics.quoteGap
        let inner = max(1, width - indent)
        var y = 0.0
        var widest = 0.0
        func block(_ text: String?, font: FontSpec, lines: Int) -> Rect? {
            guard let text, !text.isEmpty, lines > 0 else { return nil }
            let measured = measurer.measure(text, font: font, maxWidth: inner)
            // Cut to `lines` lines: as tall as that many lines of the font.
            let height = measured.lineCount <= lines ? measured.size.height
                : measurer.measure(Array(repeating: "Ag", count: lines).joined(separator: "\n"), font: font, maxWidth: .infinity).size.height
            let rect = Rect(x: indent, y: y, width: min(inner, measured.size.width), height: height)
            widest = max(widest, rect.width)
            y = rect.maxY
            return rect
        }
        let fonts = Self.fonts(style)
        let site = block(preview.displaySite, font: fonts.site, lines: 1)
        let title = block(preview.title, font: fonts.title, lines: metrics.linkPreviewTitleLines)
        let summary = block(preview.summary, font: fonts.summary, lines: metrics.linkPreviewSummaryLines)
        var image: Rect?
        if preview.image != nil {
            let gap = y > 0 ? (metrics.unitAspect == 1 ? 6.0 : 0) : 0
            let hint = preview.imageSize ?? Self.defaultImageSize
            let shape = Size(width: hint.width, height: hint.height / metrics.unitAspect)
            // As wide as the preview's text column, unless that would be too tall.
            let scale = min(inner / shape.width, metrics.linkPreviewImageHeight / shape.height)
            let size = Size(
                width: max(1, (shape.width * scale).rounded(.down)), height: max(1, (shape.height * scale).rounded(.down)))
            image = Rect(x: indent, y: y + gap, width: size.width, height: size.height)
            widest = max(widest, size.width)
            y += gap + size.height
        }
        let frame = Rect(x: 0, y: 0, width: min(width, indent + widest), height: max(1, y))
        let strings = style.strings
        return LinkPreviewLayout(
            frame: frame, bar: Rect(x: 0, y: 0, width: metrics.quoteBarWidth, height: frame.height),
            siteFrame: site, titleFrame: title, summaryFrame: summary, imageFrame: image, preview: preview,
            accessibleName: strings.linkPreviewName(preview.displaySite, preview.title),
            siteFont: fonts.site, titleFont: fonts.title, summaryFont: fonts.summary)
    }

    /// The fonts of a preview's site, title and summary in `style`.
    static func fonts(_ style: ChatStyle) -> (site: FontSpec, title: FontSpec, summary: FontSpec) {
        var title = style.bodyFont
        title.weight = .bold
        var summary = style.bodyFont
        summary.size = max(style.labelFont.size, style.bodyFont.size - 1)
        return (style.labelFont, title, summary)
    }
}
