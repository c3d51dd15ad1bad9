import Foundation
import ParleyCore

/// A synthetic conversation for benchmarks: several senders writing in bursts, over many
/// days, every text unique (so each has its own heap storage, as real messages do).
enum Transcript {
    static let me = Sender(id: "me", name: "Me")
    static let people = [
        me, Sender(id: "alice", name: "Alice Liddell"), Sender(id: "bob", name: "Bob Stone"),
        Sender(id: "carol", name: "Carol Danvers"),
    ]

    private static let phrases = [
        "Are we still on for lunch tomorrow?", "Sure, see you at noon.",
        "Did you read the draft I sent over this morning? I left a few comments on the second section.",
        "lol", "Pushed the fix, CI is green now.", "Can you call me when you're free?",
        "The meeting moved to 3pm, room 4B.", "👍", "Photos from the trip are on https://photos.example.com/album/42",
        "I'll be 10 minutes late, traffic is terrible on the bridge again.",
    ]

    /// Message `index` of the transcript (negative for history before it): deterministic, about 40 bytes of text on average.
    static func message(_ index: Int, epoch: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> Message {
        // Bursts of 1–4 messages per sender, a few minutes apart, a new day every ~200.
        func wrap(_ value: Int, _ count: Int) -> Int { ((value % count) + count) % count }
        let burst = wrap(index / 3, people.count)
        let sender = people[wrap(burst * 7 + index / 11, people.count)]
        let text = phrases[wrap(index * 31, phrases.count)] + " #\(index)"
        let date = epoch.addingTimeInterval(Double(index) * 400)
        return Message(id: MessageID("t\(index)"), sender: sender, date: date, content: .text(text))
    }

    /// The whole transcript of `count` messages.
    static func messages(_ count: Int) -> [Message] {
        (0..<count).map { message($0) }
    }
}
