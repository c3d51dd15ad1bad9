package import CGtk4

/// A top-level window, as ``ParleyApplication`` opens it: set its ``child`` to a
/// ``ChatScreen``'s widget.
///
/// ```swift
/// ParleyApplication(id: "org.example.Chat").run { window in
///     window.child = ChatScreen(conversation: chat).widget
/// }
/// ```
@MainActor
public final class Window {
    /// The GtkWindow.
    package let pointer: UnsafeMutablePointer<GtkWindow>

    /// Wraps a window Parley made; the window keeps this object alive (so an app may keep
    /// the GtkWindow only, as GTK apps do).
    package init(_ pointer: UnsafeMutablePointer<GtkWindow>) {
        self.pointer = pointer
        widget.pointer.keepAlive(self, key: "parley-window")
    }

    /// Creates a new top-level window (not yet shown: see ``present()``), of `width` by
    /// `height` pixels at first.
    public convenience init(title: String = "", width: Int = 420, height: Int = 720) {
        let window = gtk_window_new()!.cast(to: GtkWindow.self)
        self.init(window)
        self.title = title
        gtk_window_set_default_size(window, Int32(clamping: width), Int32(clamping: height))
    }

    /// The window's title bar text.
    public var title: String {
        get { gtk_window_get_title(pointer).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(pointer, newValue) }
    }

    /// What the window shows: a ``ChatScreen``'s ``ChatScreen/widget``, or any widget.
    public var child: Widget? {
        get { gtk_window_get_child(pointer).map(Widget.init) }
        set { gtk_window_set_child(pointer, newValue?.pointer) }
    }

    /// The window as a widget: for screenshots, or for GTK's C API through
    /// ``Widget/gtkWidget``.
    public var widget: Widget { Widget(pointer.asWidget) }

    /// Shows the window and brings it to the front.
    public func present() {
        gtk_window_present(pointer)
    }

    /// Closes the window, as its close button would.
    public func close() {
        gtk_window_close(pointer)
    }
}
