import Foundation
import ParleyCore

/// People and conversations for the GTK tests.
enum ChatFixtures {
    static let me = Sender(id: "me", name: "Me")
    static let alice = Sender(id: "alice", name: "Alice")
    static let bob = Sender(id: "bob", name: "Bob")
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// `count` text messages alternating in groups of three between Alice and me, one a
    /// minute.
    static func messages(_ count: Int, prefix: String = "Message") -> [Message] {
        (0..<count).map { index in
            Message(
                id: MessageID("\(prefix.lowercased())-\(index)"), sender: (index / 3) % 2 == 0 ? alice : me,
                date: start.addingTimeInterval(Double(index) * 60), content: .text("\(prefix) \(index)"))
        }
    }

    /// A conversation holding `count` messages.
    static func conversation(_ count: Int) -> Conversation {
        let conversation = Conversation(me: me, clock: { start.addingTimeInterval(1_000_000) })
        try! conversation.append(contentsOf: messages(count), animated: false)
        return conversation
    }
}
