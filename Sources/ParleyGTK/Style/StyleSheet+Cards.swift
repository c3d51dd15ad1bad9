import ParleyCore

extension StyleSheet {
    /// The rules of file, location and contact cards (``CardView``), per side so they
    /// read on either bubble: the icon on a soft disc, details dimmed, links and buttons
    /// in the link colour, the bar filled with it, failures in the failure colour.
    ///
    /// Nothing here changes a measured label's font (the core measured it): only colours,
    /// opacity and the icon's size.
    static func cardRules(_ style: ChatStyle, scope s: String) -> String {
        var css = """
            \(s) label.card-icon { font-size: 22px; border-radius: 9999px; }
            \(s) label.card-detail { opacity: 0.75; }
            \(s) label.card-failure { color: \(style.failureColor.css); }
            \(s) card-progress, \(s) card-progress-fill { border-radius: 9999px; }
            \(s) card-button { border-radius: 8px; }
            \(s) picture.media { border-radius: 8px; }

            """
        for side in Side.allCases {
            let name = side == .incoming ? "incoming" : "outgoing"
            let colors = style[side]
            let soft = colors.textColor.withAlpha(0.12).css
            css += """
                \(s) bubble.\(name) label.card-icon { background-color: \(soft); }
                \(s) bubble.\(name) label.card-link { color: \(colors.linkColor.css); text-decoration-line: underline; }
                \(s) bubble.\(name) card-progress { background-color: \(soft); }
                \(s) bubble.\(name) card-progress-fill { background-color: \(colors.linkColor.css); }
                \(s) bubble.\(name) card-button { background-color: \(soft); color: \(colors.linkColor.css); }

                """
        }
        css += """
            \(s) bubble.plain label.card-icon, \(s) bubble.plain card-progress, \(s) bubble.plain card-button { background-color: \(style.incoming.textColor.withAlpha(0.12).css); }
            \(s) bubble.plain label.card-link, \(s) bubble.plain card-button { color: \(style.incoming.linkColor.css); }
            \(s) bubble.plain card-progress-fill { background-color: \(style.incoming.linkColor.css); }

            """
        return css
    }
}
