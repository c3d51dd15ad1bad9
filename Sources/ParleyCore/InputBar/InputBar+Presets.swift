/// Ready-made bars after well-known messengers. Item titles and icon names are plain
/// strings the front ends map to glyphs: "send", "plus", "camera", "photo", "mic".
extension InputBar {
    /// The preset that goes with a theme, in a front end's units: Slack's for flat rows,
    /// Messenger's for the messenger theme, iMessage's otherwise (with a plain "Message"
    /// placeholder outside the iMessage theme). Both front ends' screens start from it.
    public static func preset(for style: ChatStyle, units: DisplayUnits = .points) -> InputBar {
        let metrics: InputBarMetrics = units == .cells ? .cells : .points
        switch style.name {
        case "slack": return .slack(metrics: metrics)
        case "messenger": return .messenger(metrics: metrics)
        case "imessage": return .iMessage(metrics: metrics)
        default:
            let bar = InputBar.iMessage(metrics: metrics)
            bar.placeholder = "Message"
            return bar
        }
    }

    /// After iMessage: a "+" attachment item on the left, a round send arrow on the right,
    /// both of ``InputBarMetrics/buttonSize``, and the placeholder "iMessage".
    public static func iMessage(metrics: InputBarMetrics = .points) -> InputBar {
        let bar = InputBar(metrics: metrics, placeholder: "iMessage")
        bar.textViewPadding.left = metrics.stackSpacing
        bar.useSendArrow(metrics)
        let plus = InputBarItem(id: "plus", iconName: "plus", size: metrics.buttonSize)
        bar.setItems([plus], in: .left)
        return bar
    }

    /// After Slack: the send item on the right, the left stack collapsed to 0, and a
    /// bottom stack of formatting items: "@" (mention) and "#" (channel), which insert
    /// their character, and "📎" (attachment).
    public static func slack(metrics: InputBarMetrics = .points) -> InputBar {
        let bar = InputBar(metrics: metrics, placeholder: "Message")
        bar.textViewPadding.bottom = metrics.bottomStackGap
        bar.useSendArrow(metrics)
        bar.setLeftStackWidth(0)
        let insert: InputBarItem.Action = { item in
            guard let bar = item.inputBar, let title = item.title else { return }
            bar.text += title
        }
        let items = [
            InputBarItem(id: "mention", title: "@", size: metrics.smallButtonSize)
                .onTouchUpInside(insert),
            InputBarItem(id: "channel", title: "#", size: metrics.smallButtonSize)
                .onTouchUpInside(insert),
            InputBarItem(id: "attachment", title: "📎", size: metrics.smallButtonSize),
        ]
        bar.setItems(items, in: .bottom)
        return bar
    }

    /// After Facebook Messenger: camera, photo and microphone items on the left and a send
    /// arrow on the right, placeholder "Aa".
    ///
    /// The left items collapse (the left stack's width animates to 0) when editing begins
    /// or text is typed, and come back (animated) when the text becomes empty, or editing
    /// ends with no text. Their hooks do it, as in MessageKit's example; replacing those
    /// hooks on all three items turns it off.
    public static func messenger(metrics: InputBarMetrics = .points) -> InputBar {
        let bar = InputBar(metrics: metrics, placeholder: "Aa")
        bar.textViewPadding.left = metrics.stackSpacing
        bar.useSendArrow(metrics)
        let expandedWidth = bar.leftStack.width
        let items = ["camera", "photo", "mic"].map { name in
            InputBarItem(id: name, iconName: name, size: metrics.buttonSize)
                .onEditingBegan { item in
                    item.inputBar?.setLeftStackWidth(0, animated: true)
                }
                .onTextChanged { item, text in
                    let width = text.isEmpty ? expandedWidth : 0
                    item.inputBar?.setLeftStackWidth(width, animated: true)
                }
                .onEditingEnded { item in
                    guard let bar = item.inputBar, bar.text.isEmpty else { return }
                    bar.setLeftStackWidth(expandedWidth, animated: true)
                }
        }
        bar.setItems(items, in: .left)
        return bar
    }

    /// The presets' send item: a round arrow icon of the button size, no title.
    private func useSendArrow(_ metrics: InputBarMetrics) {
        sendItem.title = nil
        sendItem.iconName = "send"
        sendItem.size = metrics.buttonSize
    }
}

extension InputBar {
    /// Takes `preset`'s look: placeholder, font, paddings, line limit and its stacks of
    /// items, which move into this bar. What the user and the app put in this bar stay: the
    /// text, draft, reply, members, handlers and delegate, and the send item itself (it
    /// takes the preset send item's title, icon and size). What a screen does when its
    /// theme changes and its bar came from ``preset(for:units:)``.
    public func adoptLook(of preset: InputBar) {
        placeholder = preset.placeholder
        font = preset.font
        padding = preset.padding
        textViewPadding = preset.textViewPadding
        maxLines = preset.maxLines
        sendItem.title = preset.sendItem.title
        sendItem.iconName = preset.sendItem.iconName
        sendItem.size = preset.sendItem.size
        for position in [InputBarStack.Position.left, .right, .bottom] {
            var stack = preset.stack(at: position)
            stack.items = stack.items.map { $0 === preset.sendItem ? sendItem : $0 }
            replaceStack(at: position, with: stack, animated: false)
        }
    }
}
