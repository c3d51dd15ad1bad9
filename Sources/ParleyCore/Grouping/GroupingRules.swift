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
    public var timeZone: TimeZone {
        didSet { fixedOffset = Self.fixedOffset(of: timeZone) }
    }
    private var fixedOffset: Int?
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
        self.fixedOffset = Self.fixedOffset(of: timeZone)
        self.locale = locale
        self.now = now
    }

    /// The day number of `date` in ``timeZone`` (days since 1970-01-01 there).
    ///
    /// Any date is safe, also one no message can hold (it counts as the nearest day of
    /// ``Message/dateRange``).
    public func day(of date: Date) -> Int {
        let date = Message.clamped(date)
        let offset = fixedOffset ?? timeZone.secondsFromGMT(for: date)
        let seconds = date.timeIntervalSince1970 + Double(offset)
        // Within the range the quotient is below 3 million; saturating all the same.
        return Int(saturating: (seconds / 86_400).rounded(.down))
    }

    /// The minute of `date` on the wall clock of ``timeZone``, counted from 1970: dates
    /// that show the same "12:31" on the same day share it. Like ``day(of:)``, any date
    /// is safe (it counts as the nearest minute of ``Message/dateRange``).
    func minute(of date: Date) -> Int {
        let date = Message.clamped(date)
        let offset = fixedOffset ?? timeZone.secondsFromGMT(for: date)
        let seconds = date.timeIntervalSince1970 + Double(offset)
        return Int(saturating: (seconds / 60).rounded(.down))
    }

    /// The zone's offset when it never changes (UTC, zones without daylight saving time),
    /// which spares a time-zone lookup per row.
    private static func fixedOffset(of zone: TimeZone) -> Int? {
        zone.nextDaylightSavingTimeTransition == nil && zone.daylightSavingTimeOffset() == 0
            ? zone.secondsFromGMT() : nil
    }
}
