import Foundation
import Synchronization

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
    private var fixedOffset: FixedOffset?
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
        let seconds = date.timeIntervalSince1970 + Double(offset(at: date))
        // Within the range the quotient is below 3 million; saturating all the same.
        return Int(saturating: (seconds / 86_400).rounded(.down))
    }

    /// The minute of `date` on the wall clock of ``timeZone``, counted from 1970: dates
    /// that show the same "12:31" on the same day share it. Like ``day(of:)``, any date
    /// is safe (it counts as the nearest minute of ``Message/dateRange``).
    func minute(of date: Date) -> Int {
        let date = Message.clamped(date)
        let seconds = date.timeIntervalSince1970 + Double(offset(at: date))
        return Int(saturating: (seconds / 60).rounded(.down))
    }

    /// The offset of ``timeZone``'s clock at `date`, in seconds.
    private func offset(at date: Date) -> Int {
        if let fixedOffset, date >= fixedOffset.since { return fixedOffset.seconds }
        return timeZone.secondsFromGMT(for: date)
    }

    /// A zone's offset from its last change on, when it will not change again (UTC, zones
    /// without daylight saving time now), which spares a time-zone lookup per row. Dates
    /// before that change (the years a zone still kept daylight saving time, or before it
    /// moved its clocks) look up their own offset.
    private struct FixedOffset: Sendable {
        let seconds: Int
        let since: Date
    }

    /// What ``fixedOffset(of:)`` found, by zone: rules are made often (each `ChatStyle`
    /// has some), and a zone's history does not change while a program runs.
    private static let fixedOffsets = Mutex<[TimeZone: FixedOffset?]>([:])

    private static func fixedOffset(of zone: TimeZone) -> FixedOffset? {
        if let known = fixedOffsets.withLock({ $0[zone] }) { return known }
        let found = lastFixedOffset(of: zone)
        fixedOffsets.withLock { $0[zone] = found }
        return found
    }

    private static func lastFixedOffset(of zone: TimeZone) -> FixedOffset? {
        guard zone.nextDaylightSavingTimeTransition == nil, zone.daylightSavingTimeOffset() == 0 else { return nil }
        // The zone's changes, the first to the last: none for UTC, 77 for Moscow.
        var last = Date.distantPast
        for _ in 0..<10_000 {
            guard let next = zone.nextDaylightSavingTimeTransition(after: last), next > last else {
                return FixedOffset(seconds: zone.secondsFromGMT(), since: last)
            }
            last = next
        }
        return nil
    }
}
