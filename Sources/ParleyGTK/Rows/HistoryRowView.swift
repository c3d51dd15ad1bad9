internal import CGtk4
import ParleyCore

/// A history row, above the oldest loaded message or below the newest after a jump: a
/// spinner while a page loads, a "Load earlier messages" button in manual mode, or the
/// error with a retry button. What it says comes from the style's ``ChatStrings``.
@MainActor
final class HistoryRowView {
    private let parent: Frame
    private lazy var spinner: WidgetPointer = {
        let spinner = gtk_spinner_new()!
        parent.add(spinner)
        return spinner
    }()
    private lazy var label: WidgetPointer = {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "history-label")
        gtk_label_set_ellipsize(label.ptr(), PANGO_ELLIPSIZE_END)
        parent.add(label)
        return label
    }()
    private lazy var button: WidgetPointer = {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "load-earlier")
        Signals.connect(button.raw, "clicked") { [weak self] in
            guard let self else { return }
            self.host?.activateHistory(self.edge)
        }
        parent.add(button)
        return button
    }()
    private weak var host: (any RowHost)?
    /// Which end of the messages the row stands at.
    private var edge = HistoryEdge.older
    /// Whether any part may be showing (parts are made on first use).
    private var isShowing = false

    init(parent: Frame) {
        self.parent = parent
    }

    /// Shows `indicator` at `edge`.
    func show(_ indicator: HistoryIndicator, edge: HistoryEdge, host: any RowHost) {
        self.host = host
        self.edge = edge
        isShowing = true
        let font = host.measurer.description(host.style.labelFont)
        let text = host.style.strings.history(indicator, edge: edge)
        parent.widget.setClass("failed", indicator.isFailure)
        guard indicator.isVisible else { return hide() }
        if text.showsSpinner {
            spinner.isShown = true
            gtk_spinner_start(spinner.ptr())
        } else {
            stopSpinner()
        }
        if let label = text.label {
            LabelText(self.label).show(label, font: font)
            self.label.isShown = true
        } else {
            self.label.isShown = false
        }
        if let action = text.action {
            gtk_button_set_label(button.ptr(), action)
            button.isShown = true
        } else {
            button.isShown = false
        }
    }

    /// Hides every part.
    func hide() {
        guard isShowing else { return }
        isShowing = false
        parent.widget.setClass("failed", false)
        stopSpinner()
        label.isShown = false
        button.isShown = false
    }

    private func stopSpinner() {
        gtk_spinner_stop(spinner.ptr())
        spinner.isShown = false
    }

    /// Places the parts, centred in `rect` (row coordinates), across the row's height.
    func place(_ rect: Rect, rowHeight: Double) {
        let spinnerSize = 16.0
        let labelWidth = label.isShown ? min(rect.width, naturalWidth(label)) : 0
        let buttonWidth = button.isShown ? min(rect.width - labelWidth, naturalWidth(button)) : 0
        let spinnerWidth = spinner.isShown ? spinnerSize + 8 : 0
        let total = spinnerWidth + labelWidth + (button.isShown && label.isShown ? 8 : 0) + buttonWidth
        var x = rect.minX + max(0, (rect.width - total) / 2)
        let middle = rowHeight / 2
        if spinner.isShown {
            spinner.place(x: x, y: middle - spinnerSize / 2, width: spinnerSize, height: spinnerSize)
            x += spinnerWidth
        }
        if label.isShown {
            let height = naturalHeight(label)
            label.place(x: x, y: middle - height / 2, width: labelWidth, height: height)
            x += labelWidth + 8
        }
        if button.isShown {
            let height = min(rowHeight, max(24, naturalHeight(button)))
            button.place(x: x, y: middle - height / 2, width: buttonWidth, height: height)
        }
    }

    private func naturalWidth(_ widget: WidgetPointer) -> Double {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Double(natural)
    }

    private func naturalHeight(_ widget: WidgetPointer) -> Double {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        return Double(natural)
    }
}
