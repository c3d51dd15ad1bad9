import Foundation
import ParleyCore

/// The demos' "/jump" command: `/jump 2026-11-20` shows the conversation on that day,
/// `/jump` alone returns to the newest messages.
public enum JumpCommand {
    /// What a composer line asks for, if it is a jump command.
    public enum Request: Equatable, Sendable {
        /// The start of this day (local time).
        case date(Date)
        /// The newest messages.
        case latest
        /// A jump to something that is not a day of the calendar ("2026-13-45",
        /// "yesterday"): ``notice(for:)`` says so.
        case invalid(String)
    }

    /// Parses `text`; `nil` when it is not a jump command (it is sent as a message).
    public static func parse(_ text: String, calendar: Calendar = .current) -> Request? {
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard words.first == "/jump" else { return nil }
        guard words.count > 1 else { return .latest }
        let argument = words.dropFirst().joined(separator: " ")
        let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard words.count == 2, parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            // The calendar rolls a 45th day into the next month: only a real day counts.
            calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
        else { return .invalid(argument) }
        return .date(date)
    }

    /// What the demos say to a jump to `argument` that is not a date.
    public static func notice(for argument: String) -> String {
        "“\(InertText.singleLine(argument))” is not a date: /jump takes a day as 2026-11-20"
    }

    /// How to use it, for help texts.
    public static let usage = "“/jump 2026-11-20” shows that day, “/jump” returns to now"
}
