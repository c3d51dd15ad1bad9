internal import CGtk4
import ParleyCore

/// A reply's quote inside its bubble (CSS node `quote`): a bar (`quote-bar`), the quoted
/// sender's name (`label.quote-name`) and text (`label.quote-text`), each on one line,
/// at the frames of the core's ``QuoteLayout``. A click on it reaches the presenter
/// through the list's hit test, like every other tap.
@MainActor
final class QuoteView {
    private let frame = Frame(cssName: "quote")
    private let bar = Frame(cssName: "quote-bar")
    private let name: WidgetPointer
    private let text: WidgetPointer
    private var quote: QuoteLayout?

    /// The quote's widget.
    var widget: WidgetPointer { frame.widget }

    init(parent: Frame) {
        name = Self.line("quote-name")
        text = Self.line("quote-text")
        frame.add(bar.widget)
        frame.add(name)
        frame.add(text)
        parent.add(frame.widget)
        frame.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    private static func line(_ cssClass: String) -> WidgetPointer {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_xalign(label.ptr(), 0)
        gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label.ptr(), 1)
        return label
    }

    /// Shows `quote` in the fonts of `style`.
    func show(_ quote: QuoteLayout, host: any RowHost) {
        self.quote = quote
        let style = host.style
        LabelText(name).show(quote.name, font: host.measurer.description(style.nameFont))
        name.isShown = quote.nameFrame.height > 0
        LabelText(text).show(quote.text, font: host.measurer.description(style.bodyFont))
        text.setClass("unavailable", quote.isUnavailable)
        frame.widget.isShown = true
        frame.widget.setAccessibleLabel(quote.name.isEmpty ? quote.text : quote.name + ": " + quote.text)
    }

    /// Hides the quote.
    func hide() {
        if frame.widget.isShown { frame.widget.isShown = false }
        quote = nil
    }

    /// Places the quote at its frame, relative to the bubble at `origin` (row coordinates).
    func place(relativeTo origin: Point) {
        guard let quote, frame.widget.isShown else { return }
        frame.widget.place(quote.frame, dx: -origin.x, dy: -origin.y)
    }

    private func allocate() {
        guard let quote else { return }
        let origin = quote.frame.origin
        bar.widget.place(quote.bar, dx: -origin.x, dy: -origin.y)
        if name.isShown { name.place(quote.nameFrame, dx: -origin.x, dy: -origin.y) }
        text.place(quote.textFrame, dx: -origin.x, dy: -origin.y)
    }
}
