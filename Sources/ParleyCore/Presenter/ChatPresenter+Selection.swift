/// A selected message, for front ends that act on messages by keyboard (the terminal:
/// select with Alt+↑/↓, then reply or react); GTK's focus does the same job there.
extension ChatPresenter {
    /// The emoji offered for one-key reactions and at the top of a reaction picker.
    public static let quickReactions = ["👍", "❤️", "😂", "😮", "😢", "🙏"]

    /// The selected message, or `nil`.
    public var selection: MessageID? { selected }

    /// Selects the message above the selected one (the newest one on screen when none
    /// is), skipping notices and deleted messages, and scrolls it into view. At the oldest
    /// loaded message the selection stays.
    ///
    /// - Returns: The message selected now.
    @discardableResult
    public func selectPrevious() -> MessageID? { moveSelection(by: -1) }

    /// Selects the message below the selected one; past the newest, the selection ends.
    @discardableResult
    public func selectNext() -> MessageID? { moveSelection(by: 1) }

    /// Selects the message whose row is at `point` (list coordinates, anywhere in the
    /// row), as a click does in a list that takes the keyboard focus. Nothing scrolls: the
    /// message stays under the pointer. Over anything else (empty space, a history row, a
    /// notice, a deleted message) the selection stays as it is.
    ///
    /// - Returns: The message selected, or `nil` when the point is over none.
    @discardableResult
    public func select(at point: Point) -> MessageID? {
        guard let row = viewport.visibleRows().first(where: { point.y >= $0.y && point.y < $0.y + $0.layout.height }),
            case .message(let message) = row.row, Self.isSelectable(message)
        else { return nil }
        selected = message.id
        return message.id
    }

    /// Whether `message` can be selected: notices and deleted messages cannot (nothing
    /// answers or reacts to them).
    nonisolated static func isSelectable(_ message: Message) -> Bool { !message.isNotice && !message.isDeleted }

    /// Ends the selection.
    public func clearSelection() {
        selected = nil
    }

    private func moveSelection(by step: Int) -> MessageID? {
        // The rows on screen first: the viewport reads the conversation itself.
        let height = viewport.size.height
        let bottomOfScreen = viewport.visibleRows().filter { $0.row.message != nil && $0.y < height }.last?.index
        let target: MessageID? = conversation.read { rows in
            func selectable(_ index: Int) -> Message? {
                guard let message = rows.message(at: index), Self.isSelectable(message) else { return nil }
                return message
            }
            var index: Int
            if let selected, let current = rows.index(of: .message(selected)) {
                index = current + step
            } else {
                // Start from the bottom of the screen.
                guard let last = bottomOfScreen ?? (rows.count > 0 ? rows.count - 1 : nil) else { return nil }
                index = last
            }
            while index >= 0, index < rows.count {
                if let message = selectable(index) { return message.id }
                index += step
            }
            return nil
        }
        // Above the oldest loaded message the selection stays where it is; past the newest
        // it ends.
        if target == nil, step < 0, selected != nil { return selected }
        selected = target
        if let target {
            let row = viewport.visibleRows().first { $0.row.id == .message(target) }
            let inView = row.map { $0.y >= 0 && $0.y + $0.layout.height <= viewport.size.height } ?? false
            if !inView { viewport.scroll(to: .message(target), at: step < 0 ? .top : .bottom) }
        }
        return target
    }
}
