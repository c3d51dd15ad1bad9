import CGtk4
import CParleyGtk
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("DesktopAppearance")
    @MainActor
    struct DesktopAppearanceTests {
        @Test("GTK's own widgets follow a Parley style: dark styles make GTK prefer its dark theme (#11)")
        func widgetsFollowStyle() async throws {
            try GTKHarness.start()
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            let before = parley_object_get_bool(settings, "gtk-application-prefer-dark-theme")
            defer { parley_object_set_bool(settings, "gtk-application-prefer-dark-theme", before) }
            // A plain GTK label, as an app's custom message or the menu would hold.
            let label = gtk_label_new("GTK's own")!
            let window = try GTKHarness.window(label, width: 200, height: 80)
            defer { GTKHarness.close(window) }
            func brightness() -> Float {
                var color = GdkRGBA()
                gtk_style_context_get_color(gtk_widget_get_style_context(label), &color)
                return (color.red + color.green + color.blue) / 3
            }
            DesktopAppearance.matchGtkWidgets(to: .dark)
            #expect(parley_object_get_bool(settings, "gtk-application-prefer-dark-theme"))
            await GTKHarness.pump(until: { brightness() > 0.6 })
            #expect(brightness() > 0.6, "dark theme: light text")
            DesktopAppearance.matchGtkWidgets(to: .light)
            #expect(!parley_object_get_bool(settings, "gtk-application-prefer-dark-theme"))
            await GTKHarness.pump(until: { brightness() < 0.4 })
            #expect(brightness() < 0.4, "light theme: dark text")
        }

        @Test("Matching GTK's widgets sets the dark preference only when it changes: setting it reloads GTK's theme (#15)")
        func matchingSetsOnlyChanges() throws {
            try GTKHarness.start()
            let property = "gtk-application-prefer-dark-theme"
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            let before = parley_object_get_bool(settings, property)
            defer { parley_object_set_bool(settings, property, before) }
            parley_object_set_bool(settings, property, false)
            var notices = 0
            let handler = Signals.connectPointer(settings, "notify::" + property) { _ in notices += 1 }
            defer { g_signal_handler_disconnect(settings, handler) }
            DesktopAppearance.matchGtkWidgets(to: .light)
            #expect(notices == 0, "already light: nothing set, no theme reload")
            DesktopAppearance.matchGtkWidgets(to: .dark)
            #expect(notices == 1)
            #expect(parley_object_get_bool(settings, property))
            DesktopAppearance.matchGtkWidgets(to: .dark)
            #expect(notices == 1, "already dark")
            DesktopAppearance.matchGtkWidgets(to: .light)
            #expect(notices == 2)
            #expect(!parley_object_get_bool(settings, property))
        }

        @Test("GTK's dark preference picks the dark style when no portal answers (#4)")
        func followsGtkSettings() throws {
            try GTKHarness.start()
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            let before = parley_object_get_bool(settings, "gtk-application-prefer-dark-theme")
            defer { parley_object_set_bool(settings, "gtk-application-prefer-dark-theme", before) }
            parley_object_set_bool(settings, "gtk-application-prefer-dark-theme", true)
            #expect(DesktopAppearance.gtkPrefersDark)
            parley_object_set_bool(settings, "gtk-application-prefer-dark-theme", false)
            #expect(!DesktopAppearance.gtkPrefersDark)
            // Under the test's private session bus there is no desktop portal.
            if parley_portal_color_scheme(200) < 0 {
                parley_object_set_bool(settings, "gtk-application-prefer-dark-theme", true)
                #expect(DesktopAppearance.style(light: .light, dark: .dark).name == "dark")
            }
        }
    }
}
