import CGtk4
import ParleyCore
@testable import ParleyGTK
import Testing

extension GTKTests {
    @Suite("README: in a GTK app")
    @MainActor
    struct ReadmeGtkExampleTests {
        /// The README's example, with the application's run loop replaced by a test window.
        @Test("the README's GTK example builds a working chat screen (#4)")
        func example() async throws {
            try GTKHarness.start()
            let chat = Conversation(me: Sender(id: "me", name: "Me"))
            var events: [MessengerEvent] = []
            // Like the README's closure, `build` keeps nothing: the window's widgets must keep
            // the screen alive.
            weak var kept: ChatScreen?
            func build(_ window: Window) {
                // --- as in the README ---
                let screen = ChatScreen(conversation: chat, style: DesktopAppearance.style())
                screen.inputBar.onSend { text, reply in chat.append(.text(text), replyTo: reply) }
                screen.events.onEvent { event in events.append(event) }
                screen.messages.menuActions = [MessageAction(title: "Forward") { id in print("forward", id) }]
                window.child = screen.widget
                // ---
                kept = screen
            }
            // The example compiles against ParleyApplication's signature.
            let application: (ParleyApplication, @escaping @MainActor (Window) -> Void) -> Int32 = { $0.run($1) }
            _ = application
            let window = Window(title: "README")
            build(window)
            window.present()
            defer { GTKHarness.close(window.widget.pointer) }
            #expect(window.child == kept?.widget)
            let screen = try #require(kept, "the window keeps the screen alive")
            screen.inputBar.text = "Hello from the README"
            screen.inputBar.send()
            #expect(chat.messages.map { message -> String in
                if case .text(let text) = message.content { return text.string }
                return ""
            } == ["Hello from the README"])
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
        }
    }
}
