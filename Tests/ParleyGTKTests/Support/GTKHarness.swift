import CGtk4
import Foundation
@testable import ParleyGTK
import Testing

/// Runs GTK inside the test process: initializes it once on the main thread, opens
/// windows and iterates the GLib main context until a condition holds.
///
/// GTK tests need a display. `scripts/test` starts Xvfb and sets `PARLEY_REQUIRE_DISPLAY`,
/// which turns a missing display into a failure instead of a skip.
@MainActor
enum GTKHarness {
    /// Whether GTK tests can run here.
    nonisolated static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
            || environment["PARLEY_REQUIRE_DISPLAY"] != nil
    }

    /// Initializes GTK (once) with the cairo renderer and fixed settings.
    static func start() throws {
        setenv("GSK_RENDERER", "cairo", 0)
        setenv("GDK_BACKEND", "x11", 0)
        GLibLog.install()
        try GTK.initialize()
    }

    /// A window of `width` × `height` showing `child`, presented.
    static func window(_ child: WidgetPointer, width: Int32 = 420, height: Int32 = 600) throws -> WidgetPointer {
        try start()
        _ = GLibLog.take()
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), width, height)
        gtk_window_set_child(window.cast(to: GtkWindow.self), child)
        gtk_window_present(window.cast(to: GtkWindow.self))
        return window
    }

    /// A view of `count` fixture messages in a 420 × 600 window, laid out at the newest
    /// (five rows or more on screen).
    static func showMessages(_ count: Int = 80) async throws -> (MessengerView, WidgetPointer) {
        try start()
        let view = MessengerView(conversation: ChatFixtures.conversation(count), style: .light)
        view.opensLinks = false
        let window = try self.window(view.widget.pointer, width: 420, height: 600)
        await pump(until: { view.visibleRowViews.count >= 5 })
        await pump(for: .milliseconds(100))
        return (view, window)
    }

    /// Closes and destroys `window`; records GTK's warnings and criticals since the
    /// window opened as test issues.
    static func close(_ window: WidgetPointer, sourceLocation: SourceLocation = #_sourceLocation) {
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        drain()
        for message in GLibLog.take() {
            Issue.record("GTK said: \(message)", sourceLocation: sourceLocation)
        }
    }

    /// Dispatches everything pending in the main context.
    static func drain() {
        var rounds = 0
        while GTK.iterate(), rounds < 10_000 { rounds += 1 }
    }

    /// Iterates the main loop until `condition` holds; fails the test after `timeout`.
    @discardableResult
    static func pump(
        until condition: () -> Bool, timeout: Duration = .seconds(30),
        _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        // Checked once more after the deadline: on a busy machine a sleep can end well
        // past it, with the condition met meanwhile.
        while true {
            drain()
            if condition() { return true }
            if clock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record(comment ?? "condition not met within \(timeout)", sourceLocation: sourceLocation)
        return false
    }

    /// Iterates the main loop until `view` has no frame pending: the frame that places its
    /// rows after a scroll or a change has run.
    static func pumpUntilPlaced(_ view: MessengerView, sourceLocation: SourceLocation = #_sourceLocation) async {
        await pump(until: { view.frameTick == nil }, sourceLocation: sourceLocation)
    }

    /// Iterates the main loop for `duration` (frames, animations).
    static func pump(for duration: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while clock.now < deadline {
            drain()
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The list's pixels as its window's renderer draws them (premultiplied BGRA), its
    /// padding included.
    static func pixels(of view: MessengerView) throws -> [UInt8] {
        let widget = view.list.widget
        let snapshot = gtk_snapshot_new()!
        gtk_widget_snapshot_child(gtk_widget_get_parent(widget), widget, snapshot)
        let node = try #require(gtk_snapshot_free_to_node(snapshot))
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        let width = Int(bounds.size.width.rounded(.up)), height = Int(bounds.size.height.rounded(.up))
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
        let texture = try #require(gsk_renderer_render_texture(renderer, node, &bounds))
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        gdk_texture_download(texture, &bytes, gsize(width) * 4)
        return bytes
    }

    /// The widget's allocated size.
    static func size(_ widget: WidgetPointer) -> (width: Int, height: Int) {
        (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
    }

    /// The children of `widget`, in order.
    static func children(_ widget: WidgetPointer) -> [WidgetPointer] {
        var result: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// All descendants of `widget` (depth first), `widget` included.
    static func descendants(_ widget: WidgetPointer) -> [WidgetPointer] {
        [widget] + children(widget).flatMap(descendants)
    }

    /// Descendants carrying CSS class `name` that are drawn (visible and mapped).
    static func shown(_ widget: WidgetPointer, class name: String) -> [WidgetPointer] {
        descendants(widget).filter {
            gtk_widget_has_css_class($0, name) != 0 && gtk_widget_get_mapped($0) != 0
        }
    }

    /// The text of a GtkLabel.
    static func text(_ label: WidgetPointer) -> String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }

    /// The label of a GtkButton.
    static func buttonLabel(_ button: WidgetPointer) -> String {
        gtk_button_get_label(button.ptr()).map { String(cString: $0) } ?? ""
    }

    /// Renders `widget` to a PNG at `path` (for looking at) with the cairo renderer.
    static func screenshot(_ widget: WidgetPointer, to path: String) throws {
        let saved = try Screenshot.png(of: widget, to: path)
        #expect(saved, "no screenshot written to \(path)")
    }
}

/// Where screenshots from tests go: `.build/screenshots` (for looking at, not compared).
enum Screenshots {
    static var directory: String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/screenshots")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
