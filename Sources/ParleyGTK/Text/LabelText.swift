import CGtk4
import Foundation
import ParleyCore

/// Puts text into a GtkLabel the way the measurer measured it: same font description,
/// same wrapping, links as `<a href>` markup.
@MainActor
struct LabelText {
    let label: WidgetPointer

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
        gtk_label_set_use_markup(label.ptr(), 0)
        gtk_label_set_text(label.ptr(), text)
    }

    /// Shows message text with its detections as links.
    func show(_ text: DisplayText, font: OpaquePointer) {
        guard !text.detections.isEmpty else { return show(text.string, font: font) }
        setFont(font)
        gtk_label_set_markup(label.ptr(), Self.markup(text))
    }

    func setFont(_ font: OpaquePointer) {
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(font))
        gtk_label_set_attributes(label.ptr(), attributes)
        pango_attr_list_unref(attributes)
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

    private static func escape(_ bytes: ArraySlice<UInt8>) -> String {
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
