import CGtk4
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("PangoMeasurer")
    @MainActor
    struct PangoMeasurerTests {
        /// A label in a window, and a measurer of its Pango context (close the window).
        func shownLabel() throws -> (label: WidgetPointer, window: WidgetPointer, measurer: PangoMeasurer) {
            try GTKHarness.start()
            let label = gtk_label_new(nil)!
            let window = try GTKHarness.window(label)
            return (label, window, PangoMeasurer(widget: Widget(gtkWidget: label)))
        }

        @Test("labels wrap exactly where the measurer says (#4)", arguments: [80.0, 140.0, 260.0])
        func labelsAgree(width: Double) async throws {
            let (label, window, measurer) = try shownLabel()
            defer { GTKHarness.close(window) }
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

        /// How many glyphs with a width a laid-out layout draws (a hyphen Pango adds where
        /// it breaks a word is one more than the text's characters).
        static func inkedGlyphs(of layout: OpaquePointer) -> Int {
            var count = 0
            let iterator = pango_layout_get_iter(layout)
            defer { pango_layout_iter_free(iterator) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let string = run.pointee.glyphs else { continue }
                for index in 0..<Int(string.pointee.num_glyphs) where string.pointee.glyphs[index].geometry.width > 0 { count += 1 }
            } while pango_layout_iter_next_run(iterator) != 0
            return count
        }

        @Test("a word longer than the line breaks without a hyphen, measured, painted and in labels, plain and formatted")
        func noHyphens() async throws {
            let (label, window, measurer) = try shownLabel()
            defer { GTKHarness.close(window) }
            let font = FontSpec(size: 11)
            let word = String(repeating: "x", count: 120)
            // The text a bubble draws is the measurer's own layout.
            let plain = DisplayText(plain: word)  // with a break opportunity now and then
            let metrics = measurer.measure(plain, font: font, maxWidth: 120)
            #expect(metrics.lineCount > 3)
            let kept = try #require(measurer.keptLayout(of: plain.string, font: font, maxWidth: 120))
            defer { g_object_unref(UnsafeMutableRawPointer(kept.layout)) }
            #expect(Self.inkedGlyphs(of: kept.layout) == 120, "the x's, and no hyphen")
            // A label, plain and formatted, at the same width: the same lines, no hyphen.
            LabelText(label).prepareForWrapping(selectable: false)
            let bold = FormattedText(content: TextContent(word), spans: [FormatSpan(.bold, utf8Range: 0..<10)])
            for text in [plain, DisplayText(bold)] {
                LabelText(label).show(text, font: measurer.description(font))
                let layout = try #require(gtk_label_get_layout(OpaquePointer(label)))
                pango_layout_set_width(layout, Int32(120 * PANGO_SCALE))
                #expect(Int(pango_layout_get_line_count(layout)) == measurer.measure(text, font: font, maxWidth: 120).lineCount)
                #expect(Self.inkedGlyphs(of: layout) == 120, "the x's, and no hyphen")
            }
        }

        @Test("a long link wraps into full lines: none but the last ends more than a break's few characters short")
        func longRunsFillLines() throws {
            try GTKHarness.start()
            let measurer = PangoMeasurer()
            let font = FontSpec(size: 11)
            let link = "https://example.com/" + String(repeating: "0123456789abcdefghij", count: 12)
            let shown = DisplayText(plain: link)
            // Wider than any piece between two breaks of the run.
            let piece = measurer.measure(String(repeating: "m", count: DisplayText.longRunBreakSpacing), font: font, maxWidth: 1000)
            for width in [150.0, 230.0, 310.0] {
                _ = measurer.measure(shown, font: font, maxWidth: width)
                let kept = try #require(measurer.keptLayout(of: shown.string, font: font, maxWidth: width))
                defer { g_object_unref(UnsafeMutableRawPointer(kept.layout)) }
                var widths: [Int] = []
                for index in 0..<Int(pango_layout_get_line_count(kept.layout)) {
                    let line = try #require(pango_layout_get_line_readonly(kept.layout, Int32(index)))
                    var logical = PangoRectangle()
                    pango_layout_line_get_pixel_extents(line, nil, &logical)
                    widths.append(Int(logical.width))
                }
                #expect(widths.count > 3, "the link wraps at \(width)")
                // The first line ends where the link's address does; the run after it fills
                // every line but the last (with a break only every 64 characters, a line in
                // two ended with a few characters).
                for (index, drawn) in widths.enumerated().dropFirst().dropLast() {
                    #expect(Double(drawn) > width - piece.size.width, "line \(index) of \(widths) at \(width)")
                }
            }
        }

        @Test("text selected in a message label is copied without the zero-width spaces that break its long runs")
        func copiesWithoutBreaks() throws {
            let (label, window, measurer) = try shownLabel()
            defer { GTKHarness.close(window) }
            let link = "https://example.org/" + String(repeating: "0123456789abcdef", count: 10)
            let shown = DisplayText(plain: "see " + link + " now")
            #expect(shown.string.contains("\u{200B}"), "the drawn text has breaks in the run")
            LabelText(label).prepareForWrapping(selectable: true)
            LabelText(label).show(shown.string, font: measurer.description(FontSpec(size: 11)))
            let characters = shown.string.unicodeScalars.count
            gtk_label_select_region(OpaquePointer(label), 4, Int32(characters - 4))
            // What Ctrl+C and the label's menu do: its clipboard.copy action emits copy-clipboard.
            #expect(gtk_widget_activate_action_variant(label, "clipboard.copy", nil) != 0)
            let clipboard = try #require(gtk_widget_get_clipboard(label))
            let provider = try #require(gdk_clipboard_get_content(clipboard))
            var value = GValue()
            g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
            defer { g_value_unset(&value) }
            #expect(gdk_content_provider_get_value(provider, &value, nil) != 0)
            let copied = g_value_get_string(&value).map { String(cString: $0) }
            #expect(copied == link)
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
