/// Built-in themes.
extension ChatStyle {
    /// Neutral light theme: grey incoming and blue outgoing stacked bubbles.
    public static var light: ChatStyle {
        ChatStyle(
            name: "light", isDark: false,
            backgroundColor: Color(hex: 0xFFFFFF),
            incoming: SideStyle(textColor: Color(hex: 0x1C1C1E), linkColor: Color(hex: 0x0A58CA), bubbleColor: Color(hex: 0xECECF0)),
            outgoing: SideStyle(textColor: Color(hex: 0xFFFFFF), linkColor: Color(hex: 0xFFFFFF), bubbleColor: Color(hex: 0x2F6FEB)),
            nameColor: Color(hex: 0x5E5E66), labelColor: Color(hex: 0x8A8A93), noticeColor: Color(hex: 0x8A8A93),
            bubbles: BubbleConfiguration(
                primary: .stacked(radius: 16, joined: 4))
        )
    }

    /// Neutral dark theme.
    public static var dark: ChatStyle {
        ChatStyle(
            name: "dark", isDark: true,
            backgroundColor: Color(hex: 0x16161A),
            incoming: SideStyle(textColor: Color(hex: 0xEDEDF0), linkColor: Color(hex: 0x7FB2FF), bubbleColor: Color(hex: 0x2C2C33)),
            outgoing: SideStyle(textColor: Color(hex: 0xFFFFFF), linkColor: Color(hex: 0xFFFFFF), bubbleColor: Color(hex: 0x2F6FEB)),
            nameColor: Color(hex: 0xA5A5AF), labelColor: Color(hex: 0x7D7D87), noticeColor: Color(hex: 0x7D7D87),
            bubbles: BubbleConfiguration(
                primary: .stacked(radius: 16, joined: 4))
        )
    }

    /// After iMessage: grey and blue bubbles, a tail on the last of each group, the avatar
    /// beside the tail, no outgoing avatar.
    public static var iMessage: ChatStyle {
        ChatStyle(
            name: "imessage", isDark: false,
            backgroundColor: Color(hex: 0xFFFFFF),
            incoming: SideStyle(textColor: Color(hex: 0x000000), linkColor: Color(hex: 0x0B62D6), bubbleColor: Color(hex: 0xE9E9EB)),
            outgoing: SideStyle(textColor: Color(hex: 0xFFFFFF), linkColor: Color(hex: 0xFFFFFF), bubbleColor: Color(hex: 0x0B84FE)),
            nameColor: Color(hex: 0x8E8E93), labelColor: Color(hex: 0x8E8E93), noticeColor: Color(hex: 0x8E8E93),
            bubbles: BubbleConfiguration(
                primary: .roundedWithTail(radius: 18), secondary: .roundedWithTail(radius: 18)),
            avatarPlacement: .groupEnd
        )
    }

    /// After Facebook Messenger: round bubbles joined tightly within a group, avatar at the
    /// bottom of the group.
    public static var messenger: ChatStyle {
        ChatStyle(
            name: "messenger", isDark: false,
            backgroundColor: Color(hex: 0xFFFFFF),
            incoming: SideStyle(textColor: Color(hex: 0x050505), linkColor: Color(hex: 0x0064D1), bubbleColor: Color(hex: 0xF0F0F0)),
            outgoing: SideStyle(textColor: Color(hex: 0xFFFFFF), linkColor: Color(hex: 0xFFFFFF), bubbleColor: Color(hex: 0x0084FF)),
            nameColor: Color(hex: 0x65676B), labelColor: Color(hex: 0x65676B), noticeColor: Color(hex: 0x65676B),
            bubbles: BubbleConfiguration(
                primary: .stacked(radius: 18, joined: 4)),
            avatarPlacement: .groupEnd
        )
    }

    /// After Slack: flat rows, everyone on the left, avatar, name and time over each group.
    public static var slack: ChatStyle {
        var metrics = ChatMetrics.points
        metrics.bubbleInsets = EdgeInsets(horizontal: 0, vertical: 2)
        metrics.maxBubbleFraction = 1
        metrics.avatarSize = Size(width: 36, height: 36)
        metrics.groupSpacing = 8
        return ChatStyle(
            name: "slack", isDark: false, layout: .flat, metrics: metrics,
            backgroundColor: Color(hex: 0xFFFFFF),
            incoming: SideStyle(textColor: Color(hex: 0x1D1C1D), linkColor: Color(hex: 0x1264A3), bubbleColor: .clear),
            outgoing: SideStyle(textColor: Color(hex: 0x1D1C1D), linkColor: Color(hex: 0x1264A3), bubbleColor: .clear),
            nameColor: Color(hex: 0x1D1C1D), labelColor: Color(hex: 0x616061), noticeColor: Color(hex: 0x616061),
            nameFont: FontSpec(size: 11, weight: .bold),
            bubbles: BubbleConfiguration(primary: .none, masksMedia: false),
            avatarPlacement: .groupStart, showsOutgoingAvatar: true, showsIncomingNames: true
        )
    }

    /// Every built-in theme, for pickers and tests.
    public static var themes: [ChatStyle] { [.light, .dark, .iMessage, .messenger, .slack] }
}
