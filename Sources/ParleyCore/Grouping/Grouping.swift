import Foundation

/// Decides each message row's ``RowContext`` from its neighbours under a ``ChatStyle``.
///
/// Built once per style (it owns the date formatters) and safe to share between threads.
public struct Grouping: Sendable {
    /// What the grouping decides with, in one object: every viewport pass and every frame
    /// takes a copy, which then retains one object instead of each string and formatter
    /// (#15).
    private final class Storage: Sendable {
        let rules: GroupingRules
        let labels: DateLabels
        let strings: ChatStrings
        let layout: RowStyle
        let avatarPlacement: AvatarPlacement
        let showsOutgoingAvatar: Bool
        let showsIncomingNames: Bool
        let showsMessageTimes: Bool
        let hasAvatarColumn: Bool

        init(style: ChatStyle) {
            rules = style.grouping
            labels = DateLabels(rules: style.grouping, strings: style.strings)
            strings = style.strings
            layout = style.layout
            avatarPlacement = style.avatarPlacement
            showsOutgoingAvatar = style.showsOutgoingAvatar
            showsIncomingNames = style.showsIncomingNames
            showsMessageTimes = style.showsMessageTimes
            hasAvatarColumn = style.metrics.avatarSize.width > 0 && style.avatarPlacement != .hidden
        }
    }

    private let storage: Storage

    /// The rules in force.
    public var rules: GroupingRules { storage.rules }
    private var labels: DateLabels { storage.labels }
    private var strings: ChatStrings { storage.strings }
    private var layout: RowStyle { storage.layout }
    private var avatarPlacement: AvatarPlacement { storage.avatarPlacement }
    private var showsOutgoingAvatar: Bool { storage.showsOutgoingAvatar }
    private var showsIncomingNames: Bool { storage.showsIncomingNames }
    private var showsMessageTimes: Bool { storage.showsMessageTimes }
    private var hasAvatarColumn: Bool { storage.hasAvatarColumn }

    /// Creates the grouping of `style`.
    public init(style: ChatStyle) {
        storage = Storage(style: style)
    }

    /// The context of row `index`, or `nil` when it is not a message row.
    ///
    /// - Complexity: O(1): it looks at the rows directly above and below.
    public func context(at index: Int, in rows: RowList) -> RowContext? {
        guard let message = rows.message(at: index) else { return nil }
        let previous = rows.message(at: index - 1)
        let next = rows.message(at: index + 1)
        let side: Side = message.sender.id == rows.me.id ? .outgoing : .incoming
        let isNotice = message.isNotice

        var topLabel: String?
        switch labelBreak(between: previous, and: message) {
        case .day: topLabel = labels.day(message.date)
        case .time: topLabel = labels.time(message.date)
        case .none: break
        }
        let joinsPrevious = topLabel == nil && previous.map { joins($0, message) } == true
        let joinsNext = next.map { labelBreak(between: message, and: $0) == .none && joins(message, $0) } == true
        let position = isNotice ? GroupPosition.single : GroupPosition(joinsPrevious: joinsPrevious, joinsNext: joinsNext)

        var context = RowContext(side: side, position: position, topLabel: topLabel)
        if message.id == rows.firstUnread { context.showsUnreadLine = true }
        guard !isNotice else { return context }
        let flat = layout == .flat
        context.showsName = position.isGroupStart && (flat || (side == .incoming && showsIncomingNames))
        context.showsAvatar = hasAvatarColumn && message.sender.avatar != .none
            && (flat ? position.isGroupStart : avatarPlacement.shows(at: position))
            && (flat || side == .incoming || showsOutgoingAvatar)
        // A deleted message is not sent again: no retry under "Message deleted".
        if side == .outgoing, message.status == .failed, !message.isDeleted {
            context.bottomLabel = strings.notDelivered
        }
        if rows.isGroup, !message.readers.isEmpty { context.readers = message.readers }
        if side == .incoming, case .text(let text) = message.content {
            let me = TextDetection.Kind.mention(rows.me.id)
            context.mentionsMe = text.detections.contains { $0.kind == me }
        }
        if !message.reactions.isEmpty {
            let me = rows.me.id
            context.myReactions = Set(message.reactions.lazy.filter { $0.senders.contains(me) }.map(\.key))
        }
        if flat, position.isGroupStart { context.time = labels.time(message.date) }
        if showsMessageTimes, !message.isDeleted { context.messageTime = labels.time(message.date) }
        return context
    }

    /// Starts making the date formatters ready on a background queue, so that the first
    /// time label shown does not pay for them (see `DateLabels.prepare()`).
    func prepareInBackground() { labels.prepareInBackground() }

    /// Makes the date formatters ready now, on this thread (what
    /// ``prepareInBackground()`` does later, on another).
    func prepare() { labels.prepare() }

    /// How many minutes of the day have their time label remembered; a test seam.
    var rememberedMinutes: Int { labels.rememberedMinutes }

    /// Whether the date formatters are ready (``prepareInBackground()`` has finished).
    var isPrepared: Bool { labels.isPrepared }

    /// `date` as the clock shows it in the rules' locale ("12:31", "12:31 PM"): the one
    /// time format of labels, flat rows' names and accessible names.
    public func timeText(_ date: Date) -> String { labels.time(date) }

    /// `date`'s day as a separator says it ("Today", "Yesterday", "Monday", "Mon 3 Mar 2025").
    public func dayText(_ date: Date) -> String { labels.day(date) }

    /// The label a message gets above it: a new day, a long silence, or none.
    enum LabelBreak { case none, day, time }

    func labelBreak(between previous: Message?, and message: Message) -> LabelBreak {
        guard let previous else { return rules.showsDaySeparators ? .day : .none }
        if rules.showsDaySeparators, rules.day(of: previous.date) != rules.day(of: message.date) {
            return .day
        }
        if let gap = rules.timeLabelGap, message.date.timeIntervalSince(previous.date) > gap {
            return .time
        }
        return .none
    }

    private func joins(_ earlier: Message, _ later: Message) -> Bool {
        earlier.sender.id == later.sender.id && !earlier.isNotice && !later.isNotice
            && abs(later.date.timeIntervalSince(earlier.date)) <= rules.window
    }
}

extension Message {
    var isNotice: Bool {
        if case .notice = content { return true }
        return false
    }
}
