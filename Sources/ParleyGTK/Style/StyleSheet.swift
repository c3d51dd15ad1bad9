internal import CGtk4
import Foundation
import ParleyCore

/// The CSS that draws a ``ChatStyle`` on GTK widgets.
///
/// Every rule is scoped by a class on the view's root (``scopeClass``), so views with
/// different styles live side by side. The sheet is installed for the display just below
/// application priority: an app's own CSS (at `GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`)
/// overrides it. The CSS nodes and classes an app can target:
///
/// - `messages` (the list), `message` (a row) with `.incoming`/`.outgoing`, `.first`,
///   `.middle`, `.last`, `.single`, and the content kind (`.text`, `.emoji`, `.image`,
///   `.collection`, `.custom`, `.notice`, `.typing`, `.history`);
/// - `bubble` with the same classes; `.plain` when the shape draws no bubble;
/// - `label.name`, `label.top-label`, `label.bottom-label`, `label.status`, `label.body`,
///   `label.caption`, `label.show-more` (`.disabled` when nothing more can show), `avatar`, `typing-dot`, `button.new-messages`, `label.empty-state`;
/// - `card` (`.file`, `.location`, `.contact`) with `label.card-icon`, `label.card-title`,
///   `.card-detail`, `.card-link`, `.card-failure`, `card-progress` > `card-progress-fill`,
///   `label.card-percent` and `card-button` (``cardRules(_:scope:)``);
/// - `audio` with `media-button`, `waveform`, `label.media-time`, `label.media-failure`;
///   `video` with `video-placeholder`, `video-poster`, `picture.video-frame`,
///   `media-overlay`, `label.media-badge` (``mediaRules(_:scope:)``);
/// - the theme as `.parley-theme-<name>` on the view's root.
struct StyleSheet {
    /// The style drawn.
    let style: ChatStyle
    /// The class added to the view's root that scopes the rules.
    let scopeClass: String
    /// The CSS text.
    let css: String

    init(style: ChatStyle) {
        self.style = style
        let scoped = ScopedCSS(prefix: "parley-style-", rules: Self.rules(style, scope: ScopedCSS.placeholder))
        scopeClass = scoped.scopeClass
        css = scoped.css
        self.scoped = scoped
    }

    private let scoped: ScopedCSS

    /// Installs the sheet for the default display (once per distinct style).
    @MainActor
    func install() { scoped.install() }

    // MARK: Rules

