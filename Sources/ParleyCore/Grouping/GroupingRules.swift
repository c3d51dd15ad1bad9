import Foundation

/// When consecutive messages form a group, and when a day separator or time label
/// breaks the flow.
public struct GroupingRules: Sendable {
    /// The longest gap between two messages of one sender that still joins them.
    public var window: TimeInterval
    /// A gap longer than this shows a time label above the later message (and ends the
    /// group). `nil` shows none.
    public var timeLabelGap: TimeInterval?
    /// Whether a day separator opens each new calendar day.
    public var showsDaySeparators: Bool
    /// The time zone that decides where days begin.
    public var timeZone: TimeZone
    /// The locale of day and time labels.
    public var locale: Locale
    /// The clock that decides "Today" and "Yesterday"; replace it in tests.
    public var now: @Sendable () -> Date

    /// Creates grouping rules; the defaults match common messengers (groups within five
    /// minutes, a time label after an hour of silence, a separator per day).
    public init(
        window: TimeInterval = 5 * 60,
        timeLabelGap: TimeInterval? = 60 * 60,
        showsDaySeparators: Bool = true,
        timeZone: TimeZone = .current,
        locale: Locale = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.window = window
        self.timeLabelGap = timeLabelGap
        self.showsDaySeparators = showsDaySeparators
        self.timeZone = timeZone
        self.locale = locale
        self.now = now
    }

    /// The day number of `date` in ``timeZone`` (days since 1970-01-01 there).
    public func day(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((seconds / 86_400).rounded(.down))
    }
}
