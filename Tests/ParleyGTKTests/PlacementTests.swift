import CGtk4
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Placing widgets at the core's frames")
    @MainActor
    struct PlacementTests {
        @Test("the allocation probe agrees with what GTK does when it allocates a widget (#15)")
        func probeAgrees() throws {
            try GTKHarness.start()
            let frame = Frame(cssName: "placement-probe")
            var measures = 0
            frame.handlers.measure = { _, _ in
                measures += 1
                return (0, 0)
            }
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(frame.widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            #expect(measures == 1)
            measures = 0
            gtk_widget_allocate(frame.widget, 40, 30, -1, nil)
            #expect(GTK.measuresOnAllocation == (measures > 0))
            #expect(gtk_widget_get_width(frame.widget) == 40)
        }

        @Test("a label placed by the core's frames wraps at its width and follows its text (#15)")
        func labelFollowsText() async throws {
            try GTKHarness.start()
            let parent = Frame(cssName: "placement")
            let label = gtk_label_new(nil)!
            gtk_label_set_wrap(OpaquePointer(label), 1)
            gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_xalign(OpaquePointer(label), 0)
            parent.add(label)
            var placed = 0
            parent.handlers.allocate = { _, _ in
                placed += 1
                label.place(x: 10, y: 12, width: 120, height: 200)
            }
            let window = try GTKHarness.window(parent.widget)
            defer { GTKHarness.close(window) }

            gtk_label_set_text(OpaquePointer(label), "Lunch at the new place on Fifth? They have a terrace, and the soup is great")
            await GTKHarness.pump(until: { placed > 0 && gtk_widget_get_width(label) == 120 })
            let layout = gtk_label_get_layout(OpaquePointer(label))
            #expect(pango_layout_get_width(layout) == 120 * PANGO_SCALE)
            let wrapped = Int(pango_layout_get_line_count(layout))
            #expect(wrapped > 2)
            var bounds = graphene_rect_t()
            #expect(gtk_widget_compute_bounds(label, parent.widget, &bounds) != 0)
            #expect(bounds.origin.x == 10 && bounds.origin.y == 12 && bounds.size.height == 200)

            // A new text reaches the drawn layout, at the same width, though the label is
            // placed at the same size again.
            let before = placed
            gtk_label_set_text(OpaquePointer(label), "Yes")
            await GTKHarness.pump(until: { placed > before })
            let relaid = gtk_label_get_layout(OpaquePointer(label))
            #expect(pango_layout_get_width(relaid) == 120 * PANGO_SCALE)
            #expect(pango_layout_get_line_count(relaid) == 1)
            #expect(String(cString: pango_layout_get_text(relaid)) == "Yes")
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(relaid, nil, &logical)
            #expect(logical.width > 0 && logical.width < 60)
        }
    }
}
