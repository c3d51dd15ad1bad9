import CGtk4

/// Signal signatures and callbacks the input bar needs beyond ``Signals``' common ones,
/// in the same pattern: a retained box holds the closure and GLib releases it.
extension Signals {
    /// `void handler(instance, int)`: GtkNativeDialog "response".
    @discardableResult
    static func connectInt(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Int) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gint, gpointer?) -> Void
        let thunk: Thunk = { _, value, data in
            let handler = Signals.handler(data, as: (@MainActor (Int) -> Void).self)
            MainActor.assumeIsolated { handler(Int(value)) }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(instance, guint)`: GtkWidget "state-flags-changed" (the previous flags).
    @discardableResult
    static func connectUInt(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (UInt32) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, guint, gpointer?) -> Void
        let thunk: Thunk = { _, value, data in
            let handler = Signals.handler(data, as: (@MainActor (UInt32) -> Void).self)
            MainActor.assumeIsolated { handler(value) }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// Per-frame callbacks of the input bar's animations.
@MainActor
enum InputBarTicks {
    /// Adds `handler` to `widget`'s frame clock: called every frame with the frame time in
    /// microseconds until it returns `false`. Returns the callback's id.
    @discardableResult
    static func add(to widget: WidgetPointer, _ handler: @escaping @MainActor (Int) -> Bool) -> guint {
        typealias Thunk = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, clock, data in
            let handler = Signals.handler(data, as: (@MainActor (Int) -> Bool).self)
            let time = gdk_frame_clock_get_frame_time(clock)
            return MainActor.assumeIsolated { handler(time) } ? 1 : 0
        }
        let box = Unmanaged.passRetained(Signals.Box(handler) as AnyObject).toOpaque()
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return gtk_widget_add_tick_callback(widget, thunk, box, release)
    }

    /// The frame time of `widget`'s frame clock in microseconds; `nil` while unrealized.
    static func now(of widget: WidgetPointer) -> Int? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        return gdk_frame_clock_get_frame_time(clock)
    }
}
