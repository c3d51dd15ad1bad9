import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("MessengerView and a screen reader")
    @MainActor
    struct MessengerAccessibilityTests {
        @Test(
            "a screen reader finds the log of messages and reads each as “sender, time: text” (#4)",
            .enabled(if: ScreenReader.isAvailable, "needs python3-pyatspi and a session bus (dbus-run-session)"))
        func readsMessages() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(4)
            conversation.append(.text("Lunch?"), from: ChatFixtures.alice)
            let screen = ChatScreen(conversation: conversation, style: .light)
            var sent: [String] = []
            screen.inputBar.onSend { sent.append($0) }
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.inputBar.text = "sent by a screen reader"
            await GTKHarness.pump(for: .milliseconds(200))

            let lines = await ScreenReader.run(pid: getpid(), press: "Send")
            let log = lines.filter { $0.hasPrefix("log|") }
            #expect(log == ["log|Messages"], "\(lines)")
            let items = lines.filter { $0.hasPrefix("item|") }.map { String($0.dropFirst(5)) }
            #expect(items.contains { $0.hasPrefix("Alice, ") && $0.hasSuffix(": Lunch?") }, "\(items)")
            #expect(items.contains { $0.hasPrefix("Me, ") || $0.hasPrefix("You, ") }, "\(items)")
            // In reading order: the newest last.
            #expect(items.last.map { $0.hasSuffix(": Lunch?") } == true, "\(items)")
            #expect(lines.contains("pressed|Send"), "\(lines)")
            await GTKHarness.pump(until: { sent == ["sent by a screen reader"] }, timeout: .seconds(10))
        }
    }
}
