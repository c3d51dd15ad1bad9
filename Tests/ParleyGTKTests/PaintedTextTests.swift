import CGtk4
import CParleyGtk
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// Message text is drawn from the layout the measurer made of it, with its label kept
    /// transparent for selection and screen readers, so that a page of new messages shapes
    /// each text once (#15). What the user sees and can do must not change.
    @Suite("Text painted from the measurer's layout")
    @MainActor
    struct PaintedTextTests {
        static let texts = [
            "Short", "Lunch at noon? 🍕", "明日の会議は十時からです 我们下午三点见面吧",
            String(repeating: "a longer paragraph that wraps over several lines of the bubble ", count: 4),
            "Two lines\nof text", "👍🏽 ✨ done ✅",
        ]
        /// Texts their labels must draw themselves: a link, and right-to-left text.
        static let unpainted = ["See https://example.org/notes/42 today", "שלום, מה שלומך היום?"]

        func conversation() throws -> Conversation {
            let conversation = Conversation(me: ChatFixtures.me, clock: { ChatFixtures.start.addingTimeInterval(1_000_000) })
            let all = Self.texts + Self.unpainted
            try conversation.append(
                contentsOf: all.enumerated().map { index, text in
                    Message(
                        id: MessageID("m\(index)"), sender: index % 2 == 0 ? ChatFixtures.alice : ChatFixtures.me,
                        date: ChatFixtures.start.addingTimeInterval(Double(index) * 60), content: .text(text))
                }, animated: false)
            return conversation
        }

        /// A view of the fixture's conversation in a 420 × 700 window; its rows are filled
        /// while painting is `painted`.
        func show(painted: Bool, style: ChatStyle = .light) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            PaintedText.isEnabled = painted
            defer { PaintedText.isEnabled = true }
            let view = MessengerView(conversation: try conversation(), style: style)
            view.opensLinks = false
            view.drawsRowsAsImages = false
            let window = try GTKHarness.window(view.root, width: 420, height: 700)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= Self.texts.count + Self.unpainted.count })
            await GTKHarness.pump(for: .milliseconds(150))
            return (view, window)
        }

        /// The rows showing `texts`, by their label's text.
        func rows(_ view: MessengerView, showing texts: [String]) -> [RowView] {
            view.visibleRowViews.filter { row in row.bodyLabel.map { texts.contains(GTKHarness.text($0)) } ?? false }
        }

        /// The list's pixels as its window's renderer draws them.
        func pixels(of view: MessengerView) throws -> [UInt8] {
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

        @Test("Painted text sits on the same pixels as its label's")
        func samePixels() async throws {
            // One window at a time: each has the keyboard focus when it is drawn.
            let (painted, paintedWindow) = try await show(painted: true)
            let a = try pixels(of: painted)
            let paintedRows = rows(painted, showing: Self.texts), unpaintedRows = rows(painted, showing: Self.unpainted)
            GTKHarness.close(paintedWindow)
            let (plain, plainWindow) = try await show(painted: false)
            defer { GTKHarness.close(plainWindow) }
            // Painting is on where it should be and off in the other view, so the
            // comparison below compares two ways of drawing.
            #expect(paintedRows.count == Self.texts.count)
            #expect(paintedRows.allSatisfy { $0.bodyIsPainted })
            #expect(unpaintedRows.count == Self.unpainted.count)
            #expect(!unpaintedRows.contains { $0.bodyIsPainted })
            #expect(!plain.visibleRowViews.contains { $0.bodyIsPainted })
            let b = try pixels(of: plain)
            #expect(a.count == b.count)
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) bytes differ")
            // The text is there at all: the drawing is not the empty bubbles of both.
            #expect(Set(a).count > 16)
        }

        @Test("Painted text follows a change of theme, as its label would")
        func themeChange() async throws {
            let (painted, paintedWindow) = try await show(painted: true)
            painted.style = .dark
            await GTKHarness.pumpUntilPlaced(painted)
            await GTKHarness.pump(for: .milliseconds(150))
            #expect(rows(painted, showing: Self.texts).allSatisfy { $0.bodyIsPainted })
            let a = try pixels(of: painted)
            GTKHarness.close(paintedWindow)
            let (plain, plainWindow) = try await show(painted: false, style: .dark)
            defer { GTKHarness.close(plainWindow) }
            let b = try pixels(of: plain)
            #expect(a.count == b.count)
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) bytes differ")
        }

        @Test("A label draws itself while it has focus, a selection or search marks")
        func labelTakesOverWhenWorkedWith() async throws {
            let (view, window) = try await show(painted: true)
            defer { GTKHarness.close(window) }
            let row = try #require(rows(view, showing: [Self.texts[3]]).first)
            let label = try #require(row.bodyLabel)
            #expect(row.bodyIsPainted)
            #expect(gtk_widget_get_opacity(label) == 0)

            // Focused from the keyboard, GTK selects the label's text.
            #expect(gtk_widget_grab_focus(label) != 0)
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(!row.bodyIsPainted, "a focused label draws its own focus and selection")
            #expect(gtk_widget_get_opacity(label) == 1)
            gtk_root_set_focus(OpaquePointer(window), nil)
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(gtk_widget_has_focus(label) == 0)
            #expect(!row.bodyIsPainted, "the selection stays in sight once the focus left")
            // Without the selection, the focus leaving gives the drawing back to the frame.
            #expect(gtk_widget_grab_focus(label) != 0)
            gtk_label_select_region(label.ptr(), 0, 0)
            gtk_root_set_focus(OpaquePointer(window), nil)
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(row.bodyIsPainted)
            #expect(gtk_widget_get_opacity(label) == 0)

            row.setSearchMatch(SearchMatch(messageID: MessageID("m3"), utf8Ranges: [], query: SearchQuery("longer")))
            #expect(!row.searchMarks.isEmpty)
            #expect(!row.bodyIsPainted, "search marks are attributes of the label's own text")
            row.setSearchMatch(nil)
            #expect(row.bodyIsPainted)
        }

        @Test("The measurer keeps the layouts of the newest texts, as it measured them")
        func keptLayouts() throws {
            try GTKHarness.start()
            let measurer = PangoMeasurer()
            let font = FontSpec(size: 14)
            let metrics = measurer.measure(DisplayText(plain: "Hello there"), font: font, maxWidth: 200)
            let kept = try #require(measurer.keptLayout(of: "Hello there", font: font, maxWidth: 200))
            defer { g_object_unref(UnsafeMutableRawPointer(kept.layout)) }
            #expect(kept.metrics == metrics)
            #expect(String(cString: pango_layout_get_text(kept.layout)) == "Hello there")
            #expect(measurer.keptLayout(of: "Hello there", font: FontSpec(size: 15), maxWidth: 200) == nil)
            // Formatted text is measured from markup, not kept; a plain string measured on
            // its own (a name, a time) is not message text.
            _ = measurer.measure("A name", font: font, maxWidth: 200)
            #expect(measurer.keptLayout(of: "A name", font: font, maxWidth: 200) == nil)
            // Measured at another width, it is kept at both: the label of each wraps there.
            let narrow = measurer.measure(DisplayText(plain: "Hello there"), font: font, maxWidth: 30)
            let again = try #require(measurer.keptLayout(of: "Hello there", font: font, maxWidth: 30))
            defer { g_object_unref(UnsafeMutableRawPointer(again.layout)) }
            #expect(again.metrics == narrow && narrow.lineCount > 1)
            let wide = try #require(measurer.keptLayout(of: "Hello there", font: font, maxWidth: 200))
            defer { g_object_unref(UnsafeMutableRawPointer(wide.layout)) }
            #expect(wide.metrics == metrics)
            for index in 0..<(KeptLayouts.capacity + 10) {
                _ = measurer.measure(DisplayText(plain: "text \(index)"), font: font, maxWidth: 200)
            }
            #expect(measurer.keptCount == KeptLayouts.capacity)
            #expect(measurer.keptLayout(of: "text 0", font: font, maxWidth: 200) == nil)
            #expect(measurer.keptLayout(of: "text \(KeptLayouts.capacity + 9)", font: font, maxWidth: 200) != nil)
            // A layout handed out outlives its eviction.
            #expect(pango_layout_get_line_count(kept.layout) == 1)
        }

        @Test("Right-to-left text is left to its label")
        func rightToLeft() {
            #expect(PaintedText.runsLeftToRight("Hello 明日 👍🏽"))
            #expect(!PaintedText.runsLeftToRight("Hi שלום"))
            #expect(!PaintedText.runsLeftToRight("مرحبا"))
            #expect(!PaintedText.runsLeftToRight("a\u{202E}b"))
        }
    }
}
