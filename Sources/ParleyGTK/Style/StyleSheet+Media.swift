import ParleyCore

extension StyleSheet {
    /// The rules of voice, audio and video messages (``AudioView``, ``VideoView``): the
    /// time dimmed, the failure in the failure colour, a video's badge light on a dark
    /// chip, its placeholder a dark panel. The button and the bars are drawn in the
    /// style's colours (their shapes are not CSS boxes).
    ///
    /// Nothing here changes a measured label's font (the core measured it).
    static func mediaRules(_ style: ChatStyle, scope s: String) -> String {
        """
        \(s) label.media-time { opacity: 0.75; font-feature-settings: "tnum"; }
        \(s) label.media-failure { color: \(style.failureColor.css); }
        \(s) video label.media-failure { color: #ffffff; background-color: rgba(0, 0, 0, 0.55); border-radius: 6px; }
        \(s) label.media-badge { color: #ffffff; background-color: rgba(0, 0, 0, 0.55); border-radius: 9999px; font-feature-settings: "tnum"; }
        \(s) video-placeholder { background-color: #1f232b; background-image: linear-gradient(160deg, #2a3040, #14161c); }
        \(s) video, \(s) video-placeholder, \(s) picture.video-frame { border-radius: 8px; }
        \(s) bubble.plain video-placeholder { border-radius: 12px; }

        """
    }
}
