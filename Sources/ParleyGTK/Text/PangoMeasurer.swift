internal import CGtk4
internal import CParleyGtk
import Foundation
import Synchronization
import ParleyCore

/// Measures text with Pango, in pixels: the ``TextMeasurer`` behind GTK layouts.
///
/// It lays text out exactly as the message labels draw it (same font descriptions, same
/// wrapping, the display's resolution and font options), so the core's frames and the
/// labels agree. Thread-safe: the Pango context, its layouts and the font descriptions
/// live behind one lock.
public final class PangoMeasurer: TextMeasurer, Sendable {
    /// Pango's objects, used only with the lock held (which is what makes passing them
    /// to the lock safe: nothing else keeps them).
    private struct Pango: @unchecked Sendable {
        let context: OpaquePointer
        let layout: OpaquePointer
        var fonts: [FontSpec: OpaquePointer] = [:]
        let mapping: FontMapping
        var kept = KeptLayouts()
        /// Plain text's attributes: no hyphen where a word breaks (see ``noHyphens``).
        let plain: OpaquePointer = LabelText.noHyphens()
    }
    private let pango: Mutex<Pango>

    /// Runs `body` with the measurer's Pango objects, holding its lock and the lock under
    /// which the bubbles draw the layouts it kept (they share its context).
    private func withPango<Result>(_ body: (inout Pango) -> Result) -> Result {
        pango.withLock { pango in
            parley_pango_lock()
            defer { parley_pango_unlock() }
            return body(&pango)
        }
    }

    /// A measurer using `widget`'s Pango context (its display's resolution and font
    /// options): what that widget's labels will use.
    @MainActor
    public convenience init(widget: Widget) {
        self.init(context: gtk_widget_create_pango_context(widget.pointer), fonts: FontMapping.current())
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
        pango = Mutex(Pango(context: context, layout: Self.wrappingLayout(in: context), mapping: fonts))
    }

