import Foundation
import ParleyCore
import ParleyImaging

/// The people of the demo conversation.
public enum DemoCast {
    public static let me = Sender(id: "me", name: "You")
    public static let alice = Sender(id: "alice", name: "Alice Liddell")
    public static let bob = Sender(id: "bob", name: "Bob Stone")
    public static let bot = Sender(id: "parley-bot", name: "Parley Bot")
    public static let everyone = [me, alice, bob, bot]
}

/// A poll: the demo's custom message kind, drawn by a renderer each demo registers.
public struct Poll: CustomPayload, Equatable, Codable {
    /// The renderer key.
    public static let kind = "poll"
    /// What is asked.
    public var question: String
    /// The answers.
    public var options: [String]
    /// Votes per answer.
    public var votes: [Int]

    /// Creates a poll.
    public init(question: String, options: [String], votes: [Int]) {
        self.question = question
        self.options = options
        self.votes = votes
    }

    /// "Poll: Where? Garden café 3 votes, Noodle bar 2 votes": what a screen reader says
    /// and the plain transcript prints, so the options are heard too.
    public var summary: String {
        let answers = options.indices.map { index -> String in
            let count = index < votes.count ? votes[index] : 0
            return "\(options[index]) \(count) vote\(count == 1 ? "" : "s")"
        }
        return "Poll: \(question)" + (answers.isEmpty ? "" : " " + answers.joined(separator: ", "))
    }

    /// A line for the question and one per option, wide enough for the longest with its
    /// bar: the same description gives cells in a terminal and pixels in a window.
    public func size(fitting width: Double, in units: ContentUnits) -> Size {
        let widest = (["📊 " + question] + options.map { "○ \($0) ▰▰▰▰▰▰▰▰ 00" }).map(units.width(of:)).max() ?? 0
        return Size(width: min(width, widest), height: units.height(lines: Double(options.count + 1)))
    }
}

/// A 480×320 sunset, drawn in code and encoded as PNG, so the demo shows a real picture
/// without shipping one.
public func sunsetPicture() -> ImageSource {
    let width = 480, height = 320
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let t = Double(y) / Double(height)
            var (red, green, blue) = (40 + 215 * t, 60 + 120 * t * (1 - t) * 2, 140 * (1 - t) + 40)
            let dx = Double(x - 300), dy = Double(y - 190)
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance < 55 { (red, green, blue) = (255, 214 - distance, 120) }
            if y > 230 {  // the sea, with the sun's reflection
                let wave = Double((x / 6 + y / 3) % 5) * 4
                (red, green, blue) = (20 + wave, 50 + wave, 90 + wave * 2)
                if abs(dx) < 40 - Double(y - 230) / 3, (y / 4) % 2 == 0 { (red, green, blue) = (250, 190, 110) }
            }
            let index = (y * width + x) * 4
            rgba[index] = UInt8(max(0, min(255, red)))
            rgba[index + 1] = UInt8(max(0, min(255, green)))
            rgba[index + 2] = UInt8(max(0, min(255, blue)))
        }
    }
    let data = Picture(width: width, height: height, rgba: rgba)?.pngData() ?? Data()
    return .data(data)
}

/// The opening conversation: a few days of history served page by page, and a recent
/// exchange that shows every kind of message.
public enum DemoConversation {
    /// `count` older messages, ending a day before `now`, in bursts between the cast.
    public static func history(count: Int, before now: Date) -> [Message] {
        let lines = [
            "Morning! Anyone up for coffee?", "Running late, train is stuck again 🚆",
            "Did you see the release notes? https://swift.org/blog", "ok", "lol",
            "Can you review my PR when you get a chance?", "Done, left two comments.",
            "Meeting moved to 15:00, room 4B", "👍", "Sending the slides tonight.",
            "Who broke the build? 😅", "Not me!", "It was a flaky test, re-running.",
            "Lunch at the usual place?", "I'll call you at +44 20 7946 0958 later.",
        ]
        let people = [DemoCast.alice, DemoCast.bob, DemoCast.me]
        // Bursts of a few messages a minute apart, an hour or so between bursts.
        func offset(_ index: Int) -> Double { Double(index / 4) * 4_000 + Double(index % 4) * 50 }
        let start = now.addingTimeInterval(-86_400 - offset(count))
        return (0..<count).map { index in
            let sender = people[(index / 2 + index / 7) % people.count]
            return Message(
                id: MessageID("history-\(index)"), sender: sender,
                date: start.addingTimeInterval(offset(index)),
                content: .text(lines[(index * 7) % lines.count]), status: .read)
        }
    }

