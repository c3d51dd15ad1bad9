import Dispatch
import Foundation
import Synchronization

/// Formats day separators and time labels under ``GroupingRules``.
///
/// Formatters are built once per rules value and are safe to share between threads.
struct DateLabels: Sendable {
    private let rules: GroupingRules
    private let strings: ChatStrings
    private let time: DateFormatter
    private let weekday: DateFormatter
    private let fullDate: DateFormatter
    private let prepared = Prepared()

    /// Whether ``prepare()`` has run, for any copy of these labels.
    private final class Prepared: Sendable {
        let done = Atomic(false)
    }

    init(rules: GroupingRules, strings: ChatStrings) {
        self.rules = rules
        self.strings = strings
        func formatter(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = rules.locale
            formatter.timeZone = rules.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        // The locale's clock: "12:31" where a day has 24 hours, "12:31 PM" where it has 12.
        time = formatter("jmm")
        weekday = formatter("EEEE")
        fullDate = formatter("EEEdMMMyyyy")
    }

    /// Formats a date with each formatter once. A formatter makes its ICU formatter on
    /// first use, and the first in a process also pages in ICU's code and data: about
    /// 25 ms here, which would otherwise land on the first scroll that shows a time (#15).
    func prepare() {
        let date = Date(timeIntervalSince1970: 0)
        _ = time.string(from: date)
        _ = weekday.string(from: date)
        _ = fullDate.string(from: date)
        prepared.done.store(true, ordering: .releasing)
    }

    /// Runs ``prepare()`` on a background queue a second from now; the formatters are safe
    /// to share. Not at once: a program's start keeps every core busy (readied at once,
    /// the GTK demo's first paint came later in each of three starts), and the first
    /// scroll comes later.
    func prepareInBackground() {
        DispatchQueue.global(qos: .background).asyncAfter(deadline: .now() + .seconds(1)) { [self] in prepare() }
    }

    /// Whether ``prepare()`` has finished.
    var isPrepared: Bool { prepared.done.load(ordering: .acquiring) }

    /// "12:31" or "12:31 PM", as the locale writes times.
    func time(_ date: Date) -> String { time.string(from: date) }

    /// "Today", "Yesterday", a weekday within the last week, else "Mon 3 Mar 2025".
    func day(_ date: Date) -> String {
        let days = rules.day(of: rules.now()) - rules.day(of: date)
        switch days {
        case 0: return strings.today
        case 1: return strings.yesterday
        case 2...6: return weekday.string(from: date)
        default: return fullDate.string(from: date)
        }
    }
}
