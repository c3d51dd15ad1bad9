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
        let screen = MessengerScreen(conversation: Self.conversation(), style: Cast.style(.light), title: "Lunch", columns: 60, rows: 40)
        let (buffer, cursor) = screen.render()
        print(buffer.lines.joined(separator: "\n"))
        Snapshot.check(buffer, named: "screen-light-60x40")
        #expect(cursor != nil)
        #expect(!buffer.lines.joined().contains("\u{1B}"))
        #expect(buffer.lines.joined().contains("␛]0;pwned␇"))
    }

    @Test("without colour, bubbles are outlined")
    func noColor() {
        let screen = MessengerScreen(conversation: Self.conversation(), style: Cast.style(.iMessage), title: "Lunch", columns: 60, rows: 40, usesColor: false)
        let (buffer, _) = screen.render()
        print(buffer.lines.joined(separator: "\n"))
        Snapshot.check(buffer, named: "screen-imessage-nocolor-60x40")
    }

    @Test("flat rows in the Slack theme")
    func slack() {
        let screen = MessengerScreen(conversation: Self.conversation(), style: Cast.style(.slack), inputBar: .slack(metrics: .cells), title: "#lunch", columns: 60, rows: 30)
        let (buffer, _) = screen.render()
        print(buffer.lines.joined(separator: "\n"))
        Snapshot.check(buffer, named: "screen-slack-60x30")
    }
}
