import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

@Suite("Messenger screen")
@MainActor
struct ScreenTests {
    static func conversation() -> Conversation {
        Conversation(me: Cast.me, messages: [
            Cast.message("1", Cast.alice, -60 * 24, .text("Yesterday's message")),
            Cast.message("2", Cast.alice, 0, .text("Lunch? I found a place: https://cafe.example.com")),
            Cast.message("3", Cast.alice, 1, .text("They have 日本 food too")),
            Cast.message("4", Cast.me, 2, .text("Sure! 12:30?"), status: .read),
            Cast.message("5", Cast.me, 2.5, .text("🎉")),
            Cast.message("6", Cast.bob, 3, .system("Bob joined")),
            Cast.message("7", Cast.bob, 4, .text("can I come? \u{1B}]0;pwned\u{07}")),
            Cast.message("8", Cast.me, 5, .image(.file(path: "/tmp/menu.png"), size: Size(width: 800, height: 600)), status: .delivered),
            Cast.message("9", Cast.me, 6, .text("failed one"), status: .failed),
        ])
    }

    @Test("a conversation renders with bubbles, names, labels and marks (light, colour)")
    func light() {
        let screen = ChatScreen(conversation: Self.conversation(), style: Cast.style(.light), title: "Lunch", columns: 60, rows: 40, density: .regular)
        screen.pictures.decodesSynchronously = true
        let (buffer, cursor) = screen.render()
        Snapshot.check(buffer, named: "screen-light-60x40")
        #expect(cursor != nil)
        #expect(!buffer.lines.joined().contains("\u{1B}"))
        #expect(buffer.lines.joined().contains("␛]0;pwned␇"))
    }

    @Test("without colour, bubbles are outlined")
    func noColor() {
        let screen = ChatScreen(conversation: Self.conversation(), style: Cast.style(.iMessage), title: "Lunch", columns: 60, rows: 40, usesColor: false, density: .regular)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "screen-imessage-nocolor-60x40")
    }

    @Test("right to left, the screen is mirrored: incoming on the right, tails and the composer swapped (#14)")
    func rightToLeft() {
        var style = Cast.style(.iMessage)
        style.direction = .rightToLeft
        let conversation = Self.conversation()
        // A fixed date: with today's, the day line above it changed every midnight.
        conversation.append(.text("مرحبا، هل أنت قادم؟"), from: Cast.alice, date: Cast.noon.addingTimeInterval(40 * 60))
        let screen = ChatScreen(conversation: conversation, style: style, title: "Lunch", columns: 60, rows: 40, density: .regular)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "screen-imessage-rtl-60x40")
        let lines = buffer.lines
        // Alice's bubble ends at the right edge; mine starts at the left.
        let hers = lines.first { $0.contains("They have") }!
        let mine = lines.first { $0.contains("Sure! 12:30?") }!
        #expect(hers.distance(from: hers.startIndex, to: hers.range(of: "They have")!.lowerBound) > 20)
        #expect(mine.distance(from: mine.startIndex, to: mine.range(of: "Sure!")!.lowerBound) < 10)
    }

    @Test("flat rows in the Slack theme")
    func slack() {
        let screen = ChatScreen(conversation: Self.conversation(), style: Cast.style(.slack), inputBar: .slack(metrics: .cells), title: "#lunch", columns: 60, rows: 30, density: .regular)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "screen-slack-60x30")
    }
}

struct Vote: CustomPayload, Equatable {
    static let kind = "vote"
    var question: String
    var summary: String { "Vote: \(question)" }
    func size(fitting width: Double, in units: ContentUnits) -> Size { Size(width: min(width, 20), height: 3) }
}

@Suite("Every kind in every theme")
@MainActor
struct ThemeSnapshotTests {
    static func everyKind() -> Conversation {
        Conversation(me: Cast.me, messages: [
            Cast.message("t", Cast.alice, 0, .text("Text with a link https://a.io and +1 555 123 4567")),
            Cast.message("e", Cast.me, 1, .text("👍🏽")),
            Cast.message("i", Cast.bob, 2, .image(ImageContent(source: .file(path: "/nonexistent/cat.png"), sizeHint: Size(width: 300, height: 200), caption: "a cat"))),
            Cast.message("c", Cast.bob, 3, .collection(CollectionContent(items: [.text("one"), .text("two"), .text("three")], rows: 1))),
            Cast.message("x", Cast.alice, 4, .custom(CustomContent(Vote(question: "Pizza?")))),
            Cast.message("n", Cast.alice, 5, .system("Bob left")),
            Cast.message("o", Cast.me, 6, .text("Outgoing, read"), status: .read),
        ])
    }

    @Test("a renderer registered after a frame draws in the next")
    func lateRenderer() throws {
        let chat = Conversation(me: Cast.me)
        try chat.append(Cast.message("x", Cast.alice, 4, .custom(CustomContent(Vote(question: "Pizza?")))))
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), columns: 50, rows: 12)
        #expect(!screen.render().buffer.lines.joined().contains("🗳"))
        screen.register(kind: Vote.kind) { content, area, base, buffer in
            buffer.put("🗳 " + content.payload.summary, x: area.x, y: area.y, style: base, maxWidth: area.width)
        }
        #expect(screen.render().buffer.lines.joined().contains("🗳 Vote: Pizza?"))
    }

    @Test("snapshots of each theme", arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func theme(name: String) {
        let style = ChatStyle.themes.first { $0.name == name }!
        let screen = ChatScreen(conversation: Self.everyKind(), style: Cast.style(style), title: name, columns: 64, rows: 46, density: .regular)
        screen.pictures.decodesSynchronously = true
        screen.register(kind: Vote.kind) { content, area, base, buffer in
            buffer.put("🗳 " + content.payload.summary, x: area.x, y: area.y + 1, style: base, maxWidth: area.width)
        }
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "theme-\(name)-64x46")
        let text = buffer.lines.joined(separator: "\n")
        for expected in ["https://a.io", "👍🏽", "can't read file", "three", "🗳 Vote: Pizza?", "Bob left", "Outgoing, read"] {
            #expect(text.contains(expected), "\(name) shows \(expected)")
        }
    }
}
