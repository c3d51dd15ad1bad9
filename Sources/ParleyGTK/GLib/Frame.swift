internal import CGtk4
internal import CParleyGtk

/// A GtkWidget whose size and children's places Swift decides: the building block of
/// message rows and of the message list.
///
/// The widget keeps its handlers alive (released when it is finalized); handlers should
/// capture their owners weakly, since the owner usually keeps the widget.
@MainActor
final class Frame {
    /// The handlers the C widget calls.
    final class Handlers {
        var measure: ((_ vertical: Bool, _ forSize: Int) -> (minimum: Int, natural: Int))?
        var allocate: ((_ width: Double, _ height: Double) -> Void)?
        var draw: ((_ snapshot: OpaquePointer, _ width: Double, _ height: Double) -> Void)?
    }

    /// The widget, with a reference held by this object.
    let widget: WidgetPointer
    /// The widget's handlers.
    let handlers = Handlers()
    private let reference: ObjectRef

    /// Creates a frame widget with CSS node name `cssName` and accessible `role`.
    init(cssName: String, role: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GROUP) {
        let context = Unmanaged.passRetained(handlers).toOpaque()
        let callbacks = ParleyFrameCallbacks(
            measure: { context, orientation, forSize, minimum, natural in
                let handlers = Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    if let (low, high) = handlers.measure?(orientation == 1, Int(forSize)) {
                        minimum?.pointee = Int32(clamping: low)
                        natural?.pointee = Int32(clamping: high)
                    }
                }
            },
            allocate: { context, width, height in
                let handlers = Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated { handlers.allocate?(Double(width), Double(height)) }
            },
            snapshot: { context, snapshot, width, height in
                let handlers = Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    handlers.draw?(OpaquePointer(snapshot!), Double(width), Double(height))
                }
            },
            release: { context in
                Unmanaged<Handlers>.fromOpaque(context!).release()
            })
        let pointer = parley_frame_new(cssName, Int32(role.rawValue), callbacks, context)!
        widget = pointer.assumingMemoryBound(to: GtkWidget.self)
        reference = ObjectRef(sinking: pointer)
    }

    /// Adds `child` (parented to this widget; placed by the allocate handler).
    func add(_ child: WidgetPointer) {
        gtk_widget_set_parent(child, widget)
    }

    /// Removes `child`.
    func remove(_ child: WidgetPointer) {
        gtk_widget_unparent(child)
    }
}
