import CGtk4
import CParleyGtk
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("DesktopAppearance")
    @MainActor
    struct DesktopAppearanceTests {
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
