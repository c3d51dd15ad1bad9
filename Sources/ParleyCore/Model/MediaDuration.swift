import Foundation

/// Media durations and positions: which values are believable, and the clock format both
/// front ends show ("0:42", "12:05", "1:02:03").
public enum MediaDuration {
    /// The longest duration believed: 99:59:59. Longer ones, like zero, negative, NaN and
    /// infinite ones, are treated as unknown.
    public static let maximum: TimeInterval = 359_999

    /// `seconds` when it is a believable duration (finite, more than 0, at most
    /// ``maximum``), else `nil`.
    public static func validated(_ seconds: TimeInterval?) -> TimeInterval? {
        guard let seconds, seconds.isFinite, seconds > 0, seconds <= maximum else { return nil }
        return seconds
    }

    /// `seconds` as a clock: m:ss under an hour, h:mm:ss from an hour on, whole seconds
    /// rounded down; NaN and negative values read 0:00, values beyond ``maximum`` read
    /// as ``maximum``.
    public static func clock(_ seconds: TimeInterval) -> String {
        let bounded = seconds.isNaN ? 0 : min(maximum, max(0, seconds))
        let whole = Int(saturating: bounded.rounded(.down))
        let hours = whole / 3600, minutes = whole / 60 % 60, secs = whole % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
