internal import CGtk4
import Foundation
import ParleyCore

/// The CSS that draws an ``InputBarView`` in a ``ChatStyle``, with the text view in the
/// bar's font (the font the layout measures in).
///
/// Rules are scoped by a class on the bar's root (``scopeClass``), so bars with different
/// styles live side by side, and installed for the display just below application
/// priority: an app's own CSS (at `GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`) overrides
/// them. Colours come from the style: the background, the text and label colours, the
/// outgoing bubble colour as the accent of the send button, and ``ChatStyle/isDark`` for
/// the field and icon shades. A CSS font set on the text view is drawn but not measured:
/// set ``InputBar/font`` instead.
struct InputBarStyleSheet {
    /// The class on the bar's root that scopes the rules.
    let scopeClass: String
    /// The CSS text.
    let css: String

    /// The sheet of `style`, with the text in `font` as `fonts` maps it.
    init(style: ChatStyle, font: FontSpec, fonts: FontMapping) {
        let scoped = ScopedCSS(
            prefix: "parley-inputbar-", rules: Self.rules(style, font: font, fonts: fonts, scope: "inputbar" + ScopedCSS.placeholder))
        scopeClass = scoped.scopeClass
        css = scoped.css
        self.scoped = scoped
    }

    private let scoped: ScopedCSS

    /// Installs the sheet for the default display, once per distinct sheet.
    @MainActor
    func install() { scoped.install() }

    private static func rules(_ style: ChatStyle, font: FontSpec, fonts: FontMapping, scope s: String) -> String {
        let dark = style.isDark
        let accent = style.accentColor
        let onAccent = style.accentTextColor.css
        let shade = dark ? "white" : "black"
        return """
            \(s) { background-color: \(style.backgroundColor.css); border-top: 1px solid alpha(\(shade), 0.1); }
            \(s) scrolledwindow.text-field { background-color: alpha(\(shade), \(dark ? 0.08 : 0.035)); border: 1px solid alpha(\(shade), \(dark ? 0.14 : 0.13)); border-radius: 17px; }
            \(s) scrolledwindow.text-field:focus-within { border-color: alpha(\(accent.css), 0.7); }
            \(s) textview.input, \(s) textview.input > text { background: none; color: \(style.incoming.textColor.css); caret-color: \(accent.css); }
            \(s) textview.input > text > selection { background-color: alpha(\(accent.css), 0.3); color: \(style.incoming.textColor.css); }
            \(s) textview.input { \(fontDeclarations(font, fonts: fonts)) }
            \(s) label.placeholder { color: \(style.labelColor.css); }
            \(s) button.item { min-width: 0; min-height: 0; padding: 0; margin: 0; border: none; border-radius: 9999px; background: none; box-shadow: none; color: \(style.nameColor.css); outline-offset: -2px; }
            \(s) button.item:hover { background-color: alpha(\(shade), 0.07); }
            \(s) button.item:active, \(s) button.item.selected { background-color: alpha(\(shade), 0.13); }
            \(s) button.item:disabled { color: alpha(\(style.nameColor.css), 0.45); background: none; }
            \(s) button.item.titled { border-radius: 8px; }
            \(s) button.item.send-button { background-color: \(accent.css); color: \(onAccent); }
            \(s) button.item.send-button:hover { background-color: shade(\(accent.css), \(dark ? 1.12 : 0.92)); }
            \(s) button.item.send-button:disabled { background-color: \(dark ? "#48484E" : "#C7C7CC"); color: \(dark ? "#8E8E93" : "white"); }
            \(s) button.item.send-button.titled { background: none; color: \(accent.css); }
            \(s) button.item.send-button.titled:disabled { color: \(style.labelColor.css); }
            \(s) label.reply-banner { color: \(style.labelColor.css); }
            \(s) button.reply-cancel { min-width: 0; min-height: 0; padding: 0; margin: 0; border: none; border-radius: 9999px; background: none; box-shadow: none; color: \(style.labelColor.css); }
            \(s) button.reply-cancel:hover { background-color: alpha(\(shade), 0.1); }
            \(s) scrolledwindow.attachments { background: none; }
            \(s) overlay.attachment { border-radius: 10px; background-color: alpha(\(shade), \(dark ? 0.1 : 0.06)); border: 1px solid alpha(\(shade), 0.1); }
            \(s) overlay.attachment image.placeholder { color: \(style.labelColor.css); }
            \(s) overlay.attachment button.remove { min-width: 20px; min-height: 20px; padding: 0; margin: 3px; border: none; border-radius: 9999px; background: alpha(black, 0.6); color: white; box-shadow: none; }
            \(s) overlay.attachment button.remove:hover { background: alpha(black, 0.8); }
            \(s) overlay.attachment button.remove image { -gtk-icon-size: 12px; }

            """
    }

    /// CSS font declarations for `font`, with the family list `fonts` gives it.
    static func fontDeclarations(_ font: FontSpec, fonts: FontMapping) -> String {
        let description = fonts.description(for: font)
        defer { pango_font_description_free(description) }
        let list = pango_font_description_get_family(description).map { String(cString: $0) } ?? "Sans"
        let families = list.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .map { "\"" + $0.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: "") + "\"" }
        let size = font.size.isFinite && font.size > 0 ? font.size : 11
        return "font-family: \(families.joined(separator: ", ")); font-size: \(size)pt; "
            + "font-weight: \(font.weight.rawValue); font-style: \(font.isItalic ? "italic" : "normal");"
    }
}
