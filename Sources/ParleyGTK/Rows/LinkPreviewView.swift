internal import CGtk4
import ParleyCore

/// A link preview inside its bubble, under the text (CSS node `link-preview`): a bar
/// (`link-preview-bar`), the site (`label.preview-site`), the title
/// (`label.preview-title`), the summary (`label.preview-summary`), each cut with "…" at
/// its lines, and the picture, at the frames of the core's ``LinkPreviewLayout``. A click
/// on it reaches the presenter through the list's hit test, as a tap on the link.
@MainActor
final class LinkPreviewView {
    private let frame = Frame(cssName: "link-preview")
    private let bar = Frame(cssName: "link-preview-bar")
    private let site: WidgetPointer
    private let title: WidgetPointer
    private let summary: WidgetPointer
    private let media: MediaView
    private var layout: LinkPreviewLayout?

    /// The preview's widget.
    var widget: WidgetPointer { frame.widget }

    init(parent: Frame) {
        site = Self.label("preview-site")
        title = Self.label("preview-title")
        summary = Self.label("preview-summary")
        frame.add(bar.widget)
        frame.add(site)
        frame.add(title)
        frame.add(summary)
        media = MediaView(parent: frame)
        parent.add(frame.widget)
        frame.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    private static func label(_ cssClass: String) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_xalign(label.ptr(), 0)
        gtk_label_set_wrap(label.ptr(), 1)
        gtk_label_set_wrap_mode(label.ptr(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
        return label
    }

    /// Shows `layout` in the fonts of `style`.
    func show(_ layout: LinkPreviewLayout, host: any RowHost) {
        self.layout = layout
        let style = host.style
        let metrics = style.metrics
        func fill(_ label: WidgetPointer, _ text: String?, _ frame: Rect?, font: FontSpec, lines: Int) {
            guard let text, frame != nil else {
                if label.isShown { label.isShown = false }
                return
            }
            gtk_label_set_lines(label.ptr(), Int32(clamping: lines))
            LabelText(label).show(text, font: host.measurer.description(font))
            label.isShown = true
        }
        fill(site, layout.preview.displaySite, layout.siteFrame, font: layout.siteFont, lines: 1)
        fill(title, layout.preview.title, layout.titleFrame, font: layout.titleFont, lines: metrics.linkPreviewTitleLines)
        fill(summary, layout.preview.summary, layout.summaryFrame, font: layout.summaryFont, lines: metrics.linkPreviewSummaryLines)
        if let image = layout.preview.image, layout.imageFrame != nil { media.show(image, host: host) } else { media.hide() }
        frame.widget.isShown = true
        frame.widget.setAccessibleLabel(layout.accessibleName)
    }

    /// Hides the preview.
    func hide() {
        if frame.widget.isShown { frame.widget.isShown = false }
        media.hide()
        layout = nil
    }

    /// Places the preview at its frame, relative to the bubble at `origin` (row coordinates).
    func place(relativeTo origin: Point) {
        guard let layout, frame.widget.isShown else { return }
        frame.widget.place(layout.frame, dx: -origin.x, dy: -origin.y)
    }

    private func allocate() {
        guard let layout else { return }
        let origin = layout.frame.origin
        func put(_ widget: WidgetPointer, _ rect: Rect?) {
            guard let rect, widget.isShown else { return }
            widget.place(rect, dx: -origin.x, dy: -origin.y)
        }
        bar.widget.place(layout.bar, dx: -origin.x, dy: -origin.y)
        put(site, layout.siteFrame)
        put(title, layout.titleFrame)
        put(summary, layout.summaryFrame)
        if let image = layout.imageFrame { media.place(image.offsetBy(dx: -origin.x, dy: -origin.y)) }
    }
}