    /// The first message of the recent ones "you" have not read: the New messages line.
    public static let firstUnread: MessageID = "recent-view"

    /// The recent messages: every kind on screen, with a reply, reactions, an edited
    /// message (with its earlier version) and a deleted one.
    public static func recent(now: Date) -> [Message] {
        func at(_ minutes: Double) -> Date { now.addingTimeInterval(-minutes * 60) }
        let hi = Message(id: "recent-hi", sender: DemoCast.alice, date: at(30), content: .text("Hi all! Lunch today?"))
        var edited = Message(
            id: "recent-place", sender: DemoCast.alice, date: at(29),
            content: .text("Found a place for lunch: https://cafe.example.com (the one with the garden)"),
            edits: [MessageEdit(content: .text("Found a place for lunch: https://cafe.example.com"), replacedAt: at(28))])
        edited.linkPreview = DemoLinkPreviews.cafe()
        // Alice and Bob have read up to the booking: their receipts show under it.
        var booking = Message(
            id: "recent-booking", sender: DemoCast.me, date: at(5),
            content: .text("Booking the garden café for 4 — email me at lunch@example.com"), status: .delivered)
        booking.readers = [DemoCast.alice, DemoCast.bob]
        return [
            Message(id: "recent-added", sender: DemoCast.bob, date: at(31), content: .system("Bob added Parley Bot")),
            hi,
            edited,
            Message(id: "recent-food", sender: DemoCast.alice, date: at(28.5), content: .text("They do 日本の料理 too 🍱")),
            Message(id: "recent-deleted", sender: DemoCast.bob, date: at(27.5), content: .deleted),
            Message(
                id: "recent-sure", sender: DemoCast.me, date: at(27), content: .text("Sure! 12:30?"), status: .read,
                replyTo: ReplyQuote(hi), reactions: [Reaction("👍", by: [DemoCast.alice.id, DemoCast.bob.id])]),
            Message(id: "recent-party", sender: DemoCast.me, date: at(26.5), content: .text("🎉")),
            Message(
                id: "recent-view", sender: DemoCast.bob, date: at(25),
                content: .image(ImageContent(source: sunsetPicture(), sizeHint: Size(width: 480, height: 320), caption: "The view from the garden café")),
                reactions: [Reaction("😍", by: [DemoCast.alice.id, DemoCast.me.id]), Reaction("🌅", by: [DemoCast.alice.id])]),
            Message(sender: DemoCast.bob, date: at(24), content: .collection(CollectionContent(items: [.text("12:00"), .text("12:30"), .text("13:00"), .text("13:30")], rows: 1))),
            // Formatted text: the app marks it Markdown; it is stored as written.
            Message(
                id: "recent-menu", sender: DemoCast.bob, date: at(21),
                content: .markdown(
                    "**Today's menu** at the café:\n- _soup_ of the day\n- ~~pizza~~ sold out\n- `#42` the garden salad\n\n"
                        + "> book before noon\n\n[See the menu](https://cafe.example.com/menu)")),
            Message(sender: DemoCast.bot, date: at(20), content: .custom(CustomContent(Poll(question: "Where?", options: ["Garden café", "Noodle bar", "Desk salad"], votes: [3, 2, 0])))),
        ] + DemoCards.messages(now: now, minutes: 19) + DemoMedia.messages(now: now, minutes: 17) + [
            // A mention of you: stored as a range naming you, drawn highlighted.
            Message(
                id: "recent-mention", sender: DemoCast.alice, date: at(6),
                content: .text(TextContent("@You could you book a table for us?", mentioning: [DemoCast.me]))),
            booking,
            Message(sender: DemoCast.me, date: at(4.5), content: .text("and this one didn't go through"), status: .failed),
        ]
    }
}
