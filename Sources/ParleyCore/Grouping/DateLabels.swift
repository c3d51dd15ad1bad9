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
    private let memo = Memo()

    /// Whether ``prepare()`` has run, for any copy of these labels.
    private final class Prepared: Sendable {
        let done = Atomic(false)
    }

    /// The labels made so far, shared by every copy: a page of rows shows a few minutes
    /// and days many times, and each label made costs a formatter's pass through ICU
    /// (#15). Times by their minute of the day on the wall clock (a time label shows no
    /// date, so "12:31" reads the same on every day: at most 1,440 of them), dates by their
    /// day and formatter; each table is emptied when it reaches ``limit``.
    private final class Memo: Sendable {
        static let limit = 4096
        private let times = Mutex<[Int: String]>([:])
        private let dates = Mutex<[Int: String]>([:])

        func time(_ minute: Int, _ make: () -> String) -> String { Self.label(minute, in: times, make) }
        /// How many minutes' labels are remembered.
        var timeCount: Int { times.withLock { $0.count } }
        func date(_ key: Int, _ make: () -> String) -> String { Self.label(key, in: dates, make) }

        private static func label(_ key: Int, in table: borrowing Mutex<[Int: String]>, _ make: () -> String) -> String {
            if let known = table.withLock({ $0[key] }) { return known }
            let made = make()
            table.withLock { labels in
                if labels.count >= limit { labels.removeAll(keepingCapacity: true) }
                labels[key] = made
            }
            return made
        }
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

    /// Formats a date with each formatter once, then every minute of the day's time label.
    /// A formatter makes its ICU formatter on first use, and the first in a process also
    /// pages in ICU's code and data: about 25 ms here, which would otherwise land on the
    /// first scroll that shows a time (#15). Each minute's label then cost 20 µs the first
    /// time a row showed it: a page of history brought a dozen, 2% of a terminal's page
    /// step; made here, off the main thread, a label is a lookup from the start.
    func prepare() {
        let date = Date(timeIntervalSince1970: 0)
        _ = time.string(from: date)
        _ = weekday.string(from: date)
        _ = fullDate.string(from: date)
        prepareMinutes()
        prepared.done.store(true, ordering: .releasing)
    }

    /// Remembers the time label of every minute of a day on the rules' wall clock, formatted
    /// from a date that shows it (a day without a clock change; a minute the clock skips
    /// or shows twice that day is left to be formatted when met).
    private func prepareMinutes() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = rules.timeZone
        // 15 January 2024: no zone changes its clock that day.
        let start = calendar.startOfDay(for: Date(timeIntervalSince1970: 1_705_320_000))
        for minute in 0..<1_440 {
            let date = start.addingTimeInterval(Double(minute) * 60)
            let shown = rules.minute(of: date) % 1_440
            guard (shown < 0 ? shown + 1_440 : shown) == minute else { continue }
            _ = memo.time(minute) { time.string(from: date) }
        }
    }

    /// Runs ``prepare()`` on a background queue a second from now; the formatters are safe
    /// to share. Not at once: a program's start keeps every core busy (readied at once,
    /// the GTK demo's first paint came later in each of three starts), and the first
    /// scroll comes later.
    func prepareInBackground() {
        DispatchQueue.global(qos: .background).asyncAfter(deadline: .now() + .seconds(1)) { [self] in prepare() }
    }

    /// How many minutes of the day have their time label remembered; a test seam.
    var rememberedMinutes: Int { memo.timeCount }

    /// Whether ``prepare()`` has finished.
    var isPrepared: Bool { prepared.done.load(ordering: .acquiring) }

    /// "12:31" or "12:31 PM", as the locale writes times.
    func time(_ date: Date) -> String {
        // A date outside the messages' range formats as itself, not as the minute it is
        // clamped to, so it is not remembered.
        guard Message.dateRange.contains(date) else { return time.string(from: date) }
        let minuteOfDay = rules.minute(of: date) % 1_440
        return memo.time(minuteOfDay < 0 ? minuteOfDay + 1_440 : minuteOfDay) { time.string(from: date) }
    }

    /// "Today", "Yesterday", a weekday within the last week, else "Mon 3 Mar 2025".
    func day(_ date: Date) -> String {
        let day = rules.day(of: date)
        let days = rules.day(of: rules.now()) - day
        switch days {
        case 0: return strings.today
        case 1: return strings.yesterday
        case 2...6: return label(day, kind: 0, date, weekday)
        default: return label(day, kind: 1, date, fullDate)
        }
    }

    /// `formatter`'s label of `date`, on local `day`: remembered by the day and the kind
    /// of label, when `date` is within the messages' range.
    private func label(_ day: Int, kind: Int, _ date: Date, _ formatter: DateFormatter) -> String {
        guard Message.dateRange.contains(date) else { return formatter.string(from: date) }
        return memo.date(day &* 2 &+ kind) { formatter.string(from: date) }
    }
}
