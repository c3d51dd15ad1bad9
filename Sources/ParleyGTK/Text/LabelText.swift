internal import CGtk4
internal import CParleyGtk
import Foundation
import ParleyCore

/// Puts text into a GtkLabel the way the measurer measured it: same font description,
/// same wrapping, links as `<a href>` markup.
///
/// Labels in rows are recycled, so each call sets only what differs from what the label
/// shows: a new font or text makes GTK lay the text out again.
@MainActor
struct LabelText {
    let label: WidgetPointer

    /// Where a label keeps the font description it was given last (a pointer owned by
    /// the measurer, which outlives the labels).
    private static let fontKey = g_quark_from_string("parley-label-font")

    init(_ label: WidgetPointer) {
        self.label = label
    }

    /// Configures a new label for wrapped message text (once a label). A selectable one
    /// copies its selection without the drawn text's zero-width spaces.
    func prepareForWrapping(selectable: Bool) {
        let label = self.label.ptr()
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_yalign(label, 0)
        gtk_label_set_selectable(label, selectable ? 1 : 0)
        if selectable { parley_label_copy_without_breaks(self.label.raw) }
    }

    /// Shows `text` (already inert) in `font`.
    func show(_ text: String, font: OpaquePointer) {
        setFont(font)
        let label = self.label.ptr()
        if gtk_label_get_use_markup(label) == 0, String(cString: gtk_label_get_label(label)) == text { return }
        // Also turns markup off.
        gtk_label_set_text(label, text)
    }

    /// Shows Pango `markup` (escaped by the caller) in `font`.
    func show(markup: String, font: OpaquePointer) {
        setFont(font)
        let label = self.label.ptr()
        if gtk_label_get_use_markup(label) != 0, String(cString: gtk_label_get_label(label)) == markup { return }
        gtk_label_set_markup(label, markup)
    }

    /// Shows message text with its detections as links and its spans (formatted text)
    /// as Pango attributes; code sits on `codeBackground`.
    func show(_ text: DisplayText, font: OpaquePointer, codeBackground: Color? = nil) {
        guard !text.spans.isEmpty else {
            guard !text.detections.isEmpty else { return show(text.string, font: font) }
            return show(markup: Self.markup(text), font: font)
        }
        // Formatted text carries its font in the markup: a font given as the label's
        // attributes would win over a span starting where it starts (bold at the start
        // of a message would not show).
        let name = pango_font_description_to_string(font).map { pointer in
            defer { g_free(pointer) }
            return String(cString: pointer)
        } ?? ""
        let markup = "<span font_desc=\"\(Self.escape(name))\" insert_hyphens=\"false\">" + Self.markup(text, codeBackground: codeBackground) + "</span>"
        let label = self.label.ptr()
        if g_object_get_qdata(UnsafeMutablePointer<GObject>(OpaquePointer(self.label)), Self.fontKey) != nil {
            gtk_label_set_attributes(label, nil)
            g_object_set_qdata(UnsafeMutablePointer<GObject>(OpaquePointer(self.label)), Self.fontKey, nil)
        }
        if gtk_label_get_use_markup(label) != 0, String(cString: gtk_label_get_label(label)) == markup { return }
        gtk_label_set_markup(label, markup)
    }

    /// A new attribute list (the caller's reference) that breaks a word longer than the
    /// line without inserting a hyphen. Pango hyphenates such breaks by default; in a
    /// message the hyphen reads as part of the link, hash or number broken there, and no
    /// messenger shows one. Labels and the measurer use it alike, so the lines agree.
    nonisolated static func noHyphens() -> OpaquePointer {
        let attributes = pango_attr_list_new()!
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        return attributes
    }

    /// `markup` with no hyphen where a word breaks (see ``noHyphens()``).
    nonisolated static func withoutHyphens(markup: String) -> String {
        "<span insert_hyphens=\"false\">" + markup + "</span>"
    }

