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
        screen.events.onEvent { event in                          // taps, links, load earlier
            // Full screen: say it on the screen's own title line (print would draw over the chat).
            if case .tapLink(_, let link) = event { screen.title = "Link: \(link.target?.absoluteString ?? "")" }
        }
        let run: @MainActor () async throws -> Void = { try await TerminalMessenger(screen: screen).run() }
        _ = run
        screen.perform(.insert("hi"))
        screen.perform(.send)
        #expect(chat.messages.map(\.content) == [.text("hi")])
        let link = try #require(TextContent("see https://example.org").detections.first)
        screen.events.send(.tapLink(chat.messages[0].id, link))
        #expect(screen.title == "Link: https://example.org")
    }
}
