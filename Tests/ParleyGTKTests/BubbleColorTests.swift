import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// The documented way to colour bubbles, `SideStyle.bubbleColor`, is what GTK paints
    /// (#9): read back from the rendered pixels, not from the CSS text.
    @Suite("Bubble colour")
    @MainActor
    struct BubbleColorTests {
        /// Pixels of a rendered PNG, as GDK downloads them: B, G, R, A per pixel.
        struct Pixels {
            let width: Int
            let height: Int
            let bytes: [UInt8]

            init(png path: String) throws {
                var error: UnsafeMutablePointer<GError>?
                let texture = try #require(gdk_texture_new_from_filename(path, &error), "could not read \(path)")
                defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
                width = Int(gdk_texture_get_width(texture))
                height = Int(gdk_texture_get_height(texture))
                var bytes = [UInt8](repeating: 0, count: width * height * 4)
                gdk_texture_download(texture, &bytes, gsize(width * 4))
                self.bytes = bytes
            }

            /// The colour at (`x`, `y`) as `0xRRGGBB`.
            func rgb(x: Int, y: Int) -> UInt32 {
                let offset = (y * width + x) * 4
                return UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
            }

            /// The share of the pixels in `rect` within 3 per channel of `color` (0 to 1).
            func share(of color: UInt32, in rect: (x: Int, y: Int, width: Int, height: Int)) -> Double {
                var matching = 0, total = 0
                for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
                    for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
                        total += 1
                        let pixel = rgb(x: x, y: y)
                        let close = [16, 8, 0].allSatisfy { shift in
                            abs(Int((pixel >> UInt32(shift)) & 0xFF) - Int((color >> UInt32(shift)) & 0xFF)) <= 3
                        }
                        if close { matching += 1 }
                    }
                }
                return total == 0 ? 0 : Double(matching) / Double(total)
            }
        }

        /// The bubbles drawn for `side`, as rectangles in `root`'s coordinates.
        func bubbles(_ side: Side, in view: MessengerView) -> [(x: Int, y: Int, width: Int, height: Int)] {
            let name = side == .incoming ? "incoming" : "outgoing"
            return GTKHarness.descendants(view.list.widget).compactMap { widget in
                guard String(cString: gtk_widget_get_css_name(widget)) == "bubble",
                    gtk_widget_has_css_class(widget, name) != 0, gtk_widget_get_mapped(widget) != 0
                else { return nil }
                var bounds = graphene_rect_t()
                guard gtk_widget_compute_bounds(widget, view.root, &bounds) != 0 else { return nil }
                return (
                    Int(bounds.origin.x.rounded(.up)), Int(bounds.origin.y.rounded(.up)),
                    Int(bounds.size.width.rounded(.down)), Int(bounds.size.height.rounded(.down))
                )
            }
        }

        /// Renders Alice's and my text bubbles in `style` and returns the screenshot's pixels
        /// with the bubbles of each side.
        func render(_ style: ChatStyle, name: String) async throws
            -> (Pixels, incoming: [(x: Int, y: Int, width: Int, height: Int)], outgoing: [(x: Int, y: Int, width: Int, height: Int)])
        {
            try GTKHarness.start()
            let view = MessengerView(conversation: ChatFixtures.conversation(6), style: style)
            view.opensLinks = false
            let window = try GTKHarness.window(view.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 6 })
            await GTKHarness.pump(for: .milliseconds(300))
            let path = Screenshots.directory + "/bubble-color-\(name).png"
            try GTKHarness.screenshot(view.root, to: path)
            return (try Pixels(png: path), bubbles(.incoming, in: view), bubbles(.outgoing, in: view))
        }

        @Test("bubbles are painted in each side's SideStyle.bubbleColor (#9)")
        func paintsSideColors() async throws {
            var style = ChatStyle.light
            // Colours no theme uses, far from the text colours and the background.
            let outgoing: UInt32 = 0xC0_30_A0, incoming: UInt32 = 0x30_B0_40
            style.outgoing.bubbleColor = Color(hex: outgoing)
            style.incoming.bubbleColor = Color(hex: incoming)
            let (pixels, incomingBubbles, outgoingBubbles) = try await render(style, name: "custom")
            #expect(incomingBubbles.count >= 3 && outgoingBubbles.count >= 3)
            for bubble in outgoingBubbles {
                // Most of a bubble is its fill: the text and the rounded corners are the rest.
                #expect(pixels.share(of: outgoing, in: bubble) > 0.5, "outgoing bubble \(bubble)")
                #expect(pixels.share(of: incoming, in: bubble) == 0)
            }
            for bubble in incomingBubbles {
                #expect(pixels.share(of: incoming, in: bubble) > 0.5, "incoming bubble \(bubble)")
                #expect(pixels.share(of: outgoing, in: bubble) == 0)
            }
            // Nowhere else: the background is not the bubble colour.
            #expect(pixels.share(of: outgoing, in: (0, 0, 8, 8)) == 0)
        }

        @Test("left as the theme has them, bubbles are painted in the theme's colours (#9)")
        func paintsThemeColors() async throws {
            let style = ChatStyle.light
            let (pixels, incomingBubbles, outgoingBubbles) = try await render(style, name: "light")
            #expect(incomingBubbles.count >= 3 && outgoingBubbles.count >= 3)
            for bubble in outgoingBubbles {
                #expect(pixels.share(of: style.outgoing.bubbleColor.hex, in: bubble) > 0.5, "outgoing bubble \(bubble)")
            }
            for bubble in incomingBubbles {
                #expect(pixels.share(of: style.incoming.bubbleColor.hex, in: bubble) > 0.5, "incoming bubble \(bubble)")
            }
        }
    }
}
