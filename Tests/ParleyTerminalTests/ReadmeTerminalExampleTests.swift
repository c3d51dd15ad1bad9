import Foundation
import Testing
import ParleyCore
import ParleyTerminal

/// The README's terminal snippet, compiled. The last line is only type-checked: run from a
/// developer's terminal, it would take that terminal over.
@Suite("README terminal example")
@MainActor
struct ReadmeTerminalExampleTests {
    @Test("the snippet compiles, and the screen it sets up sends")
    func snippet() async throws {
        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        let screen = ChatScreen(conversation: chat, style: .dark)
        screen.inputBar.onSend { text in chat.append(.text(text)) }
        screen.events.onEvent { event in print(event) }
        let run: @MainActor () async throws -> Void = { try await TerminalMessenger(screen: screen).run() }
        _ = run
        screen.perform(.insert("hi"))
        screen.perform(.send)
        #expect(chat.messages.map(\.content) == [.text("hi")])
    }
}
