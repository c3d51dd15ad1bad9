internal import CGtk4

/// A GTK widget: what Parley hands out to put in a window, and takes back as the widget
/// of a custom message kind.
///
/// A Parley widget (``ChatScreen/widget``, ``MessengerView/widget``...) lives as long as
/// the Parley object that made it, and once it is in a window the widget keeps that object
/// alive, so an app may keep only the window.
///
/// To use a widget with GTK's C API (`import CGtk4`) or another GTK binding, ``gtkWidget``
/// is its `GtkWidget *`, and ``init(gtkWidget:)`` wraps one an app made:
///
/// ```swift
/// let label = gtk_label_new("Hello")!
/// let widget = Widget(gtkWidget: label)
/// gtk_widget_add_css_class(widget.gtkWidget.assumingMemoryBound(to: GtkWidget.self), "title")
/// ```
public struct Widget: Hashable {
    /// The widget, for Parley's own calls into GTK.
    package let pointer: WidgetPointer

    /// Wraps a widget Parley made.
    package init(_ pointer: WidgetPointer) {
        self.pointer = pointer
    }

    /// Wraps a `GtkWidget *` an app made (GTK's C API or another binding). Parley takes
    /// its own reference where it keeps the widget, as GTK containers do, so a new
    /// widget's floating reference passes to Parley with it.
    ///
    /// - Precondition: `gtkWidget` points to a live GtkWidget.
    public init(gtkWidget: UnsafeMutableRawPointer) {
        let instance = gtkWidget.assumingMemoryBound(to: GTypeInstance.self)
        precondition(
            g_type_check_instance_is_a(instance, gtk_widget_get_type()) != 0,
            "Widget(gtkWidget:) needs a GtkWidget")
        pointer = gtkWidget.assumingMemoryBound(to: GtkWidget.self)
    }

    /// The widget's `GtkWidget *`, for GTK's C API or another GTK binding: the one way to
    /// the C object behind any Parley widget.
    public var gtkWidget: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// Sets what a screen reader calls the widget ("Garden café, 3 votes"): GTK's
    /// accessible label, which C callers set with a variadic function Swift cannot call.
    @MainActor
    public func setAccessibleLabel(_ label: String) {
        pointer.setAccessibleLabel(label)
    }
}
