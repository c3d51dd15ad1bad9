import Foundation
import ParleyCore

/// What a screen reader says for a row: "Alice, 12:31: Lunch?".
@MainActor
enum RowAccessibility {
    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter
    }()
    /// Times already formatted, by minute: rows scrolling in ask for the same few again,
    /// and formatting one costs more than the rest of the label.
    private static var times: [Int64: String] = [:]

    /// `date` as a short time ("12:31").
    static func time(_ date: Date) -> String {
        let minute = Int64((date.timeIntervalSinceReferenceDate / 60).rounded(.down))
        if let known = times[minute] { return known }
        if times.count >= 2048 { times.removeAll(keepingCapacity: true) }
        let formatted = timeFormatter.string(from: date)
        times[minute] = formatted
        return formatted
    }

    /// The accessible label of `row`.
    static func label(for row: Row, context: RowContext?, me: String = "You") -> String {
        switch row {
        case .history(let indicator):
            return indicator.title
        case .typing(let typers):
            return TypingIndicator.label(for: typers)
        case .message(let message):
            let who = context?.side == .outgoing ? me : message.sender.name
            let time = context.map(\.time).flatMap { $0.isEmpty ? nil : $0 } ?? time(message.date)
            var label = "\(who), \(time): "
            label += summary(of: message.content)
            if context?.side == .outgoing {
                label += " (\(status(message.status)))"
            }
            if message.isEdited { label += ", edited" }
            return label
        }
    }

    /// A one-line description of content, for labels and the clipboard's fallback.
    static func summary(of content: MessageContent) -> String {
        switch content {
        case .text(let text): return InertText.display(text.string)
        case .emoji(let emoji): return emoji
        case .image(let image): return "Photo" + (image.caption.map { ": " + InertText.display($0) } ?? "")
        case .collection(let collection): return "\(collection.items.count) items"
        case .custom(let custom): return custom.payload.summary
        case .notice(let notice): return InertText.display(notice.text)
        }
    }

    static func status(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: return "sending"
        case .sent: return "sent"
        case .delivered: return "delivered"
        case .read: return "read"
        case .failed: return "not delivered"
        }
    }
}
