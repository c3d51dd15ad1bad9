internal import CGtk4
import Foundation

/// Renders widgets to PNG files, in process: the widget's paintable is drawn into a
/// texture by the window's renderer (or a cairo renderer) and saved.
@MainActor
public enum Screenshot {
    /// Why a screenshot could not be taken.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Writes a PNG of `widget` as currently drawn to `path`; returns whether the file was
    /// written. The widget must be shown in a realized window. The PNG is in device
    /// pixels: on a screen at scale 2, twice the widget's size.
    @discardableResult
    public static func png(of widget: Widget, to path: String) throws -> Bool {
        try png(of: widget.pointer, to: path)
    }

    /// Writes a PNG of `window`'s contents as currently drawn to `path` (see
    /// ``png(of:to:)-(Widget,_)``).
    @discardableResult
    public static func png(of window: Window, to path: String) throws -> Bool {
        try png(of: window.widget, to: path)
    }

    /// ``png(of:to:)-(Widget,_)`` for Parley's own widgets.
    @discardableResult
    package static func png(of widget: WidgetPointer, to path: String) throws -> Bool {
        let shown = (width: gtk_widget_get_width(widget), height: gtk_widget_get_height(widget))
        guard shown.width > 0, shown.height > 0, let native = gtk_widget_get_native(widget) else {
            throw Failure(description: "the widget is not shown (size \(shown.width)×\(shown.height))")
        }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        // Drawn at the paintable's own size (a window's takes in its border), nothing is
        // scaled: at the widget's size, a window's text came out blurred. In device pixels,
        // as the screen shows it: at scale 2, a PNG twice the size.
        let width = max(1, gdk_paintable_get_intrinsic_width(paintable))
        let height = max(1, gdk_paintable_get_intrinsic_height(paintable))
        let scale = Float(max(1, gtk_widget_get_scale_factor(widget)))
        let snapshot = gtk_snapshot_new()!
        gtk_snapshot_scale(snapshot, scale, scale)
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else {
            throw Failure(description: "the widget drew nothing")
        }
        defer { gsk_render_node_unref(node) }
        let renderer = gtk_native_get_renderer(native)
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width) * scale, height: Float(height) * scale))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else {
            throw Failure(description: "the renderer made no texture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        return gdk_texture_save_to_png(texture, path) != 0
    }

    /// Writes a PNG of `widget` at the end of its next frame, when its layout is current
    /// (a snapshot between frames may catch a layout still pending).
    public static func pngAfterNextFrame(of widget: Widget, to path: String) async throws {
        try await pngAfterNextFrame(of: widget.pointer, to: path)
    }

    /// ``pngAfterNextFrame(of:to:)-(Widget,_)`` for Parley's own widgets.
    package static func pngAfterNextFrame(of widget: WidgetPointer, to path: String) async throws {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            try png(of: widget, to: path)
            return
        }
        /// The one-shot handler's id, set after connecting.
        final class Connection {
            var id: gulong = 0
            var isDone = false
        }
        let connection = Connection()
        let result: Result<Void, Error> = await withCheckedContinuation { continuation in
            connection.id = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                guard !connection.isDone else { return }
                connection.isDone = true
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), connection.id)
                continuation.resume(returning: Result { try png(of: widget, to: path) })
            }
            gtk_widget_queue_draw(widget)
        }
        try result.get()
    }
}
