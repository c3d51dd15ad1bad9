import CGtk4
import Foundation
import ParleyCore

/// Measures text with Pango, in pixels: the ``TextMeasurer`` behind GTK layouts.
///
/// It lays text out exactly as the message labels draw it (same font descriptions, same
/// wrapping, the display's resolution and font options), so the core's frames and the
/// labels agree. Thread-safe: one lock around one Pango layout.
public final class PangoMeasurer: TextMeasurer, @unchecked Sendable {
    private let lock = NSLock()
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private var fonts: [FontSpec: OpaquePointer] = [:]
    private let fonts_: FontMapping

    /// A measurer using `widget`'s Pango context (its display's resolution and font
    /// options): what that widget's labels will use.
    @MainActor
    public convenience init(widget: WidgetPointer) {
        self.init(context: gtk_widget_create_pango_context(widget), fonts: FontMapping.current())
    }

    /// A measurer for the default display, or for no display at all (96 dpi).
    @MainActor
    public convenience init() {
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 96)
        self.init(context: context, fonts: FontMapping.current())
    }

    init(context: OpaquePointer, fonts: FontMapping) {
        self.context = context
        self.layout = pango_layout_new(context)
        self.fonts_ = fonts
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    }

    deinit {
        for description in fonts.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The Pango font description of `font`, as labels use it.
    func description(_ font: FontSpec) -> OpaquePointer {
        if let cached = fonts[font] { return cached }
        let description = fonts_.description(for: font)
        fonts[font] = description
        return description
    }

    public func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        lock.withLock {
            prepare(text, font: font, maxWidth: maxWidth)
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            let lines = Int(pango_layout_get_line_count(layout))
            // Labels draw at whole pixels: round the width up so nothing re-wraps.
            let width = text.isEmpty ? 0 : Double(logical.width).rounded(.up)
            return TextMetrics(size: Size(width: width, height: Double(logical.height)), lineCount: max(1, lines))
        }
    }

    public func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        lock.withLock {
            prepare(text, font: font, maxWidth: maxWidth)
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            guard point.x >= 0, point.y >= 0, point.x < Double(logical.width), point.y < Double(logical.height)
            else { return nil }
            var index: Int32 = 0
            var trailing: Int32 = 0
            let inside = pango_layout_xy_to_index(
                layout, Int32(point.x * Double(PANGO_SCALE)), Int32(point.y * Double(PANGO_SCALE)), &index, &trailing)
            return inside != 0 ? Int(index) : nil
        }
    }

    private func prepare(_ text: String, font: FontSpec, maxWidth: Double) {
        pango_layout_set_font_description(layout, description(font))
        pango_layout_set_width(layout, maxWidth.isFinite ? Int32(clamping: Int(maxWidth * Double(PANGO_SCALE))) : -1)
        text.utf8CString.withUnsafeBufferPointer { buffer in
            pango_layout_set_text(layout, buffer.baseAddress, Int32(buffer.count - 1))
        }
    }
}
