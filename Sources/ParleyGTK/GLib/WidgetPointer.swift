package import CGtk4
internal import CParleyGtk
import ParleyCore

/// A GtkWidget pointer, as GTK's constructors return it.
package typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The same object as the opaque pointer that calls on types without a public struct
    /// take (`GtkLabel *`, `GtkPicture *`...).
    package func ptr() -> OpaquePointer { OpaquePointer(self) }
    /// The same as ``ptr()`` for calls on opaque types.
    var opaque: OpaquePointer { OpaquePointer(self) }
    /// The same object as a typed pointer, for calls on types with a public struct
    /// (`GtkButton *`, `GtkBox *`...); the type comes from the call's parameter.
    package func ptr<T>() -> UnsafeMutablePointer<T> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self) }
    /// The same object as a pointer to a GTK type with a public struct (`GtkWindow`...).
    package func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
    /// The same object as an untyped pointer, for GObject calls.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }

    /// Adds or removes a CSS class.
    func setClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(self, name) } else { gtk_widget_remove_css_class(self, name) }
    }

    /// Shows or hides the widget without a relayout of its siblings.
    var isShown: Bool {
        get { gtk_widget_get_visible(self) != 0 }
        nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
    }

    /// Allocates the widget at a rectangle of its parent (pixels from the parent's
    /// top-left).
    ///
    /// Parley's frames come from the core's layout, so a measure is only what GTK asks
    /// for before an allocation that follows a change, and the cheapest one is made: the
    /// height for no particular width. A GtkLabel is not measured at all where GTK does
    /// not check (``GTK/measuresOnAllocation``, false in release builds): its measure would
    /// lay its text out once more, unwrapped, on top of the layout it draws, and its
    /// allocation needs nothing from it: GtkLabel makes its text layout when it first draws,
    /// at its allocated width, so a label whose frame paints its text
    /// (``MessengerView/paintsMessageText``) makes none. Where GTK measures, a label that
    /// wraps or ellipsizes first gives its layout the width it is about to be allocated
    /// (``LabelText/prepareLayout(width:)``), so the text is laid out once, where it is
    /// drawn. (A label's width measure would break the text at every character to find its
    /// minimum, which costs more than everything else in a row.)
    @MainActor
    func place(x: Double, y: Double, width: Double, height: Double) {
        let width = Int32(saturating: max(0, width.rounded()))
        let label = isLabel
        if label, GTK.measuresOnAllocation { LabelText(self).prepareLayout(width: Double(width)) }
        if !label || GTK.measuresOnAllocation {
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(self, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        }
        var point = graphene_point_t(x: Float(x.rounded()), y: Float(y.rounded()))
        let transform = gsk_transform_translate(nil, &point)
        gtk_widget_allocate(self, width, Int32(saturating: max(0, height.rounded())), -1, transform)
    }

    /// Whether the widget is a GtkLabel.
    var isLabel: Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(self)), gtk_label_get_type()) != 0
    }

    /// Allocates the widget at `rect`, moved by `dx`, `dy`.
    @MainActor
    func place(_ rect: Rect, dx: Double = 0, dy: Double = 0) {
        place(x: rect.minX + dx, y: rect.minY + dy, width: rect.width, height: rect.height)
    }

    /// Keeps the widget out of drawing and picking without unparenting it.
    var isChildVisible: Bool {
        get { gtk_widget_get_child_visible(self) != 0 }
        nonmutating set { gtk_widget_set_child_visible(self, newValue ? 1 : 0) }
    }

    /// The widget's preferred height at `width` (its minimum, which GTK guarantees).
    func minimumHeight(forWidth width: Double) -> Double {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(self, GTK_ORIENTATION_VERTICAL, Int32(saturating: width.rounded()), &minimum, &natural, nil, nil)
        return Double(minimum)
    }

    /// Keeps `owner` alive for as long as the widget lives (released when the widget is
    /// finalized), so an app may keep only the widget. `owner` must not hold a strong
    /// reference to this widget, or neither would ever go.
    func keepAlive(_ owner: AnyObject, key: String) {
        let retained = Unmanaged.passRetained(owner).toOpaque()
        g_object_set_data_full(UnsafeMutablePointer<GObject>(OpaquePointer(self)), key, retained) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

}

/// Holds a strong reference to a GObject for as long as a Swift object lives.
final class ObjectRef {
    let pointer: UnsafeMutableRawPointer
    init(sinking pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }
    deinit { g_object_unref(pointer) }
}

extension UnsafeMutablePointer where Pointee == GtkWindow {
    /// The window as the GtkWidget it also is.
    package var asWidget: WidgetPointer { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWidget.self) }
}
