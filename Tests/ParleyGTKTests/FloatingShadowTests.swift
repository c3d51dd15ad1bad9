import CGtk4
import Foundation
import ParleyCore
import ParleyImaging
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// The floating controls' shadows are a picture made once, not a CSS blur that GSK's
    /// cairo renderer redoes on every frame the list scrolls under them (#15).
    @Suite("Shadows under floating controls (#15)")
    @MainActor
    struct FloatingShadowTests {
        /// The alpha of `picture` at (`x`, `y`).
        private func alpha(_ picture: Picture, _ x: Int, _ y: Int) -> Int {
            Int(picture.rgba[(y * picture.width + x) * 4 + 3])
        }

        @Test("the picture is the shape's size plus the margin, opaque under the shape, clear at its edge")
        func picture() throws {
            let shadow = SoftShadow()
            #expect(shadow.margin == 8)
            let picture = try #require(shadow.picture(width: 40, height: 30))
            #expect(picture.width == 56 && picture.height == 46)
            // Under the shape's middle: the whole alpha (0.25 of 255).
            #expect(abs(alpha(picture, 28, 23) - 64) <= 1)
            // The corners of the picture are beyond the blur.
            for (x, y) in [(0, 0), (55, 0), (0, 45), (55, 45)] { #expect(alpha(picture, x, y) == 0) }
            // Black everywhere: only the alpha varies.
            #expect(stride(from: 0, to: picture.rgba.count, by: 4).allSatisfy { picture.rgba[$0] == 0 && picture.rgba[$0 + 1] == 0 && picture.rgba[$0 + 2] == 0 })
            // It falls below the shape: a row under the shape is darker than the row as far above it.
            #expect(alpha(picture, 28, 8 + 30 + 1) > alpha(picture, 28, 8 - 2))
            // Left and right alike.
            for y in 0..<picture.height {
                for x in 0..<picture.width / 2 { #expect(alpha(picture, x, y) == alpha(picture, picture.width - 1 - x, y)) }
            }
            // Fading out past the edge, never growing.
            let below = (8 + 30..<46).map { alpha(picture, 28, $0) }
            #expect(zip(below, below.dropFirst()).allSatisfy { $0 >= $1 })
        }

        @Test("a screen of scale 2 gets twice the pixels; empty and enormous shapes get none")
        func sizes() throws {
            let shadow = SoftShadow()
            let double = try #require(shadow.picture(width: 40, height: 30, scale: 2))
            #expect(double.width == 112 && double.height == 92)
            #expect(shadow.picture(width: 0, height: 30) == nil)
            #expect(shadow.picture(width: 40, height: -1) == nil)
            #expect(shadow.picture(width: 100_000, height: 30) == nil)
            #expect(shadow.picture(width: Int.max / 2, height: Int.max / 2) == nil)
            #expect(shadow.picture(width: Int.max, height: Int.max, scale: Int.max) == nil)
            // Wild settings stay bounded and inert.
            let wild = SoftShadow(offsetY: .nan, blur: .infinity, alpha: 2, cornerRadius: -5)
            #expect(wild.margin <= 256)
            #expect(SoftShadow(blur: .infinity).margin == 256)
            let picture = wild.picture(width: 4, height: 4)
            #expect(picture.map { $0.width * $0.height <= SoftShadow.maximumPixels } ?? true)
        }

        @Test("distance to a rounded rectangle: negative inside, the radius at a corner's centre")
        func distance() {
            #expect(SoftShadow.distance(x: 0, y: 0, halfWidth: 20, halfHeight: 10, radius: 10) == -10)
            #expect(SoftShadow.distance(x: 25, y: 0, halfWidth: 20, halfHeight: 10, radius: 10) == 5)
            #expect(SoftShadow.distance(x: 0, y: 13, halfWidth: 20, halfHeight: 10, radius: 10) == 3)
            // Beyond a rounded corner the distance is to the arc, not to the box's corner.
            let corner = SoftShadow.distance(x: 20, y: 10, halfWidth: 20, halfHeight: 10, radius: 10)
            #expect(abs(corner - (200.0.squareRoot() - 10)) < 1e-9)
        }

        /// Whether the tests' style sheet is on the display.
        private static var hasStyle = false

        /// A window with a white page and a "Jump" button floating over it in its shadow,
        /// centred, once the button is placed.
        private func showButton() async throws -> (
            shadow: FloatingShadow, button: WidgetPointer, window: WidgetPointer, page: WidgetPointer, overlay: WidgetPointer
        ) {
            try GTKHarness.start()
            let button = gtk_button_new_with_label("Jump")!
            let shadow = FloatingShadow(button)
            let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            if !Self.hasStyle {
                Self.hasStyle = true
                let provider = gtk_css_provider_new()!
                gtk_css_provider_load_from_data(provider, "box.shadow-test-page { background-color: white; } button.shadow-test-pill { border-radius: 9999px; }", -1)
                gtk_style_context_add_provider_for_display(
                    gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
                g_object_unref(UnsafeMutableRawPointer(provider))
            }
            gtk_widget_add_css_class(page, "shadow-test-page")
            // A pill, as the messenger's floating controls are, so the shadow fits it.
            gtk_widget_add_css_class(shadow.child, "shadow-test-pill")
            let overlay = gtk_overlay_new()!
            gtk_overlay_set_child(overlay.ptr(), page)
            gtk_widget_set_halign(shadow.widget, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(shadow.widget, GTK_ALIGN_CENTER)
            gtk_overlay_add_overlay(overlay.ptr(), shadow.widget)
            let window = try GTKHarness.window(overlay, width: 200, height: 120)
            await GTKHarness.pump(until: { gtk_widget_get_width(button) > 0 })
            return (shadow, button, window, page, overlay)
        }

        /// `widget`'s border box in `target`'s coordinates.
        private func bounds(_ widget: WidgetPointer, in target: WidgetPointer) -> graphene_rect_t {
            var rect = graphene_rect_t()
            _ = gtk_widget_compute_bounds(widget, target, &rect)
            return rect
        }

        @Test("the frame is the control plus the margin, takes no click itself, and is nothing while the control is hidden")
        func frame() async throws {
            let (shadow, button, window, page, overlay) = try await showButton()
            defer { GTKHarness.close(window) }
            let placed = bounds(button, in: shadow.widget)
            #expect(placed.origin.x == 8 && placed.origin.y == 8)
            #expect(Int(gtk_widget_get_width(shadow.widget)) == Int(placed.size.width) + 16)
            #expect(Int(gtk_widget_get_height(shadow.widget)) == Int(placed.size.height) + 16)

            // In the shadow's margin the page beneath takes the pointer; on the button, the button.
            let frame = bounds(shadow.widget, in: overlay)
            let inMargin = gtk_widget_pick(overlay, Double(frame.origin.x) + 3, Double(frame.origin.y) + 3, GTK_PICK_DEFAULT)
            #expect(inMargin == page)
            let onButton = try #require(
                gtk_widget_pick(overlay, Double(frame.origin.x + frame.size.width / 2), Double(frame.origin.y + frame.size.height / 2), GTK_PICK_DEFAULT))
            #expect(onButton == button || gtk_widget_is_ancestor(onButton, button) != 0)

            button.isShown = false
            await GTKHarness.pump(until: { gtk_widget_get_width(shadow.widget) == 0 })
            #expect(gtk_widget_get_height(shadow.widget) == 0)
            #expect(shadow.texture == nil)
        }

        @Test("the shadow is drawn under the control, darkest at its edge, gone by the margin's end")
        func drawn() async throws {
            let (shadow, button, window, _, overlay) = try await showButton()
            defer { GTKHarness.close(window) }
            let path = Screenshots.directory + "/floating-shadow.png"
            await GTKHarness.pump(for: .milliseconds(100))
            try GTKHarness.screenshot(overlay, to: path)
            let pixels = try BubbleColorTests.Pixels(png: path)
            let box = bounds(button, in: overlay)
            let x = Int(box.origin.x + box.size.width / 2), bottom = Int((box.origin.y + box.size.height).rounded())
            func green(_ y: Int) -> Int { Int((pixels.rgb(x: x, y: y) >> 8) & 0xFF) }
            #expect(green(bottom + 1) < 230, "a shadow just under the button")
            #expect(green(bottom + 1) < green(bottom + 4))
            #expect(green(bottom + 9) >= 253, "the page's white past the margin")
            #expect(green(Int(box.origin.y) - 7) >= 253, "less above: the shadow falls down")
            // The picture is made once for the button's size, and kept.
            let first = try #require(shadow.texture)
            #expect(shadow.texture === first)
        }

        @Test("the messenger's style sheet blurs no shadow; the new-messages button floats in one")
        func messenger() throws {
            try GTKHarness.start()
            for style in ChatStyle.themes {
                let css = StyleSheet(style: style).css
                var rest = Substring(css)
                while let start = rest.range(of: "box-shadow:") {
                    let value = rest[start.upperBound...].prefix { $0 != ";" && $0 != "}" }
                    for shadow in value.split(separator: ",") {
                        let lengths = shadow.split(separator: " ").filter { $0.first?.isNumber == true || $0.first == "-" }
                        #expect(lengths.count < 3 || lengths[2] == "0" || lengths[2] == "0px", "a blurred shadow: \(shadow)")
                    }
                    rest = rest[start.upperBound...]
                }
            }
            let view = MessengerView(conversation: ChatFixtures.conversation(3))
            let parent = try #require(gtk_widget_get_parent(view.newMessagesButton))
            #expect(parent == view.newMessagesShadow.widget)
            #expect(String(cString: gtk_widget_get_css_name(parent)) == "floating-shadow")
            #expect(gtk_widget_get_parent(view.undoBar) == view.undoShadow.widget)
        }

        @Test("the undo bar and the new-messages button over the list, with their shadows (for looking at)")
        func floatingOverList() async throws {
            try GTKHarness.start()
            let conversation = Conversation(me: ChatFixtures.me, messages: ChatFixtures.messages(40).map { message in
                var mine = message
                mine.sender = ChatFixtures.me
                return mine
            })
            let view = MessengerView(conversation: conversation, style: .light)
            let window = try GTKHarness.window(view.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty })
            view.scroll(by: -400)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(view.presenter.delete("message-30"))
            view.relayout()
            await GTKHarness.pump(until: { view.undoBar.isShown && view.newMessagesButton.isShown })
            await GTKHarness.pump(for: .milliseconds(100))
            let bar = bounds(view.undoBar, in: view.undoShadow.widget)
            #expect(bar.origin.x == 8 && bar.origin.y == 8)
            #expect(Int(gtk_widget_get_width(view.undoShadow.widget)) == Int(bar.size.width) + 16)
            #expect(view.undoShadow.texture != nil && view.newMessagesShadow.texture != nil)
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/floating-controls.png")
        }
    }
}
