internal import CGtk4

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
