import Foundation
import ParleyCore

/// A conversation as plain lines, one per message — "Alice, 12:31: Lunch?" — for screen
/// readers and terminals that cannot address the screen (`TERM=dumb`).
///
/// Each line is the message's accessible name (`ChatPresenter.accessibleLabel(for:context:style:grouping:)`),
/// on one line and inert: no frames, no block characters, nothing a terminal could take
/// as control. ``newLines()`` returns what has not been said yet: messages that arrived,
/// and messages said before whose content changed (an edit, a deletion) or that failed;
/// history loaded above what was said is not news. A line names the time only, so the day
/// is said on a line of its own ("Today", "Tue, 17 Nov 2026") before the first message
/// said of each day, as the list's day separators show it.
@MainActor
public struct PlainTranscript {
    /// The conversation read.
    public let conversation: Conversation
    /// Its texts and clock (`ChatStyle.strings`, `ChatStyle.grouping`).
    public var style: ChatStyle {
        didSet { grouping = Grouping(style: style) }
    }
    /// The style's grouping, made once: making one makes its date formatters.
    private var grouping: Grouping
    /// How many of the newest messages the first ``newLines()`` says; older ones count as
    /// said.
    public var backlog: Int
    /// How far from the newest message later calls look for news.
    static let window = 200

    /// What was said of each message: its content and whether it had failed.
    private struct Said: Equatable {
        var content: MessageContent
        var isEdited: Bool
        var failed: Bool
    }

    private var said: [MessageID: Said] = [:]
    private var started = false
    /// The date of the newest message said; unsaid messages older than it are history.
    private var newest: Date?
    /// The day (``GroupingRules/day(of:)``) of the last message said, whose label was said.
    private var saidDay: Int?

    /// A transcript of `conversation` in `style`, starting with its newest `backlog`
    /// messages.
    public init(conversation: Conversation, style: ChatStyle, backlog: Int = 20) {
        self.conversation = conversation
        self.style = style
        self.grouping = Grouping(style: style)
        self.backlog = max(0, backlog)
    }

    /// The line of `message`.
    public func line(for message: Message) -> String {
        let mine = message.sender.id == conversation.me.id
        let context = RowContext(side: mine ? .outgoing : .incoming, position: .single)
        let label = ChatPresenter.accessibleLabel(for: .message(message), context: context, style: style, grouping: grouping)
        return InertText.singleLine(label)
    }

    /// What a jump shows, told: the lines of `anchor` and the messages after it, at most
    /// `limit`, each day's label first ("Tue, 17 Nov 2026", as the list labels days).
    /// Empty when the conversation does not hold `anchor`. What it says is history:
    /// ``newLines()`` does not count it as said or as news, but says the day again before
    /// the next news.
    public mutating func lines(from anchor: MessageID, limit: Int) -> [String] {
        let messages = conversation.read { rows -> [Message] in
            guard let start = rows.index(of: .message(anchor)) else { return [] }
            var found: [Message] = []
            var index = start
            while index < rows.count, found.count < max(0, limit) {
                if let message = rows.message(at: index) { found.append(message) }
                index += 1
            }
            return found
        }
        saidDay = nil
        var lines: [String] = []
        for message in messages { lines += dayAndLine(message) }
        return lines
    }

    /// The line of `message`, after its day's label when the last line said was of
    /// another day.
    private mutating func dayAndLine(_ message: Message) -> [String] {
        let day = grouping.rules.day(of: message.date)
        defer { saidDay = day }
        let line = line(for: message)
        return day == saidDay ? [line] : [InertText.singleLine(grouping.dayText(message.date)), line]
    }

    /// The lines not said yet, oldest first.
    public mutating func newLines() -> [String] {
        let messages = conversation.read { rows in
            var found: [Message] = []
            var index = rows.count - 1
            while index >= 0, found.count < Self.window {
                if let message = rows.message(at: index) { found.append(message) }
                index -= 1
            }
            return Array(found.reversed())
        }
        // An empty conversation (its first page still loading) starts nothing: the backlog
        // rule applies to the first messages there are.
        if messages.isEmpty { return [] }
        var lines: [String] = []
        for (index, message) in messages.enumerated() {
            let now = Said(content: message.content, isEdited: message.isEdited, failed: message.status == .failed)
            if !started, index < messages.count - backlog {
                said[message.id] = now
                newest = max(newest ?? message.date, message.date)
                continue
            }
            guard said[message.id] != now else { continue }
            let isNews = said[message.id] != nil || newest.map { message.date >= $0 } ?? true
            said[message.id] = now
            // History loaded above what was said is not news.
            guard isNews else { continue }
            newest = max(newest ?? message.date, message.date)
            lines += dayAndLine(message)
        }
        started = true
        return lines
    }
}
