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
            let view = MessengerView(conversation: try conversation(), style: style)
            view.opensLinks = false
            view.paintsMessageText = painted
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

        /// The list's pixels in a view of the fixture whose labels all draw themselves.
        func labelsPixels(style: ChatStyle = .light) async throws -> [UInt8] {
            let (plain, window) = try await show(painted: false, style: style)
            defer { GTKHarness.close(window) }
            #expect(!plain.visibleRowViews.contains { $0.bodyIsPainted })
            return try GTKHarness.pixels(of: plain)
        }

        /// Expects the painted list's pixels to be the labels' byte for byte.
        func expectSame(_ painted: [UInt8], _ labels: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(painted.count == labels.count, sourceLocation: sourceLocation)
            let differing = zip(painted, labels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) bytes differ", sourceLocation: sourceLocation)
        }

        @Test("Painted text sits on the same pixels as its label's")
        func samePixels() async throws {
            // One window at a time: each has the keyboard focus when it is drawn.
            let (painted, paintedWindow) = try await show(painted: true)
            let a = try GTKHarness.pixels(of: painted)
            let paintedRows = rows(painted, showing: Self.texts), unpaintedRows = rows(painted, showing: Self.unpainted)
            GTKHarness.close(paintedWindow)
            // Painting is on where it should be and off in the other view, so the
            // comparison below compares two ways of drawing.
            #expect(paintedRows.count == Self.texts.count)
            #expect(paintedRows.allSatisfy { $0.bodyIsPainted })
            #expect(unpaintedRows.count == Self.unpainted.count)
            #expect(!unpaintedRows.contains { $0.bodyIsPainted })
            expectSame(a, try await labelsPixels())
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
            let a = try GTKHarness.pixels(of: painted)
            GTKHarness.close(paintedWindow)
            expectSame(a, try await labelsPixels(style: .dark))
        }

        @Test("In a right-to-left desktop, the bubble draws the label's own layout")
        func rightToLeftDesktop() async throws {
            try GTKHarness.start()
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let (painted, paintedWindow) = try await show(painted: true)
            // Still transparent labels (nothing is laid out twice where it need not be)...
            #expect(rows(painted, showing: Self.texts).allSatisfy { $0.bodyIsPainted })
            let a = try GTKHarness.pixels(of: painted)
            GTKHarness.close(paintedWindow)
            // ...yet the lines sit where the labels put them: the measurer's layouts,
            // laid out right to left, would align a left-to-right line elsewhere.
            expectSame(a, try await labelsPixels())
        }

        @Test("An app turns painting off and on, and its labels draw themselves meanwhile")
        func switchedOff() async throws {
            let (view, window) = try await show(painted: true)
            let shown = rows(view, showing: Self.texts)
            #expect(shown.allSatisfy { $0.bodyIsPainted })
            view.paintsMessageText = false
            #expect(!shown.contains { $0.bodyIsPainted })
            #expect(shown.allSatisfy { $0.bodyLabel.map { gtk_widget_get_opacity($0) == 1 } ?? false })
            // Labels placed while painted made no layout of their own; they draw as labels
            // never painted do.
            await GTKHarness.pump(for: .milliseconds(100))
            let unpainted = try GTKHarness.pixels(of: view)
            view.paintsMessageText = true
            #expect(shown.allSatisfy { $0.bodyIsPainted })
            GTKHarness.close(window)
            expectSame(unpainted, try await labelsPixels())
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
            // Placed while painted, the label made no layout of its own; the one GtkLabel
            // makes to draw and hit-test now wraps at its width.
            let own = try #require(gtk_label_get_layout(label.ptr()))
            #expect(pango_layout_get_width(own) == gtk_widget_get_width(label) * PANGO_SCALE)
            #expect(pango_layout_get_line_count(own) > 1)
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

        /// Whether `measurer` keeps a layout of `text` (letting go of the one it hands out).
        func isKept(_ text: String, in measurer: PangoMeasurer, font: FontSpec, maxWidth: Double) -> Bool {
            guard let kept = measurer.keptLayout(of: text, font: font, maxWidth: maxWidth) else { return false }
            g_object_unref(UnsafeMutableRawPointer(kept.layout))
            return true
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
            #expect(!isKept("Hello there", in: measurer, font: FontSpec(size: 15), maxWidth: 200))
            // Formatted text is measured from markup, not kept; a plain string measured on
            // its own (a name, a time) is not message text.
            _ = measurer.measure("A name", font: font, maxWidth: 200)
            #expect(!isKept("A name", in: measurer, font: font, maxWidth: 200))
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
            #expect(measurer.kept.count == KeptLayouts.capacity)
            #expect(!isKept("text 0", in: measurer, font: font, maxWidth: 200))
            #expect(isKept("text \(KeptLayouts.capacity + 9)", in: measurer, font: font, maxWidth: 200))
            // A layout handed out outlives its eviction.
            #expect(pango_layout_get_line_count(kept.layout) == 1)
            // Long texts are kept within a budget of bytes (a message is cut at 64,000
            // characters, so a few of the longest fit).
            let long = (0..<5).map { DisplayText(plain: "\($0) " + String(repeating: "word ", count: 12_000)) }
            for text in long { _ = measurer.measure(text, font: font, maxWidth: .infinity) }
            #expect(long.allSatisfy { $0.string.utf8.count > 60_000 })
            #expect(measurer.kept.bytes <= KeptLayouts.byteBudget)
            #expect(measurer.kept.count == 4)
            #expect(!isKept(long[0].string, in: measurer, font: font, maxWidth: .infinity))
            #expect(isKept(long[4].string, in: measurer, font: font, maxWidth: .infinity))
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
