internal import CGtk4
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

    /// Configures the label for wrapped message text.
    func prepareForWrapping(selectable: Bool) {
        let label = self.label.ptr()
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_yalign(label, 0)
        gtk_label_set_selectable(label, selectable ? 1 : 0)
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

    /// Shows message text with its detections as links.
    func show(_ text: DisplayText, font: OpaquePointer) {
        guard !text.detections.isEmpty else { return show(text.string, font: font) }
        show(markup: Self.markup(text), font: font)
    }

    /// Sets the label's font, unless it has it already.
    func setFont(_ font: OpaquePointer) {
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(label))
        let pointer = UnsafeMutableRawPointer(font)
        guard g_object_get_qdata(object, Self.fontKey) != pointer else { return }
        let attributes = pango_attr_list_new()
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
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(font))
        for range in marks where range.lowerBound < range.upperBound {
            for attribute in [pango_attr_background_new(0xFFFF, 0xE6E6, 0x6666),
                              pango_attr_foreground_new(0x1A1A, 0x1A1A, 0x1A1A)] {
                guard let attribute else { continue }
                attribute.pointee.start_index = guint(clamping: range.lowerBound)
                attribute.pointee.end_index = guint(clamping: range.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        gtk_label_set_attributes(label.ptr(), attributes)
        pango_attr_list_unref(attributes)
        g_object_set_qdata(object, Self.fontKey, marks.isEmpty ? UnsafeMutableRawPointer(font) : nil)
    }

    /// Gives the label's own text layout the width the label is about to be allocated
    /// (what its allocation sets when it wraps or ellipsizes), so that measuring it before
    /// the allocation lays out the text it then draws rather than a throwaway copy.
    /// Labels in rows have no CSS padding, so their text width is their allocated width.
    func prepareLayout(width: Double) {
        let label = self.label.ptr()
        guard gtk_label_get_wrap(label) != 0 || gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE,
            let layout = gtk_label_get_layout(label)
        else { return }
        let pango = Int32(saturating: max(0, width.rounded()) * Double(PANGO_SCALE))
        if pango_layout_get_width(layout) != pango { pango_layout_set_width(layout, pango) }
    }

    /// Pango markup of `text` with every detection wrapped in a link to its target.
    static func markup(_ text: DisplayText) -> String {
        let bytes = Array(text.string.utf8)
        var result = ""
        var position = 0
        for detection in text.detections.sorted(by: { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }) {
            let range = detection.utf8Range
            guard range.lowerBound >= position, range.upperBound <= bytes.count else { continue }
            result += escape(bytes[position..<range.lowerBound])
            let target = detection.target?.absoluteString ?? String(decoding: bytes[range], as: UTF8.self)
            result += "<a href=\"\(escape(Array(target.utf8)[...]))\">" + escape(bytes[range]) + "</a>"
            position = range.upperBound
        }
        return result + escape(bytes[position...])
    }

    /// `text` escaped for Pango markup.
    static func escape(_ text: String) -> String { escape(Array(text.utf8)[...]) }

    static func escape(_ bytes: ArraySlice<UInt8>) -> String {
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
