import Foundation
import ParleyCore

/// A realistic, deterministic group conversation for `parley-bench seed` and `history`:
/// six senders (every avatar kind) writing in bursts of three, about 160 messages a day,
/// with a time stamp opening each day, and every content kind — text (links, long
/// paragraphs, other scripts), big emoji, pictures (tiny real PNGs, files and URLs),
/// collections, polls (a custom payload), system notices, edits and delivery states.
///
/// Message `index` is a pure function of the index: its id is `m` and eight digits, and
/// ids and dates both increase with the index, so (date, id) order is index order.
enum SeedConversation {
    static let me = Sender(id: "me", name: "Me")
    static let people = [
        me,
        Sender(id: "alice", name: "Alice Liddell"),
        Sender(id: "bob", name: "Bob Stone", avatar: .file(path: "/usr/share/pixmaps/parley/bob.png")),
        Sender(id: "carol", name: "Carol Danvers", avatar: .url(URL(string: "https://avatars.example.com/carol.jpg?s=64")!)),
        Sender(id: "dmitri", name: "Дмитрий Орлов", avatar: .none),
        Sender(id: "mei", name: "李美", avatar: .initials),
    ]

    static let messagesPerDay = 160
    static let epoch = Date(timeIntervalSince1970: 1_600_000_000)

    private static let phrases = [
        "Are we still on for lunch tomorrow?", "Sure, see you at noon.",
        "Did you read the draft I sent over this morning? I left a few comments on the second section, mostly about the rollout plan and who owns the migration.",
        "lol", "Pushed the fix, CI is green now.", "Can you call me when you're free? +1 555 0100",
        "The meeting moved to 3pm, room 4B.", "Photos from the trip are on https://photos.example.com/album/42",
        "I'll be 10 minutes late, traffic is terrible on the bridge again.", "Увидимся в пятницу!",
        "明天见", "مرحبا بالجميع", "Mail me at team@example.org if the link breaks.",
        "ok 👍 sounds good", "Here are the notes:\n- budget approved\n- launch on the 14th\n- retro next week",
    ]
    private static let emoji = ["👍", "😂", "🎉🎉", "❤️", "🙏", "👨‍👩‍👧", "🔥🔥🔥"]
    private static let pictures = (0..<8).map { TinyPNG.gradient(size: 8, hue: $0 * 32) }

    /// The id of message `index`.
    static func id(_ index: Int) -> MessageID {
        let digits = String(index)
        return MessageID("m" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits)
    }

    /// The date of message `index`: day `index / 160`, from 07:30, a slot every 5½ minutes,
    /// up to 29 s into its slot (a quarter of messages exactly at the slot's start).
    static func date(_ index: Int) -> Date {
        let day = index / messagesPerDay, slot = index % messagesPerDay
        let noise = mix(index) % 4 == 0 ? 0 : Int(mix(index) >> 8 % 30)
        return epoch.addingTimeInterval(Double(day * 86_400 + 27_000 + slot * 330 + noise))
    }

    /// The cursor just before message `index`.
    static func cursor(_ index: Int) -> HistoryCursor {
        HistoryCursor(date: date(index), id: id(index))
    }

    /// Message `index`.
    static func message(_ index: Int) -> Message {
        let hash = mix(index)
        let sender = people[Int(mix(index / 3) % UInt64(people.count))]
        let roll = Int(hash % 100)
        var status = DeliveryStatus.sent
        if sender.id == me.id { status = [.read, .read, .read, .delivered, .sent, .failed][Int(hash >> 12 % 6)] }
        let content: MessageContent
        var author = sender
        switch roll {
        case _ where index % messagesPerDay == 0:
            content = .notice(Notice(text: "Day \(index / messagesPerDay + 1)", kind: .timestamp))
        case 0..<70:
            let phrase = phrases[Int(hash >> 16 % UInt64(phrases.count))]
            content = .text(TextContent(phrase + " #\(index)"))
        case 70..<77:
            content = .emoji(emoji[Int(hash >> 16 % UInt64(emoji.count))])
        case 77..<84:
            content = .image(picture(index, hash: hash))
        case 84..<88:
            let items: [CollectionItem] = (0..<(3 + Int(hash >> 20 % 4))).map { item in
                item % 2 == 0 ? .image(.data(pictures[(index + item) % pictures.count])) : .text("Option \(item) of #\(index)")
            }
            content = .collection(CollectionContent(items: items, rows: 1 + Int(hash >> 24 % 2)))
        case 88..<92:
            content = .custom(CustomContent(PollPayload(
                question: "Where for lunch on day \(index / messagesPerDay + 1)?",
                options: ["Thai", "Pizza", "Salad"], votes: [Int(hash % 5), Int(hash >> 8 % 5), Int(hash >> 16 % 5)])))
        case 92..<95:
            author = Sender(id: "system", name: "Parley", avatar: .none)
            content = .system("\(sender.name) \(hash >> 8 % 2 == 0 ? "joined" : "changed the topic to “Launch #\(index)”")")
        default:
            content = .text(TextContent(String(repeating: phrases[2] + " ", count: 1 + Int(hash >> 16 % 6)) + "#\(index)"))
        }
        return Message(
            id: id(index), sender: author, date: date(index), content: content, status: status,
            isEdited: roll < 70 && hash >> 40 % 40 == 0)
    }

    private static func picture(_ index: Int, hash: UInt64) -> ImageContent {
        let caption = hash >> 32 % 3 == 0 ? "Picture #\(index)" : nil
        switch hash >> 28 % 3 {
        case 0:
            return ImageContent(source: .data(pictures[index % pictures.count]), sizeHint: Size(width: 8, height: 8), caption: caption)
        case 1:
            return ImageContent(source: .file(path: "/home/me/Pictures/IMG_\(index).jpg"), sizeHint: Size(width: 4032, height: 3024), caption: caption)
        default:
            return ImageContent(source: .url(URL(string: "https://cdn.example.com/p/\(index).png")!), caption: caption)
        }
    }

    /// SplitMix64 of `value`: deterministic, well spread.
    private static func mix(_ value: Int) -> UInt64 {
        var z = UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A poll message: the custom payload seeded conversations use (stored as JSON).
struct PollPayload: CustomPayload, Codable, Equatable {
    static let kind = "poll"
    var question: String
    var options: [String]
    var votes: [Int]

    var summary: String { "Poll: \(question)" }

    func size(fitting width: Double, in units: ContentUnits) -> Size {
        Size(width: min(width, units.width(characters: 30)), height: units.height(lines: Double(options.count + 2)))
    }
}
