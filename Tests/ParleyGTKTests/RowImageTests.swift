import CGtk4
import CParleyGtk
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// Rows that move a little without changing are drawn from images of themselves, so a
    /// wheel step copies their pixels (#15). What the user sees must not change.
    @Suite("Rows drawn from images")
    @MainActor
    struct RowImageTests {
        /// A view of `conversation` in a 420 × `height` window, laid out at the newest.
        func show(_ conversation: Conversation, height: Int32 = 600) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: conversation, style: .light)
            view.opensLinks = false
            let window = try GTKHarness.window(view.root, width: 420, height: height)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 5 })
            await GTKHarness.pump(for: .milliseconds(150))
            return (view, window)
        }

        /// Scrolls by `points` and waits until the list has drawn its rows where they now
        /// are: a busy machine may lay out a frame and paint it later, and two scrolls
        /// painted in one frame are one move.
        func scroll(_ view: MessengerView, by points: Double) async {
            view.scroll(by: points)
            await GTKHarness.pumpUntilPlaced(view)
            await GTKHarness.pump(until: { drawnWherePlaced(view) }, "the list drew the scrolled rows")
        }

        /// Whether every row on screen was last drawn at its place.
        func drawnWherePlaced(_ view: MessengerView) -> Bool {
            view.visibleRowViews.allSatisfy { row in
                var bounds = graphene_rect_t(), x: Float = 0, y: Float = 0
                var origin = graphene_point_t(x: 0, y: 0), place = graphene_point_t(x: 0, y: 0)
                guard gtk_widget_compute_bounds(row.frame.widget, view.list.widget, &bounds) != 0,
                    gtk_widget_compute_point(row.frame.widget, view.list.widget, &origin, &place) != 0
                else { return true }
                let height = Float(gtk_widget_get_height(view.list.widget))
                guard bounds.origin.y < height, bounds.origin.y + bounds.size.height > 0 else { return true }
                return parley_child_drawn_at(UnsafeMutableRawPointer(row.frame.widget), &x, &y) && y == place.y
            }
        }

        /// How far the list drawn with row images is from the list drawn without: the most a
        /// byte differs (compositing a row's image is one rounding more than drawing the row,
        /// so a half-covered edge may be one level off), and the list's pixels.
        func differenceFromPlainDrawing(_ view: MessengerView) async throws -> (most: Int, drawn: [UInt8]) {
            let withImages = try GTKHarness.pixels(of: view)
            view.drawsRowsAsImages = false
            await GTKHarness.pump(for: .milliseconds(100))
            let plain = try GTKHarness.pixels(of: view)
            view.drawsRowsAsImages = true
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(withImages.count == plain.count)
            return (zip(withImages, plain).map { abs(Int($0) - Int($1)) }.max() ?? 0, withImages)
        }

        /// The row views on screen now, by the ids of their rows.
        func rowsOnScreen(_ view: MessengerView) -> [RowID: RowView] {
            let height = Float(gtk_widget_get_height(view.list.widget))
            var rows: [RowID: RowView] = [:]
            for row in view.visibleRowViews {
                var bounds = graphene_rect_t()
                guard let id = row.id, gtk_widget_compute_bounds(row.frame.widget, view.list.widget, &bounds) != 0 else { continue }
                if bounds.origin.y < height, bounds.origin.y + bounds.size.height > 0 { rows[id] = row }
            }
            return rows
        }

        func hasImage(_ row: RowView) -> Bool {
            parley_child_has_image(UnsafeMutableRawPointer(row.frame.widget))
        }

        @Test("a wheel step draws the rows that stayed from images, with the same pixels")
        func wheelStep() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(200))
            defer { GTKHarness.close(window) }
            let first = rowsOnScreen(view)
            #expect(first.values.allSatisfy { !hasImage($0) }, "rows drawn once, in place, need no image")

            // One step: the rows may stop there (a jump settling), so they are drawn as usual.
            await scroll(view, by: -56)
            #expect(rowsOnScreen(view).values.allSatisfy { !hasImage($0) })
            // A second: the list is being scrolled, and the rows that stayed are copied.
            await scroll(view, by: -56)
            let second = rowsOnScreen(view)
            let stayed = Set(first.keys).intersection(second.keys)
            #expect(stayed.count >= 5)
            for id in stayed { #expect(hasImage(second[id]!), "\(id) keeps moving unchanged but is drawn anew") }
            // Out of sight (the overscan), a row keeps no image.
            let outside = view.visibleRowViews.filter { row in !second.keys.contains(row.id!) }
            #expect(!outside.isEmpty)
            #expect(outside.allSatisfy { !hasImage($0) })

            let (most, drawn) = try await differenceFromPlainDrawing(view)
            #expect(most <= 1, "a byte differs by \(most) from drawing the rows themselves")
            #expect(Set(drawn).count > 10, "the list drew something")

            // A wheel step back: the same again.
            await scroll(view, by: 56)
            #expect(try await differenceFromPlainDrawing(view).most <= 1)
        }

        @Test("a row that changes is drawn anew, and a page makes no images")
        func changesAndPages() async throws {
            let conversation = ChatFixtures.conversation(200)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            await scroll(view, by: -56)
            await scroll(view, by: -56)
            let shown = rowsOnScreen(view)
            let (id, row) = try #require(shown.first { key, row in
                if case .message = key { return hasImage(row) } else { return false }
            })
            guard case .message(let messageID) = id else { return }

            // Its text changes: the next frame draws the new text, not the old image.
            try conversation.replace(messageID, with: .text("Changed, and drawn anew"), animated: false)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(view.visibleRowViews.contains { $0 === row })
            await GTKHarness.pump(until: { !hasImage(row) }, "the changed row is drawn anew")
            #expect(try await differenceFromPlainDrawing(view).most <= 1)
            // Scrolled on, it gets an image again once it moves unchanged twice in a row.
            // (Its bubble may still be growing to the new text: a new drawing each frame.)
            var steps = 0
            while !hasImage(row), steps < 10 {
                await scroll(view, by: steps % 2 == 0 ? -56 : 56)
                steps += 1
            }
            #expect(steps >= 2 && hasImage(row), "moving again unchanged, it has an image again")
            #expect(try await differenceFromPlainDrawing(view).most <= 1)

            // A page: the rows it brings on screen are drawn as usual.
            let before = rowsOnScreen(view)
            await scroll(view, by: -560)
            let brought = rowsOnScreen(view).filter { before[$0.key] == nil }
            #expect(brought.count >= 3)
            #expect(brought.values.allSatisfy { !hasImage($0) })
            #expect(try await differenceFromPlainDrawing(view).most <= 1)
            // The rows that left wait in the pool, hidden: they hold no image, nor GTK's old
            // drawing of them (which would keep their pictures alive).
            #expect(!view.pool.isEmpty)
            #expect(view.pool.allSatisfy { !hasImage($0) })
        }

        @Test("a row taller than twice the list is drawn as usual")
        func tallRow() async throws {
            let conversation = ChatFixtures.conversation(40)
            let long = (0..<400).map { "Line \($0) of a very long message" }.joined(separator: "\n")
            try conversation.append(Message(id: "long", sender: ChatFixtures.alice, date: ChatFixtures.start.addingTimeInterval(100_000), content: .text(long)))
            // A long text is shown folded, about 600 points tall: three times this list.
            let (view, window) = try await show(conversation, height: 200)
            defer { GTKHarness.close(window) }
            await scroll(view, by: -56)
            await scroll(view, by: -56)
            let rows = rowsOnScreen(view)
            let tall = try #require(rows[.message("long")])
            var bounds = graphene_rect_t()
            _ = gtk_widget_compute_bounds(tall.frame.widget, view.list.widget, &bounds)
            #expect(Double(bounds.size.height) > 2.5 * Double(gtk_widget_get_height(view.list.widget)))
            #expect(!hasImage(tall))
            #expect(try await differenceFromPlainDrawing(view).most <= 1)
        }

        @Test("rows show in the list's padding, where GTK clips")
        func padding() async throws {
            try GTKHarness.start()
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, "messages { padding: 40px 0; }", -1)
            let display = gdk_display_get_default()
            gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))
            defer {
                gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
                g_object_unref(UnsafeMutableRawPointer(provider))
            }
            let (view, window) = try await show(ChatFixtures.conversation(200))
            defer { GTKHarness.close(window) }
            await scroll(view, by: -56)
            await scroll(view, by: -56)
            #expect(view.visibleRowViews.contains(where: hasImage))
            let (most, _) = try await differenceFromPlainDrawing(view)
            #expect(most <= 1, "a byte differs by \(most): rows in the padding were left out")
        }
    }
}
