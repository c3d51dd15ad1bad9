import CGtk4
import Foundation
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// Under the cairo renderer nothing draws with OpenGL, so GDK is kept from loading a
    /// GL driver at all: with Mesa's software one that is most of a window's memory (#15).
    @Suite("The cairo renderer without GL")
    @MainActor
    struct CairoWithoutGLTests {
        @Test("with GSK_RENDERER=cairo, GL is off and no GL driver is mapped into the process")
        func noGL() throws {
            try GTKHarness.start()
            try #require(String(cString: getenv("GSK_RENDERER")) == "cairo")
            let debug = getenv("GDK_DEBUG").map { String(cString: $0) }
            #expect(debug?.contains("gl-disable") == true, "GDK_DEBUG is \(debug ?? "unset")")
            var error: UnsafeMutablePointer<GError>?
            let prepared = gdk_display_prepare_gl(gdk_display_get_default(), &error)
            if let error { g_error_free(error) }
            #expect(prepared == 0, "GDK refuses to prepare GL")
            // A window drawn, and still no driver: nothing loaded it behind GDK's back.
            let label = gtk_label_new("drawn with cairo")!
            let window = try GTKHarness.window(label, width: 200, height: 80)
            defer { GTKHarness.close(window) }
            let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
            for driver in ["libLLVM", "swrast_dri", "libGLX_mesa", "libEGL_mesa"] {
                #expect(!maps.contains(driver), "\(driver) is mapped")
            }
        }
    }
}
