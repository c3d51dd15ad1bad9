import Foundation

/// The demos' "/jump" command: `/jump 2026-11-20` shows the conversation on that day,
/// `/jump` alone returns to the newest messages.
public enum JumpCommand {
    /// What a composer line asks for, if it is a jump command.
    public enum Request: Equatable, Sendable {
        /// The start of this day (local time).
        case date(Date)
        /// The newest messages.
        case latest
    }

    /// Parses `text`; `nil` when it is not a jump command (it is sent as a message).
    public static func parse(_ text: String, calendar: Calendar = .current) -> Request? {
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard words.first == "/jump" else { return nil }
        guard words.count > 1 else { return .latest }
        let parts = words[1].split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        else { return nil }
        return .date(date)
    }

    /// How to use it, for help texts.
    public static let usage = "“/jump 2026-11-20” shows that day, “/jump” returns to now"
}
