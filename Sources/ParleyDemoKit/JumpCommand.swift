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

    /// Parses `text`; `nil` when it is not a jump command (it is sent as a message), as
    /// text of several lines is: a draft that begins with "/jump" is a message.
    public static func parse(_ text: String, calendar: Calendar = .current) -> Request? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains(where: \.isNewline) else { return nil }
        let words = trimmed.split(separator: " ")
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

    /// What the demos say to a jump to `date` when no message is from that day or later:
    /// the newest messages show instead.
    public static func nothingNotice(from date: Date, calendar: Calendar = .current) -> String {
        "No messages from \(day(date, calendar)) on: these are the newest"
    }

    /// What the demos say to a jump to `date` that lands on a later day, `shown`: nothing
    /// was written that day (or the conversation starts later).
    public static func laterNotice(from date: Date, shown: Date, calendar: Calendar = .current) -> String {
        "Nothing on \(day(date, calendar)): the next messages are from \(day(shown, calendar))"
    }

    /// `date`'s day as the command takes it, "2026-11-20".
    private static func day(_ date: Date, _ calendar: Calendar) -> String {
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }

    /// What the demos say to a jump in a history that cannot open at a date.
    public static let cannotJumpNotice = "This history cannot open at a date"

    /// Carries out `request` for `presenter`: a day through `jump` (the front end's jump,
    /// which may first stop a scroll gliding), the present through `latest`, and a notice
    /// for what is not a date, for a history that cannot jump, for a day with nothing from
    /// it on, and for a day without messages, which shows the next day that has some.
    @MainActor
    public static func perform(
        _ request: Request, on presenter: ChatPresenter, jump: @MainActor (Date) async -> MessageID?,
        latest: @MainActor () async -> Void
    ) async {
        switch request {
        case .latest: await latest()
        case .invalid(let argument): presenter.showNotice(notice(for: argument))
        case .date(let date):
            guard presenter.canJump else { return presenter.showNotice(cannotJumpNotice) }
            if let anchor = await jump(date) {
                guard let shown = presenter.conversation.message(anchor) else { return }
                let calendar = Calendar.current
                if presenter.isShowingLatest, shown.date < date {
                    // A day past the newest message lands on the newest, which is older.
                    presenter.showNotice(nothingNotice(from: date))
                } else if calendar.startOfDay(for: shown.date) > calendar.startOfDay(for: date) {
                    // A day without messages (or before the first) lands on a later one.
                    presenter.showNotice(laterNotice(from: date, shown: shown.date))
                }
                return
            }
            // Nothing found: a failed fetch says why in the history row; an empty history
            // has nothing from that day on either.
            if case .failed = presenter.frame().olderHistory { return }
            presenter.showNotice(nothingNotice(from: date))
        }
    }

    /// How to use it, for help texts.
    public static let usage = "“/jump 2026-11-20” shows that day, “/jump” returns to now"
}
