/// Where a link preview sits inside its bubble, under the text, and what it says.
///
/// Front ends draw a bar in the side's link colour along ``bar``, the site in
/// ``siteFont`` in ``siteFrame``, the title in ``titleFont`` in ``titleFrame`` (at most
/// ``ChatMetrics/linkPreviewTitleLines`` lines) and the summary in ``summaryFont`` in
/// ``summaryFrame`` (at most ``ChatMetrics/linkPreviewSummaryLines`` lines), each cut
/// with "…" where it does not fit, and the picture, when there is one, filling
/// ``imageFrame``. Tapping any of it is ``MessengerEvent/tapLink(_:_:)`` with the link.
public struct LinkPreviewLayout: Hashable, Sendable {
    /// The whole preview, in row coordinates.
    public var frame: Rect
    /// The bar along its leading edge.
    public var bar: Rect
    /// The site's name (``LinkPreview/displaySite``).
    public var siteFrame: Rect?
    /// The page's title.
    public var titleFrame: Rect?
    /// The page's summary.
    public var summaryFrame: Rect?
    /// The page's picture.
    public var imageFrame: Rect?
    /// The preview shown: its texts as drawn, its link and its picture's source.
    public var preview: LinkPreview
    /// What a screen reader says for it (``ChatStrings/linkPreviewName``).
    public var accessibleName: String
    /// The site's font: the style's label font.
    public var siteFont: FontSpec
    /// The title's font: the body font, bold.
    public var titleFont: FontSpec
    /// The summary's font: the body font a point smaller (never below the label font).
    public var summaryFont: FontSpec

    /// The preview with every frame changed by `transform`.
    func mapped(_ transform: (Rect) -> Rect) -> LinkPreviewLayout {
        var moved = self
        moved.frame = transform(frame)
        moved.bar = transform(bar)
        moved.siteFrame = siteFrame.map(transform)
        moved.titleFrame = titleFrame.map(transform)
        moved.summaryFrame = summaryFrame.map(transform)
        moved.imageFrame = imageFrame.map(transform)
        return moved
    }
}