    /// Sets the label's font, unless it has it already.
    func setFont(_ font: OpaquePointer) {
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(label))
        let pointer = UnsafeMutableRawPointer(font)
        guard g_object_get_qdata(object, Self.fontKey) != pointer else { return }
        let attributes = Self.noHyphens()
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(font))
        gtk_label_set_attributes(label.ptr(), attributes)
        pango_attr_list_unref(attributes)
        g_object_set_qdata(object, Self.fontKey, pointer)
    }

    /// Marks the UTF-8 ranges `marks` of the label's text (a search match: dark text on
    /// a yellow ground; never a weight or size change, which would no longer fit the
    /// measured layout), with `font` for the rest; an empty list takes the marks away.
    /// The next ``setFont(_:)`` sets the font again, dropping the marks.
    func mark(_ marks: [Range<Int>], font: OpaquePointer) {
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(label))
        let attributes = Self.noHyphens()
        // Formatted text carries its font in its markup (see show(_:font:codeBackground:)).
        let label = self.label.ptr()
        let formatted = gtk_label_get_use_markup(label) != 0
            && String(cString: gtk_label_get_label(label)).hasPrefix("<span font_desc=")
        if !formatted { pango_attr_list_insert(attributes, pango_attr_font_desc_new(font)) }
        for range in marks where range.lowerBound < range.upperBound {
            for attribute in [pango_attr_background_new(0xFFFF, 0xE6E6, 0x6666),
                              pango_attr_foreground_new(0x1A1A, 0x1A1A, 0x1A1A)] {
                guard let attribute else { continue }
                attribute.pointee.start_index = guint(clamping: range.lowerBound)
                attribute.pointee.end_index = guint(clamping: range.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        gtk_label_set_attributes(label, attributes)
        pango_attr_list_unref(attributes)
        g_object_set_qdata(object, Self.fontKey, marks.isEmpty && !formatted ? UnsafeMutableRawPointer(font) : nil)
    }

    /// Gives the label's own text layout the width the label is about to be allocated
    /// (what its allocation sets when it wraps or ellipsizes). Where GTK measures a label
    /// before allocating it (``GTK/measuresOnAllocation``), the measure then lays out the
    /// text it draws rather than a throwaway copy. (Elsewhere GtkLabel makes its layout
    /// when it first draws, at its allocated width.)
    /// Labels in rows have no CSS padding, so their text width is their allocated width.
    func prepareLayout(width: Double) {
        let label = self.label.ptr()
        guard gtk_label_get_wrap(label) != 0 || gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE,
            let layout = gtk_label_get_layout(label)
        else { return }
        let pango = Int32(saturating: max(0, width.rounded()) * Double(PANGO_SCALE))
        if pango_layout_get_width(layout) != pango { pango_layout_set_width(layout, pango) }
    }

    /// Pango markup of `text`: every detection a link to its target, every span's
    /// styles as a span's attributes. The text is cut at every span and detection
    /// boundary and each piece styled on its own, so overlapping ranges never make
    /// markup that does not nest. The measurer lays out the same markup.
    ///
    /// - Parameter links: Whether detections become `<a href>` (GtkLabel's markup; Pango's
    ///   own has no links, and a link takes no more room than its text).
    nonisolated static func markup(_ text: DisplayText, codeBackground: Color? = nil, links: Bool = true) -> String {
        let bytes = Array(text.string.utf8)
        let count = bytes.count
        let detections = text.detections.filter { $0.utf8Range.upperBound <= count && !$0.utf8Range.isEmpty }
        let spans = text.spans.filter { $0.utf8Range.upperBound <= count && !$0.utf8Range.isEmpty }
        var cuts = Set([0, count])
        for detection in detections { cuts.formUnion([detection.utf8Range.lowerBound, detection.utf8Range.upperBound]) }
        for span in spans { cuts.formUnion([span.utf8Range.lowerBound, span.utf8Range.upperBound]) }
        let points = cuts.sorted()
        var result = ""
        for (start, end) in zip(points, points.dropFirst()) where start < end {
            let piece = escape(bytes[start..<end])
            var style = SpanStyle()
            for span in spans where span.utf8Range.lowerBound <= start && span.utf8Range.upperBound >= end {
                style.formUnion(span.style)
            }
            var attributes: [String] = []
            if style.isBold { attributes.append("weight=\"bold\"") }
            if style.contains(.italic) { attributes.append("style=\"italic\"") }
            if style.contains(.strikethrough) { attributes.append("strikethrough=\"true\"") }
            if style.isMonospace {
                attributes.append("font_family=\"monospace\"")
                if let codeBackground { attributes.append("background=\"\(codeBackground.css)\"") }
            }
            if style.contains(.quote) { attributes.append("alpha=\"75%\"") }
            var shown = attributes.isEmpty ? piece : "<span " + attributes.joined(separator: " ") + ">" + piece + "</span>"
            if links, let detection = detections.first(where: { $0.utf8Range.lowerBound <= start && $0.utf8Range.upperBound >= end }) {
                let target = detection.target?.absoluteString ?? String(decoding: bytes[detection.utf8Range], as: UTF8.self)
                shown = "<a href=\"\(escape(Array(target.utf8)[...]))\">" + shown + "</a>"
            }
            result += shown
        }
        return result
    }

    /// `text` escaped for Pango markup.
    nonisolated static func escape(_ text: String) -> String { escape(Array(text.utf8)[...]) }

    nonisolated static func escape(_ bytes: ArraySlice<UInt8>) -> String {
        var escaped = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
