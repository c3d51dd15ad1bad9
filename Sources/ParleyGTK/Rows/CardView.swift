internal import CGtk4
import ParleyCore

/// A file, location or contact card in a bubble (CSS node `card`), its parts at the
/// frames of the core's ``CardLayout``: the icon (`label.card-icon`), lines
/// (`label.card-title`, `.card-detail`, `.card-link`, `.card-failure`), a download bar
/// (`card-progress` with its `card-progress-fill`, `label.card-percent`), buttons
/// (`card-button`) and a location's picture (through the image loader).
///
/// Taps reach the list's hit test like every other tap, which turns them into
/// ``MessengerEvent/tapFile(_:_:)``, ``MessengerEvent/tapLocation(_:)`` or
/// ``MessengerEvent/tapContact(_:_:)``.
@MainActor
final class CardView {
    private let card = Frame(cssName: "card", role: GTK_ACCESSIBLE_ROLE_GROUP)
    private let icon = gtk_label_new(nil)!
    private var lineLabels: [WidgetPointer] = []
    private var buttonFrames: [(frame: Frame, label: WidgetPointer)] = []
    private var progressTrack: Frame?
    private var progressFill: Frame?
    private var percentLabel: WidgetPointer?
    private var mediaView: MediaView?
    private var layout: CardLayout?
    private var accessibleName = ""

    init(parent: Frame) {
        parent.add(card.widget)
        gtk_widget_add_css_class(icon, "card-icon")
        gtk_label_set_xalign(icon.ptr(), 0.5)
        gtk_label_set_yalign(icon.ptr(), 0.5)
        icon.setAccessibleHidden(true)
        card.add(icon)
        card.widget.isShown = false
        card.handlers.allocate = { [weak self] _, _ in self?.allocate() }
    }

    /// Shows `layout`, the card of `content`.
    func show(_ layout: CardLayout, of content: MessageContent, host: any RowHost) {
        self.layout = layout
        card.widget.isShown = true
        for kind in ["file", "location", "contact"] { card.widget.setClass(kind, false) }
        switch layout.icon {
        case .file: card.widget.setClass("file", true)
        case .location: card.widget.setClass("location", true)
        case .contact: card.widget.setClass("contact", true)
        }
        if layout.accessibleName != accessibleName {
            accessibleName = layout.accessibleName
            card.widget.setAccessibleLabel(accessibleName)
        }
        gtk_label_set_text(icon.ptr(), layout.icon.symbol)  // sized by CSS: larger than text
        showLines(layout.lines, host: host)
        showProgress(layout.progress, host: host)
        showButtons(layout.buttons, host: host)
        if layout.picture != nil, case .location(let location) = content, let source = location.picture {
            media.show(source, host: host)
        } else {
            mediaView?.hide()
        }
        gtk_widget_queue_allocate(card.widget)
    }

    /// Hides the card.
    func hide() {
        guard card.widget.isShown else { return }
        card.widget.isShown = false
        layout = nil
        mediaView?.hide()
    }

    /// Places the card at `rect` of the bubble (its content frame).
    func place(_ rect: Rect) {
        guard card.widget.isShown else { return }
        card.widget.place(rect)
    }

    // MARK: Parts

    private var media: MediaView {
        if let mediaView { return mediaView }
        let view = MediaView(parent: card)
        mediaView = view
        return view
    }

    private func showLines(_ lines: [CardLine], host: any RowHost) {
        while lineLabels.count < lines.count {
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.ptr(), 0)
            gtk_label_set_single_line_mode(label.ptr(), 1)
            card.add(label)
            lineLabels.append(label)
        }
        for (index, label) in lineLabels.enumerated() {
            guard index < lines.count else {
                label.isShown = false
                continue
            }
            let line = lines[index]
            let font = line.role == .title ? host.style.bodyFont : host.style.labelFont
            LabelText(label).show(line.text, font: host.measurer.description(font))
            for (role, name) in [(CardLine.Role.title, "card-title"), (.detail, "card-detail"), (.link, "card-link"), (.failure, "card-failure")] {
                label.setClass(name, role == line.role)
            }
            label.setAccessibleLabel(line.accessibleName ?? line.text)
            label.isShown = true
        }
    }

    private func showProgress(_ progress: CardProgress?, host: any RowHost) {
        guard let progress else {
            progressTrack?.widget.isShown = false
            percentLabel?.isShown = false
            return
        }
        if progressTrack == nil {
            let track = Frame(cssName: "card-progress", role: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR)
            let fill = Frame(cssName: "card-progress-fill")
            track.add(fill.widget)
            track.handlers.allocate = { [weak self, weak fill] width, height in
                guard let fill, let fraction = self?.layout?.progress?.fraction else { return }
                fill.widget.place(x: 0, y: 0, width: (width * fraction).rounded(), height: height)
            }
            card.add(track.widget)
            let label = gtk_label_new(nil)!
            gtk_widget_add_css_class(label, "card-percent")
            gtk_label_set_xalign(label.ptr(), 1)
            card.add(label)
            progressTrack = track
            progressFill = fill
            percentLabel = label
        }
        progressTrack?.widget.isShown = true
        progressTrack?.widget.setAccessibleLabel(progress.label)
        if let percentLabel {
            LabelText(percentLabel).show(progress.label, font: host.measurer.description(host.style.labelFont))
            percentLabel.isShown = true
        }
    }

    private func showButtons(_ buttons: [CardButton], host: any RowHost) {
        while buttonFrames.count < buttons.count {
            let frame = Frame(cssName: "card-button", role: GTK_ACCESSIBLE_ROLE_BUTTON)
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.ptr(), 0.5)
            label.setAccessibleHidden(true)
            frame.add(label)
            frame.handlers.allocate = { [label] width, height in
                label.place(x: 0, y: 0, width: width, height: height)
            }
            card.add(frame.widget)
            buttonFrames.append((frame, label))
        }
        for (index, button) in buttonFrames.enumerated() {
            guard index < buttons.count else {
                button.frame.widget.isShown = false
                continue
            }
            LabelText(button.label).show(buttons[index].label, font: host.measurer.description(host.style.labelFont))
            button.frame.widget.setAccessibleLabel(buttons[index].label)
            button.frame.widget.isShown = true
        }
    }

    // MARK: Geometry

    private func allocate() {
        guard let layout else { return }
        let origin = layout.frame.origin
        func local(_ rect: Rect) -> Rect { rect.offsetBy(dx: -origin.x, dy: -origin.y) }
        if let picture = layout.picture { mediaView?.place(local(picture)) }
        icon.place(local(layout.iconFrame))
        for (label, line) in zip(lineLabels, layout.lines) { label.place(local(line.frame)) }
        if let progress = layout.progress {
            progressTrack?.widget.place(local(progress.bar))
            percentLabel?.place(local(progress.labelFrame))
        }
        for (button, spec) in zip(buttonFrames, layout.buttons) { button.frame.widget.place(local(spec.frame)) }
    }
}
