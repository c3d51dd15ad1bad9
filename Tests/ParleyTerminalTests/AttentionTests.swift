import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// The bell, the title and the clipboard (#14).
@Suite("Attention and copying")
@MainActor
struct AttentionTests {
    static func screen() -> ChatScreen {
        let chat = Conversation(me: Cast.me, messages: (0..<40).map { index in
            Cast.message("m\(index)", index % 2 == 0 ? Cast.alice : Cast.me, Double(index), .text("message \(index)"))
        })
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), title: "Lunch", columns: 50, rows: 20)
        _ = screen.render()
        #expect(screen.takeRequests().isEmpty, "opening is not news")
        return screen
    }

    static func arrive(_ text: String, from sender: Sender = Cast.bob, on screen: ChatScreen) {
        screen.conversation.append(.text(TextContent(text, mentioning: [Cast.me])), from: sender)
        _ = screen.render()
    }

    @Test("at the newest messages, focused, a new message asks nothing of the terminal (#14)")
    func quietWhenWatching() {
        let screen = Self.screen()
        Self.arrive("hi", on: screen)
        #expect(screen.takeRequests().isEmpty)
    }

    @Test("scrolled away, a message rings and counts in the title; back at the newest, the title returns (#14)")
    func scrolledAway() {
        let screen = Self.screen()
        screen.perform(.page(-2))
        _ = screen.render()
        Self.arrive("one", on: screen)
        #expect(screen.takeRequests() == [.bell, .title("(1) Lunch")])
        Self.arrive("two", on: screen)
        #expect(screen.takeRequests() == [.bell, .title("(2) Lunch")])
        // My own messages are not news.
        Self.arrive("mine", from: Cast.me, on: screen)
        #expect(screen.takeRequests().isEmpty)
        screen.perform(.scrollToBottom)
        _ = screen.render()
        #expect(screen.takeRequests() == [.title("Lunch")])
        #expect(screen.unseenCount == 0)
    }

    @Test("a mention rings even while watching; the title stays (#14)")
    func mention() {
        let screen = Self.screen()
        Self.arrive("lunch, @Me?", on: screen)
        #expect(screen.takeRequests() == [.bell])
    }

    @Test("unfocused, messages ring and count; focus back at the newest clears the count (#14)")
    func unfocused() {
        let screen = Self.screen()
        screen.isFocused = false
        Self.arrive("are you there", on: screen)
        #expect(screen.takeRequests() == [.bell, .title("(1) Lunch")])
        screen.isFocused = true
        _ = screen.render()
        #expect(screen.takeRequests() == [.title("Lunch")])
    }

    @Test("the bell and the title can be turned off (#14)")
    func optOut() {
        let screen = Self.screen()
        screen.ringsBell = false
        screen.showsUnreadInTitle = false
        screen.isFocused = false
        Self.arrive("quiet please", on: screen)
        #expect(screen.takeRequests().isEmpty)
    }

    @Test("Alt+C copies the selected message with OSC 52 and says so (#14)")
    func copy() throws {
        let screen = Self.screen()
        #expect(TerminalMessenger.command(for: .key(.character("c"), .alt), composerIsEmpty: true) == .copy)
        screen.perform(.selectPrevious)
        let selected = try #require(screen.presenter.selection)
        screen.perform(.copy)
        let text = try #require(screen.conversation.message(selected)).content.summary
        #expect(screen.takeRequests() == [.copy(text)])
        #expect(screen.render().buffer.lines.contains { $0.contains("Message copied") })
        screen.perform(.cancel)
        #expect(!screen.render().buffer.lines.contains { $0.contains("Message copied") })
        let bytes = String(decoding: TerminalRequest.copy("héllo\u{1B}]0;x\u{07}").bytes, as: UTF8.self)
        #expect(bytes == "\u{1B}]52;c;" + Data("héllo\u{1B}]0;x\u{07}".utf8).base64EncodedString() + "\u{1B}\\")
    }

    @Test("a title never carries a control to the terminal; a huge copy is cut (#14)")
    func inert() {
        let title = TerminalRequest.title("evil\u{1B}]52;c;AAAA\u{07}\ntitle").bytes
        // Only the framing ESC ] 2 ; … ESC \ is control.
        #expect(title.filter { $0 == 0x1B }.count == 2)
        #expect(!title.contains(0x07) && !title.contains(0x0A))
        let huge = TerminalRequest.copy(String(repeating: "é", count: 100_000)).bytes
        #expect(huge.count < TerminalRequest.longestCopy * 2)
    }

    @Test("the mouse reports buttons and the wheel only, so the terminal keeps its selection (#14)")
    func buttonTracking() {
        let enter = String(decoding: TerminalSession.enterSequence(for: .init()), as: UTF8.self)
        #expect(enter.contains("\u{1B}[?1000h"))
        #expect(!enter.contains("\u{1B}[?1002h") && !enter.contains("\u{1B}[?1003h"))
    }
}
