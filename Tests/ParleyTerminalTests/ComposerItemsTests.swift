import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// Composer items: every one drawn does something when clicked (#14).
@Suite("Composer items")
@MainActor
struct ComposerItemsTests {
    static func screen(_ theme: String) -> ChatScreen {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let chat = Conversation(me: Cast.me, messages: [Cast.message("a", Cast.alice, 0, .text("hi"))])
        let screen = ChatScreen(conversation: chat, style: Cast.style(style), title: theme, columns: 50, rows: 16)
        screen.inputBar.onSend { text in chat.append(.text(text)) }
        _ = screen.render()
        return screen
    }

    /// The items drawn, by id, and where.
    static func drawn(_ screen: ChatScreen) -> [(id: String, x: Int, y: Int)] {
        _ = screen.render()
        guard let bar = screen.lastBarLayout else { return [] }
        let top = screen.rows - Int(bar.height.rounded(.up))
        return bar.itemFrames.filter(\.isVisible).map { frame in
            let area = CellRect(frame.frame, dy: Double(top))
            return (frame.id, area.x + area.width / 2, area.y + area.height / 2)
        }
    }

    @Test("items without an action are not drawn; every item drawn has one (#14)",
          arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func onlyLiveItems(theme: String) {
        let screen = Self.screen(theme)
        let ids = Self.drawn(screen).map(\.id)
        #expect(ids.contains("send"))
        for id in ids { #expect(screen.inputBar.item(withID: id)?.hasAction == true, "\(theme): \(id)") }
        for hidden in ["camera", "photo", "mic", "plus", "attachment"] { #expect(!ids.contains(hidden), "\(theme) hides \(hidden)") }
        if theme == "slack" { #expect(ids.contains("mention") && ids.contains("channel")) }
    }

    @Test("clicking Slack's @ and # writes them, the cursor after; clicking ➤ sends (#14)")
    func slackItems() {
        let screen = Self.screen("slack")
        screen.perform(.insert("hi "))
        let items = Self.drawn(screen)
        let mention = items.first { $0.id == "mention" }!
        screen.perform(.click(x: mention.x, y: mention.y))
        #expect(screen.inputBar.text == "hi @")
        #expect(screen.cursorOffset == "hi @".utf8.count)
        screen.perform(.insert("Alice"))
        let send = Self.drawn(screen).first { $0.id == "send" }!
        screen.perform(.click(x: send.x, y: send.y))
        #expect(screen.conversation.messages.last?.content.summary == "hi @Alice")
    }

    @Test("Messenger's text starts where its hidden items were (#14)")
    func messengerRoom() {
        let screen = Self.screen("messenger")
        let placeholder = screen.render().buffer.lines.last { $0.contains("Aa") }!
        #expect(placeholder.hasPrefix(" ") && placeholder.trimmingCharacters(in: .whitespaces).hasPrefix("Aa"))
        #expect(placeholder.distance(from: placeholder.startIndex, to: placeholder.range(of: "Aa")!.lowerBound) <= 3)
    }

    @Test("an item given an action later is drawn; with hiding off every item is (#14)")
    func wiredLater() {
        let screen = Self.screen("imessage")
        #expect(!Self.drawn(screen).map(\.id).contains("plus"))
        var clicks = 0
        screen.inputBar.item(withID: "plus")?.onTouchUpInside { _ in clicks += 1 }
        let plus = Self.drawn(screen).first { $0.id == "plus" }
        #expect(plus != nil)
        if let plus { screen.perform(.click(x: plus.x, y: plus.y)) }
        #expect(clicks == 1)
        let messenger = Self.screen("messenger")
        messenger.hidesInertItems = false
        #expect(Set(Self.drawn(messenger).map(\.id)).isSuperset(of: ["camera", "photo", "mic"]))
    }
}