    /// The floating controls' shadows are not CSS: ``FloatingShadow`` draws them from a
    /// picture, since GSK's cairo renderer would blur a `box-shadow` again on every frame
    /// the list scrolls under it.
    private static func rules(_ style: ChatStyle, scope s: String) -> String {
        var css = """
            \(s) messages { background-color: \(style.backgroundColor.css); }
            \(s) message label { padding: 0; margin: 0; min-height: 0; }
            \(s) bubble { border-radius: 0; }
            \(s) label.name { color: \(style.nameColor.css); }
            \(s) label.top-label, \(s) label.bottom-label { color: \(style.labelColor.css); }
            \(s) label.unread-line { color: \(style.accentColor.css); font-weight: bold; border-bottom: 1px solid \(style.accentColor.withAlpha(0.5).css); }
            \(s) label.bottom-label.failed, \(s) label.status.failed { color: \(style.failureColor.css); }
            \(s) label.status { color: \(style.incoming.textColor.withAlpha(0.72).css); }
            \(s) label.status.read { color: \(style.accentColor.css); }
            \(s) scrolledwindow.collection-scroller undershoot.right { background-image: linear-gradient(to left, \(style.backgroundColor.css), \(style.backgroundColor.withAlpha(0).css) 36px); }
            \(s) scrolledwindow.collection-scroller undershoot.left { background-image: linear-gradient(to right, \(style.backgroundColor.css), \(style.backgroundColor.withAlpha(0).css) 36px); }
            \(s) message.focus-ring bubble { outline: 2px solid \(style.accentColor.css); outline-offset: 2px; }
            \(s) message.focus-ring.notice label, \(s) message.focus-ring bubble.plain { outline: 2px solid \(style.accentColor.css); outline-offset: 2px; border-radius: 4px; }
            \(s) label.notice, \(s) message.notice label { color: \(style.noticeColor.css); }
            \(s) message.history label { color: \(style.labelColor.css); }
            \(s) message.history.failed label { color: \(style.failureColor.css); }
            \(s) label.typing-label { color: \(style.labelColor.css); }
            \(s) label.empty-state { color: \(style.labelColor.css); }
            \(s) avatar { border-radius: 9999px; }
            \(s) avatar label { color: white; font-weight: 600; }
            \(s) picture.media { background-color: \(style.isDark ? "alpha(white, 0.06)" : "alpha(black, 0.05)"); }
            \(s) .media-placeholder { color: \(style.labelColor.css); background-color: \(style.isDark ? "alpha(white, 0.08)" : "alpha(black, 0.06)"); }
            \(s) .collection-cell { border-radius: 10px; background-color: \(style.isDark ? "alpha(white, 0.08)" : "alpha(black, 0.05)"); }
            \(s) typing-dot { background-color: \(style.labelColor.css); border-radius: 9999px; min-width: 8px; min-height: 8px; opacity: 0.35; animation: parley-typing 1.2s ease-in-out infinite; }
            \(s) typing-dot.second { animation-delay: 200ms; }
            \(s) typing-dot.third { animation-delay: 400ms; }
            \(s) reaction { border-radius: 9999px; background-color: \(style.isDark ? "alpha(white, 0.10)" : "alpha(black, 0.06)"); border: 1px solid transparent; color: \(style.incoming.textColor.css); }
            \(s) reaction.mine { background-color: \(style.accentColor.withAlpha(0.22).css); border-color: \(style.accentColor.css); font-weight: bold; }
            \(s) reaction.more { color: \(style.labelColor.css); }
            \(s) avatar.receipt label { font-size: 6pt; font-weight: 600; }
            \(s) label.receipts-more { color: \(style.labelColor.css); font-size: smaller; }
            \(s) bubble.mentions-me { box-shadow: inset 0 0 0 2px \(style.accentColor.css); }
            \(s) bubble.deleted > label.body { font-style: italic; opacity: 0.75; }
            \(s) label.edited-mark, \(s) label.time-mark { opacity: 0.7; }
            \(s) quote-bar { border-radius: 2px; }
            \(s) label.quote-name { font-weight: bold; }
            \(s) label.quote-text { opacity: 0.8; }
            \(s) label.quote-text.unavailable { font-style: italic; }
            \(s) link-preview-bar { border-radius: 2px; }
            \(s) label.preview-site { opacity: 0.75; }
            \(s) link-preview picture.media { border-radius: 6px; }
            \(s) message.highlighted { background-color: \(style.accentColor.withAlpha(0.16).css); transition: background-color 300ms ease-out; }
            \(s) message { transition: background-color 600ms ease-in; }
            \(s) box.undo-bar { border-radius: 9999px; padding: 4px 6px 4px 14px; background-color: \(style.isDark ? "#3A3A3C" : "#2C2C2E"); color: white; box-shadow: none; }
            \(s) box.undo-bar.notice { padding: 6px 14px; }
            \(s) box.undo-bar button.undo { border-radius: 9999px; padding: 2px 10px; min-height: 0; background-image: none; border: none; background-color: \(style.accentColor.css); color: \(style.accentTextColor.css); box-shadow: none; }
            \(s) button.new-messages { border-radius: 9999px; padding: 4px 14px; background-image: none; border: none; background-color: \(style.accentColor.css); color: \(style.accentTextColor.css); box-shadow: none; }

            """
        for side in Side.allCases {
            let name = side == .incoming ? "incoming" : "outgoing"
            let colors = style[side]
            css += """
                \(s) bubble.\(name) { background-color: \(style[side].bubbleColor.css); color: \(colors.textColor.css); }
                \(s) bubble.\(name) > label link { color: \(colors.linkColor.css); text-decoration-line: underline; }
                \(s) bubble.\(name) > label.show-more { color: \(colors.linkColor.css); font-weight: bold; }
                \(s) bubble.\(name) > label.show-more.disabled { font-weight: normal; opacity: 0.8; }
                \(s) bubble.\(name) quote-bar { background-color: \(colors.linkColor.css); }
                \(s) bubble.\(name) quote label { color: \(colors.textColor.css); }
                \(s) bubble.\(name) link-preview-bar { background-color: \(colors.linkColor.css); }
                \(s) bubble.\(name) link-preview label { color: \(colors.textColor.css); }

                """
            for position in [GroupPosition.single, .first, .middle, .last] {
                let shaped = style.bubbles.shape(for: position).corners(for: position, side: side)
                // Right to left, the core mirrors the rows: the corners follow.
                let corners = style.direction.isRightToLeft ? shaped.mirrored : shaped
                css += "\(s) bubble.\(name).\(className(position)) { border-radius: \(px(corners.topLeft)) \(px(corners.topRight)) \(px(corners.bottomRight)) \(px(corners.bottomLeft)); }\n"
            }
        }
        // Shapes without a bubble (emoji, flat rows): after the side rules, so they win.
        css += """
            \(s) bubble.plain.incoming, \(s) bubble.plain.outgoing { background: none; color: \(style.incoming.textColor.css); }
            \(s) bubble.plain > label link, \(s) bubble.plain > label.show-more { color: \(style.incoming.linkColor.css); }
            \(s) bubble.plain quote label { color: \(style.incoming.textColor.css); }
            \(s) bubble.plain quote-bar { background-color: \(style.incoming.linkColor.css); }
            \(s) bubble.plain link-preview label { color: \(style.incoming.textColor.css); }
            \(s) bubble.plain link-preview-bar { background-color: \(style.incoming.linkColor.css); }
            \(s) bubble.nine-patch { background: none; }

            """
        css += ninePatchRules(style, scope: s)
        css += cardRules(style, scope: s)
        css += mediaRules(style, scope: s)
        css += """
            @keyframes parley-typing { 0% { opacity: 0.35; } 30% { opacity: 1; } 60% { opacity: 0.35; } 100% { opacity: 0.35; } }

            """
        return css
    }

    /// A nine-patch bubble as a CSS border image, for shapes whose image is a file.
    private static func ninePatchRules(_ style: ChatStyle, scope s: String) -> String {
        var css = ""
        for (shape, className) in [(style.bubbles.primary, "primary"), (style.bubbles.secondary, "secondary")] {
            guard case .ninePatch(let patch) = shape, case .file(let path) = patch.image else { continue }
            let insets = patch.capInsets
            let url = URL(fileURLWithPath: path).absoluteString
            css += """
                \(s) bubble-image.\(className) { border-style: solid; border-width: \(px(insets.top)) \(px(insets.right)) \(px(insets.bottom)) \(px(insets.left)); border-image: url("\(url)") \(Int(insets.top)) \(Int(insets.right)) \(Int(insets.bottom)) \(Int(insets.left)) stretch; }

                """
        }
        return css
    }

    /// The CSS class of a group position.
    static func className(_ position: GroupPosition) -> String {
        switch position {
        case .single: return "single"
        case .first: return "first"
        case .middle: return "middle"
        case .last: return "last"
        }
    }

    private static func px(_ value: Double) -> String { "\(Int(saturating: value.rounded()))px" }
}
