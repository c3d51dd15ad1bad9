internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// Turns the core's abstract ``FontSpec`` into Pango font descriptions: `.body` is the
/// desktop's interface font (GtkSettings' `gtk-font-name`), `.emoji` an emoji font.
struct FontMapping: Sendable {
    /// The family of the desktop's interface font.
    var bodyFamily: String

    /// The mapping for the current desktop settings (or a generic sans-serif).
    @MainActor
    static func current() -> FontMapping {
        var family = "Sans"
        if let settings = gtk_settings_get_default() {
            if let name = parley_object_dup_string(UnsafeMutableRawPointer(settings), "gtk-font-name") {
                let description = pango_font_description_from_string(name)
                if let described = pango_font_description_get_family(description) {
                    family = String(cString: described)
                }
                pango_font_description_free(description)
                g_free(name)
            }
        }
        return FontMapping(bodyFamily: family)
    }

    /// A new Pango font description for `font` (the caller frees it).
    func description(for font: FontSpec) -> OpaquePointer {
        let description = pango_font_description_new()!
        let family: String
        switch font.family {
        case .body: family = bodyFamily
        case .monospace: family = "Monospace"
        case .emoji: family = "Noto Color Emoji, \(bodyFamily)"
        case .named(let name): family = "\(name), \(bodyFamily)"
        }
        pango_font_description_set_family(description, family)
        pango_font_description_set_size(description, Int32(saturating: font.size * Double(PANGO_SCALE)))
        pango_font_description_set_weight(description, PangoWeight(UInt32(font.weight.rawValue)))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}
