internal import CGtk4
import ParleyCore

/// A picture in a bubble: the image once loaded, a placeholder with a spinner while it
/// loads, and the failure with a retry button when it cannot be loaded.
@MainActor
final class MediaView {
    private let parent: Frame
    private var source: ImageSource?
    private weak var host: (any RowHost)?
    // Made the first time they show.
    private var pictureWidget: WidgetPointer?
    private var placeholderView: Placeholder?
    private var picture: WidgetPointer {
        if let pictureWidget { return pictureWidget }
        let picture = gtk_picture_new()!
        gtk_widget_add_css_class(picture, "media")
        gtk_picture_set_content_fit(picture.ptr(), GTK_CONTENT_FIT_COVER)
        parent.add(picture)
        pictureWidget = picture
        return picture
    }
    private var placeholder: Placeholder {
        if let placeholderView { return placeholderView }
        let placeholder = Placeholder(parent: parent) { [weak self] in
            guard let self, let source = self.source else { return }
            self.host?.images.retry(source)
        }
        placeholderView = placeholder
        return placeholder
    }

    init(parent: Frame) {
        self.parent = parent
    }

    /// Shows the picture at `source` (or its loading or failed state).
    func show(_ source: ImageSource, host: any RowHost) {
        self.source = source
        self.host = host
        let metrics = host.style.metrics
        let scale = Double(max(1, gtk_widget_get_scale_factor(parent.widget)))
        let maxSize = Size(width: metrics.maxImageSize.width * scale, height: metrics.maxImageSize.height * scale)
        switch host.images.state(of: source, maxSize: maxSize) {
        case .loaded(let texture):
            gtk_picture_set_paintable(picture.ptr(), texture.paintable)
            picture.isShown = true
            picture.setAccessibleLabel(host.style.strings.photo)
            placeholderView?.hide()
        case .loading:
            hidePicture()
            placeholder.showLoading(host.style.strings)
        case .failed(let reason):
            hidePicture()
            placeholder.showFailure(reason, host.style.strings)
        }
    }

    /// Hides the picture and its placeholder.
    func hide() {
        source = nil
        hidePicture()
        placeholderView?.hide()
    }

    private func hidePicture() {
        if let pictureWidget, pictureWidget.isShown { pictureWidget.isShown = false }
    }

    /// Places the picture (or placeholder) at `rect` of the bubble.
    func place(_ rect: Rect) {
        guard source != nil else { return }
        if let pictureWidget, pictureWidget.isShown { pictureWidget.place(rect) }
        placeholderView?.place(rect)
    }
}

/// The stand-in for a picture that is not there: a spinner while loading; a message and
/// a retry button after a failure.
@MainActor
final class Placeholder {
    private let frame = Frame(cssName: "media-placeholder")
    private let spinner = gtk_spinner_new()!
    private let label = gtk_label_new(nil)!
    private let button = gtk_button_new_with_label("Retry")!

    init(parent: Frame, retry: @escaping @MainActor () -> Void) {
        gtk_widget_add_css_class(frame.widget, "media-placeholder")
        parent.add(frame.widget)
        frame.add(spinner)
        frame.add(label)
        frame.add(button)
        gtk_label_set_wrap(label.ptr(), 1)
        gtk_label_set_justify(label.ptr(), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(label.ptr(), 24)
        gtk_widget_add_css_class(button, "retry")
        Signals.connect(button.raw, "clicked") { retry() }
        frame.widget.isShown = false
        frame.handlers.allocate = { [weak self] width, height in self?.allocate(width: width, height: height) }
    }

    /// Shows the spinner.
    func showLoading(_ strings: ChatStrings) {
        frame.widget.isShown = true
        spinner.isShown = true
        gtk_spinner_start(spinner.ptr())
        label.isShown = false
        button.isShown = false
        frame.widget.setAccessibleLabel(strings.loadingPicture)
    }

    /// Shows why the picture is missing, with a retry button.
    func showFailure(_ reason: String, _ strings: ChatStrings) {
        frame.widget.isShown = true
        gtk_spinner_stop(spinner.ptr())
        spinner.isShown = false
        gtk_label_set_text(label.ptr(), strings.pictureUnavailable + "\n" + InertText.singleLine(reason))
        gtk_button_set_label(button.ptr(), strings.retry)
        label.isShown = true
        button.isShown = true
        frame.widget.setAccessibleLabel(strings.pictureUnavailable + ": " + InertText.singleLine(reason))
    }

    /// Hides the placeholder.
    func hide() {
        guard frame.widget.isShown else { return }
        gtk_spinner_stop(spinner.ptr())
        frame.widget.isShown = false
    }

    /// Places the placeholder at `rect` of its parent.
    func place(_ rect: Rect) {
        guard frame.widget.isShown else { return }
        frame.widget.place(rect)
    }

    private func allocate(width: Double, height: Double) {
        if spinner.isShown {
            spinner.place(x: (width - 24) / 2, y: (height - 24) / 2, width: 24, height: 24)
        }
        var y = height / 2
        if label.isShown {
            let labelHeight = min(height, label.minimumHeight(forWidth: width - 8))
            let buttonHeight = button.isShown ? 30.0 : 0
            y = max(0, (height - labelHeight - buttonHeight - 6) / 2)
            label.place(x: 4, y: y, width: max(0, width - 8), height: labelHeight)
            y += labelHeight + 6
        }
        if button.isShown {
            let buttonWidth = min(width - 8, 80)
            button.place(x: (width - buttonWidth) / 2, y: min(y, height - 30), width: buttonWidth, height: 30)
        }
    }
}
