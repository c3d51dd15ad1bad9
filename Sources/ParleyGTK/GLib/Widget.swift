import CGtk4
import CParleyGtk

/// A GtkWidget pointer, as GTK's constructors return it.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The same object as the opaque pointer that GTK's type-specific calls take
    /// (`GtkLabel *`, `GtkBox *`...).
    var opaque: OpaquePointer { OpaquePointer(self) }
    /// The same object as a pointer to a GTK type with a public struct (`GtkWindow`...).
    func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
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

    /// Allocates the widget at a rectangle of its parent, optionally moved by `dy` and
    /// faded to `opacity` (animations).
    func place(x: Double, y: Double, width: Double, height: Double) {
        let transform = gsk_transform_translate(nil, [graphene_point_t(x: Float(x), y: Float(y))])
        gtk_widget_allocate(self, Int32(max(0, width.rounded())), Int32(max(0, height.rounded())), -1, transform)
    }

    /// The widget's preferred height at `width` (its minimum, which GTK guarantees).
    func minimumHeight(forWidth width: Double) -> Double {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(self, GTK_ORIENTATION_VERTICAL, Int32(width.rounded()), &minimum, &natural, nil, nil)
        return Double(minimum)
    }

    /// Whether the widget is (still) a frame widget owned by Parley.
    var isParleyFrame: Bool { parley_is_frame(raw) }
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
