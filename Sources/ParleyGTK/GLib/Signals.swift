package import CGtk4

/// Connecting Swift closures to GObject signals.
///
/// `g_signal_connect` is a macro; these call `g_signal_connect_data` with a retained box
/// holding the closure and a destroy notify that releases it when the handler is
/// disconnected or the object is finalized. GTK emits signals on the main thread, so the
/// closures are main-actor isolated.
@MainActor
package enum Signals {
    /// A retained closure, passed to GLib as the handler's user data.
    final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }

    static let releaseBox: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    @discardableResult
    static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler, thunk: GCallback,
        after: Bool = false
    ) -> gulong {
        let box = Unmanaged.passRetained(Box(handler) as AnyObject).toOpaque()
        return g_signal_connect_data(
            instance, signal, thunk, box, releaseBox, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }

    static func handler<Handler>(_ data: gpointer?, as: Handler.Type) -> Handler {
        (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<Handler>).handler
    }

    /// Connects `handler` to a signal whose handler takes only the instance: `clicked`,
    /// `changed`, `destroy`, `notify::…`, a frame clock's `after-paint`... Returns the
    /// handler id.
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in
            let handler = Signals.handler(data, as: (@MainActor () -> Void).self)
            MainActor.assumeIsolated { handler() }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self), after: after)
    }

    /// Connects `handler` to a signal whose handler takes the instance and one pointer
    /// argument: a list item factory's `setup` and `bind`, an action's `activate`...
    /// Returns the handler id.
    @discardableResult
    package static func connectPointer(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (gpointer?) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, argument, data in
            let handler = Signals.handler(data, as: (@MainActor (gpointer?) -> Void).self)
            MainActor.assumeIsolated { handler(argument) }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean handler(instance, gpointer)`: activate-link.
    @discardableResult
    static func connectPointerReturning(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (gpointer?) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, argument, data in
            let handler = Signals.handler(data, as: (@MainActor (gpointer?) -> Bool).self)
            return MainActor.assumeIsolated { handler(argument) } ? 1 : 0
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(instance, int n_press, double x, double y)`: GtkGestureClick.
    @discardableResult
    static func connectPress(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void
        let thunk: Thunk = { _, count, x, y, data in
            let handler = Signals.handler(data, as: (@MainActor (Int, Double, Double) -> Void).self)
            MainActor.assumeIsolated { handler(Int(count), x, y) }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(instance, double x, double y)`: GtkGestureLongPress "pressed",
    /// GtkEventControllerScroll "decelerate".
    @discardableResult
    static func connectPoint(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void
        let thunk: Thunk = { _, x, y, data in
            let handler = Signals.handler(data, as: (@MainActor (Double, Double) -> Void).self)
            MainActor.assumeIsolated { handler(x, y) }
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean handler(instance, double dx, double dy)`: GtkEventControllerScroll "scroll".
    @discardableResult
    package static func connectScroll(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean
        let thunk: Thunk = { _, dx, dy, data in
            let handler = Signals.handler(data, as: (@MainActor (Double, Double) -> Bool).self)
            return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean handler(instance, guint keyval, guint keycode, GdkModifierType state)`:
    /// GtkEventControllerKey "key-pressed".
    @discardableResult
    package static func connectKey(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean
        let thunk: Thunk = { _, keyval, _, state, data in
            let handler = Signals.handler(data, as: (@MainActor (UInt32, GdkModifierType) -> Bool).self)
            return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
        }
        return connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// Per-frame callbacks (`gtk_widget_add_tick_callback`) calling a Swift closure that
/// returns whether to keep ticking.
@MainActor
enum TickCallbacks {
    /// Adds `handler`, called once per frame with the frame time in seconds; it runs until
    /// it returns `false` or ``remove(_:from:)`` is called.
    @discardableResult
    static func add(to widget: WidgetPointer, _ handler: @escaping @MainActor (Double) -> Bool) -> guint {
        typealias Thunk = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, clock, data in
            let handler = Signals.handler(data, as: (@MainActor (Double) -> Bool).self)
            let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return MainActor.assumeIsolated { handler(time) } ? 1 : 0
        }
        let box = Unmanaged.passRetained(Signals.Box(handler) as AnyObject).toOpaque()
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return gtk_widget_add_tick_callback(widget, thunk, box, destroy)
    }

    /// The frame time of `widget`'s frame clock in seconds; `nil` while unrealized.
    static func now(of widget: WidgetPointer) -> Double? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }

    /// Removes a tick callback.
    static func remove(_ id: guint, from widget: WidgetPointer) {
        gtk_widget_remove_tick_callback(widget, id)
    }
}
