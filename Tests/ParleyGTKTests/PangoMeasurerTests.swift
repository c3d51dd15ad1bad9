import CGtk4
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("PangoMeasurer")
    @MainActor
    struct PangoMeasurerTests {
        @Test("labels wrap exactly where the measurer says (#4)", arguments: [80.0, 140.0, 260.0])
        func labelsAgree(width: Double) async throws {
            try GTKHarness.start()
            let label = gtk_label_new(nil)!
            let window = try GTKHarness.window(label)
            defer { GTKHarness.close(window) }
            let measurer = PangoMeasurer(widget: Widget(gtkWidget: label))
            let font = FontSpec(size: 11)
            let text = "Lunch at the new place on Fifth? They have a terrace, and the soup is supposedly 👌 great"
            let metrics = measurer.measure(text, font: font, maxWidth: width)
            #expect(metrics.size.width <= width)
            #expect(metrics.lineCount > 1)

            let shown = LabelText(label)
            shown.show(text, font: measurer.description(font))
            let layout = gtk_label_get_layout(OpaquePointer(label))
            pango_layout_set_width(layout, Int32(metrics.size.width * Double(PANGO_SCALE)))
            #expect(Int(pango_layout_get_line_count(layout)) == metrics.lineCount)
        }

        @Test("an empty text is one line of zero width; hits outside the text are nil (#4)")
        func emptyAndOutside() throws {
            try GTKHarness.start()
            let measurer = PangoMeasurer()
            let empty = measurer.measure("", font: FontSpec(size: 11), maxWidth: 100)
            #expect(empty.size.width == 0 && empty.lineCount == 1 && empty.size.height > 0)
            #expect(measurer.utf8Offset(at: Point(x: 500, y: 2), in: "hi", font: FontSpec(size: 11), maxWidth: 100) == nil)
            let offset = measurer.utf8Offset(at: Point(x: 1, y: 2), in: "hello", font: FontSpec(size: 11), maxWidth: 100)
            #expect(offset == 0)
        }
    }
}
