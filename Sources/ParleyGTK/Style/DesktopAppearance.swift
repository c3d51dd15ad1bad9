internal import CGtk4
internal import CParleyGtk
import Foundation
import ParleyCore

/// The desktop's light or dark preference, so an app can follow it.
///
/// Read from the XDG desktop portal (`org.freedesktop.appearance color-scheme`, what
/// GNOME, KDE and others set), then from GTK's own settings
/// (`gtk-application-prefer-dark-theme`, a theme named `…-dark`, `GTK_THEME`).
@MainActor
public enum DesktopAppearance {
    /// Whether the desktop prefers dark.
    public static var prefersDark: Bool {
        switch parley_portal_color_scheme(200) {
        case 1: return true
        case 2: return false
        default: return gtkPrefersDark
        }
    }

    /// The style to use for the preference: `dark` when the desktop prefers dark, else
    /// `light`.
    public static func style(light: ChatStyle = .light, dark: ChatStyle = .dark) -> ChatStyle {
        prefersDark ? dark : light
    }

    /// Makes GTK's own widgets light or dark like `style`: the message menu, popovers,
    /// dialogs, and any widget an app puts in a custom message, which draw with GTK's
    /// theme rather than Parley's style sheet.
    ///
    /// GTK 4.8 has one switch for this, for the whole application
    /// (`gtk-application-prefer-dark-theme`); call this when the app starts and whenever
    /// it changes style (``ChatStyle/isDark`` decides).
    public static func matchGtkWidgets(to style: ChatStyle) {
        guard let settings = gtk_settings_get_default() else { return }
        let property = "gtk-application-prefer-dark-theme"
        // Setting it loads GTK's theme again even to the value it has, restyling every
        // widget made so far (about 16 ms of the GTK demo's start, #15): only a change is set.
        guard parley_object_get_bool(UnsafeMutableRawPointer(settings), property) != style.isDark else { return }
        parley_object_set_bool(UnsafeMutableRawPointer(settings), property, style.isDark)
    }

    private static var handlers: [@MainActor (Bool) -> Void] = []
    private static var watching = false

    /// Calls `handler` with the new preference whenever the desktop's changes.
    public static func observe(_ handler: @escaping @MainActor (Bool) -> Void) {
        handlers.append(handler)
        guard !watching else { return }
        watching = true
        _ = parley_portal_watch_color_scheme({ scheme, _ in
            MainActor.assumeIsolated {
                let dark = scheme == 1 ? true : scheme == 2 ? false : DesktopAppearance.gtkPrefersDark
                for handler in DesktopAppearance.handlers { handler(dark) }
            }
        }, nil)
    }

    /// GTK's settings and environment.
    static var gtkPrefersDark: Bool {
        if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], theme.lowercased().hasSuffix(":dark") || theme.lowercased().hasSuffix("-dark") {
            return true
        }
        guard let settings = gtk_settings_get_default() else { return false }
        if parley_object_get_bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme") { return true }
        if let name = parley_object_dup_string(UnsafeMutableRawPointer(settings), "gtk-theme-name") {
            defer { g_free(name) }
            return String(cString: name).lowercased().hasSuffix("-dark")
        }
        return false
    }
}
