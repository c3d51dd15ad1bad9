import Foundation

/// What assistive technology says for each row, in the screen's language.
extension ChatPresenter {
    /// The accessible name of `row`: "Alice, 12:31: Lunch?", "You, 12:32: Sure (read)",
    /// "Loading earlier messages…". Times are in the one clock format of the labels.
    public func accessibleLabel(for row: VisibleRow) -> String {
        Self.accessibleLabel(for: row.row, context: row.context, style: style, grouping: layoutEngine.grouping)
    }

    /// The accessible name of `row` in `context` under `style`.
    ///
    /// - Parameter grouping: The style's grouping, for a time the context leaves out; pass
    ///   one you keep (``LayoutEngine/grouping``) when labelling many rows, since making
    ///   one makes its date formatters.
    public nonisolated static func accessibleLabel(
        for row: Row, context: RowContext?, style: ChatStyle, grouping: Grouping? = nil
    ) -> String {
        let strings = style.strings
        switch row {
        case .history(let indicator):
            return strings.history(indicator, edge: .older).line
        case .newerHistory(let indicator):
            return strings.history(indicator, edge: .newer).line
        case .typing(let typers):
            return strings.typingLabel(for: typers)
        case .message(let message):
            let outgoing = context?.side == .outgoing
            let who = outgoing ? strings.you : InertText.singleLine(message.sender.name)
            let time = context.map(\.time).flatMap { $0.isEmpty ? nil : $0 } ?? (grouping ?? Grouping(style: style)).timeText(message.date)
            var label = context?.showsUnreadLine == true ? strings.unreadLine + ". " : ""
            label += "\(who), \(time): "
            if let quote = message.replyTo, !message.isDeleted {
                let name = quote.senderName.isEmpty ? strings.quoteUnavailable : quote.senderName
                label += strings.inReplyTo(name) + ": "
            }
            label += style.summary(of: message.content)
            if let preview = message.linkPreview, !preview.isEmpty, !message.isDeleted {
                label += " (" + strings.linkPreviewName(preview.displaySite, preview.title) + ")"
            }
            if outgoing, !message.isDeleted { label += " (\(strings.name(of: message.status)))" }
            if message.isEdited { label += ", " + strings.edited.lowercased() }
            if !message.reactions.isEmpty {
                label += ", " + message.reactions.prefix(8).map { "\($0.key) \($0.count)" }.joined(separator: " ")
            }
            if let readers = context?.readers, !readers.isEmpty {
                label += ", " + strings.seenBy(readers.map { InertText.singleLine($0.name) })
            }
            return label
        }
    }
}
