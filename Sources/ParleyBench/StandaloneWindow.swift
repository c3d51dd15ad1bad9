import CGtk4
import Foundation
import ParleyCore
import ParleyGTK

/// What the programs `scripts/measure-gtk.py` measures beside the demo (`gtk-peer`,
/// `gtk-floor`) share: GTK started under the cairo renderer, one window of a given size,
/// Page Up and Page Down moving a scrolled window by a page at once, as its own key
/// bindings do, and a main loop that runs until the program is killed.
@MainActor
enum StandaloneWindow {
    /// Starts GTK under the cairo renderer (unless another is asked for), or exits with a
    /// message naming `command`.
    static func startGTK(command: String) {
        setenv("GSK_RENDERER", "cairo", 0)
        do { try GTK.initialize() } catch {
            FileHandle.standardError.write("parley-bench \(command): \(InertText.singleLine("\(error)"))\n".data(using: .utf8)!)
            exit(2)
        }
    }

    /// A window titled `parley-bench command` showing `child`, presented.
    static func present(_ child: WidgetPointer, command: String, width: Int, height: Int) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_title(window.cast(to: GtkWindow.self), "parley-bench \(command)")
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), Int32(width), Int32(height))
        gtk_window_set_child(window.cast(to: GtkWindow.self), child)
        gtk_window_present(window.cast(to: GtkWindow.self))
        return window
    }

    /// Moves `adjustment` by `pages` of its page size (negative: up).
    static func page(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, by pages: Double) {
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + pages * gtk_adjustment_get_page_size(adjustment))
    }

    /// Page Up and Page Down on `window`, before its children see them, call `page` with -1
    /// and 1.
    static func handlePageKeys(on window: WidgetPointer, page: @escaping @MainActor (Double) -> Void) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        _ = Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { key, _ in
            switch Int32(key) {
            case GDK_KEY_Page_Up: page(-1)
            case GDK_KEY_Page_Down: page(1)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Runs GTK's main loop until the program is killed.
    static func run() -> Never {
        while true { g_main_context_iteration(nil, 1) }
    }
}
