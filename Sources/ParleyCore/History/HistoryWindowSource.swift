import Foundation

/// A ``HistorySource`` that can also jump: pages around a date and pages towards the
/// present, for "jump to date" (``HistoryPager/jump(to:)``).
public protocol HistoryWindowSource: HistorySource {
    /// About `limit` messages around `date`; the window's ``HistoryWindow/anchor`` is the
    /// first message at or after `date` (the newest when all are older).
    func window(around date: Date, limit: Int) async throws -> HistoryWindow

    /// Up to `limit` messages just newer than `cursor`, oldest first.
    func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow
}

extension ArrayHistorySource: HistoryWindowSource {
    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        let messages = all
        let split = firstIndex(notBefore: HistoryCursor(date: date, id: ""))
        let limit = max(1, limit)
        var lower = max(0, split - limit / 2)
        let upper = lower + min(messages.count - lower, limit)
        lower = max(0, upper - limit)
        let anchor = split < messages.count ? messages[split].id : messages.last?.id
        return HistoryWindow(
            messages: Array(messages[lower..<upper]), hasOlder: lower > 0, hasNewer: upper < messages.count, anchor: anchor)
    }

    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        let messages = all
        var lower = firstIndex(notBefore: cursor)
        // Skip the cursor's own message.
        while lower < messages.count, !cursor.isAfter(messages[lower]), messages[lower].id == cursor.id { lower += 1 }
        // Counted from what is left, so a limit of Int.max does not overflow.
        let upper = lower + min(messages.count - lower, max(1, limit))
        return HistoryWindow(messages: Array(messages[lower..<upper]), hasOlder: lower > 0, hasNewer: upper < messages.count)
    }
}
