internal import CGtk4
import ParleyCore

/// A collection message: cells (pictures or short texts) at the layout's item frames,
/// scrolling sideways when they extend past the bubble.
@MainActor
final class CollectionView {
    private let scroller: WidgetPointer
    private let grid = Frame(cssName: "collection", role: GTK_ACCESSIBLE_ROLE_LIST)
    private var accessibleName = ""
    private var cells: [Cell] = []
    private var frames: [Rect] = []
    private var isShown = false

    /// One cell: a picture or a label on a rounded card.
    @MainActor
    private final class Cell {
        let frame = Frame(cssName: "collection-cell", role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        let picture = gtk_picture_new()!
        let label = gtk_label_new(nil)!
        init() {
            gtk_widget_add_css_class(frame.widget, "collection-cell")
            gtk_widget_set_overflow(frame.widget, GTK_OVERFLOW_HIDDEN)
            gtk_picture_set_content_fit(picture.ptr(), GTK_CONTENT_FIT_COVER)
            gtk_label_set_wrap(label.ptr(), 1)
            gtk_label_set_justify(label.ptr(), GTK_JUSTIFY_CENTER)
            frame.add(picture)
            frame.add(label)
            frame.handlers.allocate = { [picture, label] width, height in
                let rect = Rect(x: 0, y: 0, width: width, height: height)
                if picture.isShown { picture.place(rect) }
                if label.isShown { label.place(Rect(x: 6, y: 0, width: max(0, width - 12), height: height)) }
            }
        }
    }

    init(parent: Frame) {
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.ptr(), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        // Its undershoots fade the edge where more cells wait (StyleSheet): the hint that
        // a row cut off at a narrow width scrolls.
        gtk_widget_add_css_class(scroller, "collection-scroller")
        gtk_scrolled_window_set_child(scroller.ptr(), grid.widget)
        parent.add(scroller)
        scroller.isShown = false
        grid.handlers.measure = { [weak self] vertical, _ in
            let extent = self?.frames.reduce(0.0) { max($0, vertical ? $1.maxY : $1.maxX) } ?? 0
            return (Int(saturating: extent.rounded(.up)), Int(saturating: extent.rounded(.up)))
        }
        grid.handlers.allocate = { [weak self] _, _ in
            guard let self else { return }
            for (cell, frame) in zip(self.cells, self.frames) { cell.frame.widget.place(frame) }
        }
    }

    /// Shows `content` with its cells at `frames` (relative to the content's origin).
    func show(_ content: CollectionContent, frames: [Rect], host: any RowHost) {
        isShown = true
        let name = host.style.strings.items(content.items.count)
        if name != accessibleName {
            accessibleName = name
            grid.widget.setAccessibleLabel(name)
        }
        scroller.isShown = true
        self.frames = Array(frames.prefix(content.items.count))
        while cells.count < self.frames.count {
            let cell = Cell()
            grid.add(cell.frame.widget)
            cells.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            guard index < self.frames.count else {
                cell.frame.widget.isShown = false
                continue
            }
            cell.frame.widget.isShown = true
            let frame = self.frames[index]
            switch content.items[index] {
            case .image(let source):
                let scale = Double(max(1, gtk_widget_get_scale_factor(scroller)))
                if case .loaded(let texture) = host.images.state(of: source, maxSize: Size(width: frame.width * scale, height: frame.height * scale)) {
                    gtk_picture_set_paintable(cell.picture.ptr(), texture.paintable)
                    cell.picture.isShown = true
                    cell.label.isShown = false
                } else {
                    cell.picture.isShown = false
                    gtk_label_set_text(cell.label.ptr(), "🖼")
                    cell.label.isShown = true
                }
                cell.frame.widget.setAccessibleLabel("Picture \(index + 1)")
            case .text(let text):
                cell.picture.isShown = false
                LabelText(cell.label).show(InertText.display(text), font: host.measurer.description(host.style.bodyFont))
                cell.label.isShown = true
                cell.frame.widget.setAccessibleLabel(InertText.singleLine(text))
            }
        }
        gtk_widget_queue_resize(grid.widget)
    }

    /// Hides the collection.
    func hide() {
        guard isShown else { return }
        isShown = false
        scroller.isShown = false
    }

    /// Places the scrolling area at `rect` of the bubble.
    func place(_ rect: Rect) {
        guard isShown else { return }
        scroller.place(rect)
    }
}
