import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// ↑/↓ in the composer: moving through a draft, recalling my messages to edit (#14).
@Suite("Composer keys")
@MainActor
struct ComposerKeysTests {
    static func screen() -> ChatScreen {
        let chat = Conversation(me: Cast.me, messages: (0..<30).map { index in
            Cast.message("m\(index)", index % 2 == 0 ? Cast.alice : Cast.me, Double(index), .text("message \(index)"))
        })
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), title: "Keys", columns: 50, rows: 20)
        screen.inputBar.onSend { text in chat.append(.text(text)) }
        _ = screen.render()
        return screen
    }

    /// Presses `key` as the terminal would deliver it.
    static func press(_ key: Key, _ modifiers: KeyModifiers = [], on screen: ChatScreen) {
        let event = InputEvent.key(key, modifiers)
        if let command = TerminalMessenger.command(for: event, composerIsEmpty: screen.inputBar.text.isEmpty) {
            screen.perform(command)
        }
        _ = screen.render()
    }

    static func type(_ text: String, on screen: ChatScreen) {
        for character in text { press(.character(character), on: screen) }
    }

    @Test("Enter on a command runs it: nothing is sent, the composer empties, and typing goes on from its start")
    func commandRuns() {
        let screen = Self.screen()
        var commands: [String] = []
        screen.inputBar.onCommand { text in
            guard text.hasPrefix("/") else { return false }
            commands.append(text)
            return true
        }
        let before = screen.conversation.messages.count
        Self.type("/jump 2026-11-20", on: screen)
        Self.press(.enter, on: screen)
        #expect(commands == ["/jump 2026-11-20"])
        #expect(screen.conversation.messages.count == before, "not sent")
        #expect(screen.inputBar.text.isEmpty && screen.cursorOffset == 0, "the cursor is at the empty text's start")
        Self.type("hi", on: screen)
        Self.press(.enter, on: screen)
        #expect(screen.conversation.messages.last?.content == .text("hi"))
    }

    @Test("in a draft of several lines ↑/↓ move the cursor and leave the list alone (#14)")
    func movesThroughDraft() {
        let screen = Self.screen()
        Self.type("first line", on: screen)
        Self.press(.enter, .alt, on: screen)
        Self.type("second", on: screen)
        #expect(screen.inputBar.text == "first line\nsecond")
        Self.press(.up, on: screen)
        // Same column on the line above: after "first ".
        #expect(screen.cursorOffset == "first ".utf8.count)
        #expect(screen.presenter.viewport.isPinnedToBottom)
        Self.press(.up, on: screen)
        #expect(screen.cursorOffset == 0)
        Self.press(.down, on: screen)
        #expect(screen.cursorOffset == "first line\n".utf8.count)
        Self.press(.down, on: screen)
        #expect(screen.cursorOffset == screen.inputBar.text.utf8.count)
        #expect(screen.presenter.viewport.isPinnedToBottom)
        #expect(screen.editing == nil)
        // Typing goes where the cursor is.
        Self.press(.up, on: screen)
        Self.type("!", on: screen)
        #expect(screen.inputBar.text == "first !line\nsecond")
    }

    @Test("in a one-line draft ↑ still scrolls the list (#14)")
    func scrollsWithOneLine() {
        let screen = Self.screen()
        Self.type("hello", on: screen)
        Self.press(.up, on: screen)
        #expect(!screen.presenter.viewport.isPinnedToBottom)
        #expect(screen.inputBar.text == "hello")
    }

    @Test("Ctrl+↑/↓ scroll one row whatever the composer holds: no recall, no cursor move (#15)")
    func controlArrowsScroll() throws {
        let screen = Self.screen()
        /// Where the newest row sits in the list.
        func newestTop() throws -> Double { try #require(screen.presenter.frame().rows.last).y }
        let bottom = try newestTop()
        Self.press(.up, .ctrl, on: screen)
        #expect(screen.editing == nil)
        #expect(screen.inputBar.text.isEmpty)
        #expect(try newestTop() == bottom + 1)
        Self.press(.up, .ctrl, on: screen)
        Self.press(.down, .ctrl, on: screen)
        #expect(try newestTop() == bottom + 1)
        // In a draft of several lines too, the list moves and the cursor stays.
        Self.type("one", on: screen)
        Self.press(.enter, .alt, on: screen)
        Self.type("two", on: screen)
        let cursor = screen.cursorOffset, moved = try newestTop()
        Self.press(.up, .ctrl, on: screen)
        #expect(screen.cursorOffset == cursor)
        #expect(try newestTop() == moved + 1)
    }

    @Test("↑ on an empty composer recalls my last message; Enter edits it through the conversation (#14)")
    func editsLastMessage() throws {
        let screen = Self.screen()
        var edits: [(MessageID, MessageContent)] = []
        screen.onEdit = { edits.append(($0, $1)) }
        let count = screen.conversation.count
        Self.press(.up, on: screen)
        #expect(screen.editing == MessageID("m29"))
        #expect(screen.inputBar.text == "message 29")
        #expect(screen.render().buffer.lines.contains { $0.contains("Editing message") })
        Self.press(.character("u"), .ctrl, on: screen)
        Self.type("message 29, corrected", on: screen)
        Self.press(.enter, on: screen)
        let message = try #require(screen.conversation.message(MessageID("m29")))
        #expect(message.content == .text("message 29, corrected"))
        #expect(message.isEdited)
        #expect(message.edits.first?.content == .text("message 29"))
        #expect(edits.map(\.0) == [MessageID("m29")])
        #expect(screen.conversation.count == count)
        #expect(screen.inputBar.text.isEmpty)
        #expect(screen.editing == nil)
        #expect(!screen.render().buffer.lines.contains { $0.contains("Editing message") })
    }

    @Test("↑ again goes to my earlier messages, ↓ back, and past the newest to an empty composer (#14)")
    func history() {
        let screen = Self.screen()
        Self.press(.up, on: screen)
        Self.press(.up, on: screen)
        #expect(screen.editing == MessageID("m27"))
        #expect(screen.inputBar.text == "message 27")
        Self.press(.down, on: screen)
        #expect(screen.editing == MessageID("m29"))
        Self.press(.down, on: screen)
        #expect(screen.editing == nil)
        #expect(screen.inputBar.text.isEmpty)
    }

    @Test("Esc gives up an edit and leaves the message as it was (#14)")
    func cancels() {
        let screen = Self.screen()
        Self.press(.up, on: screen)
        Self.type(" and more", on: screen)
        Self.press(.escape, on: screen)
        #expect(screen.editing == nil)
        #expect(screen.inputBar.text.isEmpty)
        #expect(screen.conversation.message(MessageID("m29"))?.content == .text("message 29"))
        #expect(screen.conversation.message(MessageID("m29"))?.isEdited == false)
    }

    @Test("↑ with no message of mine does nothing to the composer; bad input does not crash (#14)")
    func nothingToRecall() {
        let chat = Conversation(me: Cast.me, messages: [Cast.message("a", Cast.alice, 0, .text("hi"))])
        let screen = ChatScreen(conversation: chat, style: Cast.style(.light), columns: 3, rows: 4)
        _ = screen.render()
        Self.press(.up, on: screen)
        #expect(screen.editing == nil)
        Self.type("x\u{1B}\u{0}\n\n", on: screen)
        for key in [Key.up, .up, .down, .down, .down] { Self.press(key, on: screen) }
        #expect(screen.editing == nil)
    }
}