    /// A new layout in `context` that wraps as message labels do.
    private static func wrappingLayout(in context: OpaquePointer) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        return layout
    }

    deinit {
        withPango { pango in
            pango.kept.removeAll()
            for description in pango.fonts.values { pango_font_description_free(description) }
            g_object_unref(UnsafeMutableRawPointer(pango.layout))
            g_object_unref(UnsafeMutableRawPointer(pango.context))
            pango_attr_list_unref(pango.plain)
        }
    }

    /// The Pango font description of `font`, as labels use it (owned by the measurer).
    func description(_ font: FontSpec) -> OpaquePointer {
        withPango { Self.description(font, in: &$0) }
    }

    private static func description(_ font: FontSpec, in pango: inout Pango) -> OpaquePointer {
        if let cached = pango.fonts[font] { return cached }
        let description = pango.mapping.description(for: font)
        pango.fonts[font] = description
        return description
    }

    /// `text` measured as labels and the composer's text view lay it out (neither puts a
    /// hyphen where it breaks a word).
    public func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        withPango { pango in
            let layout = Self.prepare(text, font: font, maxWidth: maxWidth, in: &pango)
            return Self.metrics(of: layout, isEmpty: text.isEmpty)
        }
    }

    /// Hit-tests `text` laid out as the plain text `measure` lays it out.
    public func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        withPango { pango in
            Self.index(at: point, in: Self.prepare(text, font: font, maxWidth: maxWidth, in: &pango))
        }
    }

    /// Formatted text (spans: bold, code...) is measured as its label draws it, from
    /// the same markup; plain text as a string, in a layout of its own that the measurer
    /// keeps a while, so that a message's text is drawn from it without being laid out
    /// and shaped a second time.
    public func measure(_ text: DisplayText, font: FontSpec, maxWidth: Double) -> TextMetrics {
        guard !text.spans.isEmpty else {
            guard !text.string.isEmpty else { return measure(text.string, font: font, maxWidth: maxWidth) }
            return withPango { pango in
                let key = KeptLayouts.Key(text: text.string, font: font, width: Self.pangoWidth(maxWidth))
                // Measured again (a row's neighbours changed): the kept layout answers.
                if let kept = pango.kept[key] { return kept.metrics }
                let layout = Self.newLayout(text.string, font: font, maxWidth: maxWidth, in: &pango)
                let metrics = Self.metrics(of: layout, isEmpty: false)
                pango.kept.keep(layout, metrics: metrics, for: key)
                return metrics
            }
        }
        let markup = LabelText.markup(text, links: false)
        return withPango { pango in
            Self.metrics(of: Self.prepare(markup: markup, font: font, maxWidth: maxWidth, in: &pango), isEmpty: text.string.isEmpty)
        }
    }

    /// Hit-tests formatted text laid out from its markup (the markup's tags take no
    /// room in the text, so its offsets are the drawn string's).
    public func utf8Offset(at point: Point, in text: DisplayText, font: FontSpec, maxWidth: Double) -> Int? {
        guard !text.spans.isEmpty else { return utf8Offset(at: point, in: text.string, font: font, maxWidth: maxWidth) }
        let markup = LabelText.markup(text, links: false)
        return withPango { pango in
            Self.index(at: point, in: Self.prepare(markup: markup, font: font, maxWidth: maxWidth, in: &pango))
        }
    }

    /// The layout in which plain message text was measured in `font` at `maxWidth`, with
    /// what it measured, while the measurer keeps it (the newest ``KeptLayouts/capacity``).
    /// The caller owns a reference to the layout (`g_object_unref` it) and must not change
    /// it: it is laid out already, and its lines are read as they are.
    func keptLayout(of text: String, font: FontSpec, maxWidth: Double) -> (layout: OpaquePointer, metrics: TextMetrics)? {
        withPango { pango in
            let key = KeptLayouts.Key(text: text, font: font, width: Self.pangoWidth(maxWidth))
            guard let kept = pango.kept[key] else { return nil }
            g_object_ref(UnsafeMutableRawPointer(kept.layout))
            return kept
        }
    }

    /// How many laid-out texts the measurer keeps at present, and their bytes; a test seam.
    var kept: (count: Int, bytes: Int) { withPango { ($0.kept.count, $0.kept.bytes) } }

    /// A new layout of `text` in `font`, wrapped at `maxWidth`, as labels lay it out.
    private static func newLayout(_ text: String, font: FontSpec, maxWidth: Double, in pango: inout Pango) -> OpaquePointer {
        fill(wrappingLayout(in: pango.context), with: text, isMarkup: false, font: font, maxWidth: maxWidth, in: &pango)
    }

    /// A layout's width for `maxWidth` in pixels: Pango units, -1 for no wrapping.
    private static func pangoWidth(_ maxWidth: Double) -> Int32 {
        maxWidth.isFinite ? Int32(clamping: Int(maxWidth * Double(PANGO_SCALE))) : -1
    }

    /// The size and lines of a prepared layout.
    private static func metrics(of layout: OpaquePointer, isEmpty: Bool) -> TextMetrics {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        let lines = Int(pango_layout_get_line_count(layout))
        // Labels draw at whole pixels: round the width up so nothing re-wraps.
        let width = isEmpty ? 0 : Double(logical.width).rounded(.up)
        return TextMetrics(size: Size(width: width, height: Double(logical.height)), lineCount: max(1, lines))
    }

    /// The byte index of the character at `point` in a prepared layout, if one is there.
    private static func index(at point: Point, in layout: OpaquePointer) -> Int? {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        guard point.x >= 0, point.y >= 0, point.x < Double(logical.width), point.y < Double(logical.height)
        else { return nil }
        var index: Int32 = 0
        var trailing: Int32 = 0
        let inside = pango_layout_xy_to_index(
            layout, Int32(saturating: point.x * Double(PANGO_SCALE)), Int32(saturating: point.y * Double(PANGO_SCALE)), &index,
            &trailing)
        return inside != 0 ? Int(index) : nil
    }

    private static func prepare(_ text: String, font: FontSpec, maxWidth: Double, in pango: inout Pango) -> OpaquePointer {
        prepare(text, isMarkup: false, font: font, maxWidth: maxWidth, in: &pango)
    }

    private static func prepare(markup: String, font: FontSpec, maxWidth: Double, in pango: inout Pango) -> OpaquePointer {
        prepare(markup, isMarkup: true, font: font, maxWidth: maxWidth, in: &pango)
    }

    /// The shared layout holding `text` (Pango markup when `isMarkup`) in `font`, wrapped
    /// at `maxWidth`.
    private static func prepare(
        _ text: String, isMarkup: Bool, font: FontSpec, maxWidth: Double, in pango: inout Pango
    ) -> OpaquePointer {
        fill(pango.layout, with: text, isMarkup: isMarkup, font: font, maxWidth: maxWidth, in: &pango)
    }

    /// `layout`, given `text` (Pango markup when `isMarkup`) in `font`, wrapped at `maxWidth`.
    private static func fill(
        _ layout: OpaquePointer, with text: String, isMarkup: Bool, font: FontSpec, maxWidth: Double, in pango: inout Pango
    ) -> OpaquePointer {
        pango_layout_set_font_description(layout, description(font, in: &pango))
        pango_layout_set_width(layout, pangoWidth(maxWidth))
        // A word longer than the line breaks without a hyphen, as labels and the composer
        // break it (LabelText, InputBarView): a hyphen in a link, a hash or a number reads
        // as part of it.
        let text = isMarkup ? LabelText.withoutHyphens(markup: text) : text
        let attributes = pango.plain
        text.utf8CString.withUnsafeBufferPointer { buffer in
            if isMarkup {
                pango_layout_set_markup(layout, buffer.baseAddress, Int32(buffer.count - 1))
            } else {
                // Also replaces what formatted text measured before left.
                if pango_layout_get_attributes(layout) != attributes { pango_layout_set_attributes(layout, attributes) }
                pango_layout_set_text(layout, buffer.baseAddress, Int32(buffer.count - 1))
            }
        }
        return layout
    }
}
