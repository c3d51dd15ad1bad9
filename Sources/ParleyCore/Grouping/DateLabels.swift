import Foundation

/// Formats day separators and time labels under ``GroupingRules``.
///
/// Formatters are built once per rules value and are safe to share between threads.
struct DateLabels: Sendable {
    private let rules: GroupingRules
    private let time: DateFormatter
    private let weekday: DateFormatter
    private let fullDate: DateFormatter

    init(rules: GroupingRules) {
        self.rules = rules
        func formatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = rules.locale
            formatter.timeZone = rules.timeZone
            formatter.dateFormat = format
            return formatter
        }
        time = formatter("HH:mm")
        weekday = formatter("EEEE")
        fullDate = formatter("EEE d MMM yyyy")
    }

    /// "12:31".
    func time(_ date: Date) -> String { time.string(from: date) }

    /// "Today", "Yesterday", a weekday within the last week, else "Mon 3 Mar 2025".
    func day(_ date: Date) -> String {
        let days = rules.day(of: rules.now()) - rules.day(of: date)
        switch days {
        case 0: return "Today"
        case 1: return "Yesterday"
        case 2...6: return weekday.string(from: date)
        default: return fullDate.string(from: date)
        }
    }
}
