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
    
        @Test(
            "after scrolling, the tree holds only the rows on screen, in reading order (#14)",
            .enabled(if: ScreenReader.isAvailable, "needs python3-pyatspi and a session bus (dbus-run-session)"))
        func noGhostRows() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(300)
            let screen = ChatScreen(conversation: conversation, style: .light)
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            // Up a few screens and back: the rows that scrolled away are pooled, not gone.
            for _ in 0..<6 {
                screen.messages.scroll(by: -900)
                await GTKHarness.pump(for: .milliseconds(60))
            }
            screen.messages.scrollToBottom(animated: false)
            await GTKHarness.pump(for: .milliseconds(300))
            let onScreen = screen.messages.visibleRowViews.compactMap { view -> String? in
                if case .message(let message)? = view.row, case .text(let text) = message.content { return text.string }
                return nil
            }
            #expect(screen.messages.pool.count > 0, "the scroll should have pooled some rows")

            let lines = await ScreenReader.run(pid: getpid(), press: "")
            let items = lines.filter { $0.hasPrefix("item|") }.map { String($0.dropFirst(5)) }
            let read = items.compactMap { item in
                item.split(separator: ": ", maxSplits: 1).last.map { $0.replacingOccurrences(of: " (sent)", with: "") }
            }
            #expect(read == onScreen, "\(items)")
            #expect(read.last == "Message 299", "\(items)")
        }

        @Test(
            "an arriving message is announced as a new item of the log; a status change renames in place (#14)",
            .enabled(if: ScreenReader.isAvailable, "needs python3-pyatspi and a session bus (dbus-run-session)"))
        func announcesArrivals() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(30)
            let mine = conversation.append(.text("On my way"), from: ChatFixtures.me, status: .sent)
            let screen = ChatScreen(conversation: conversation, style: .light)
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))

            let events = await ScreenReader.listen(pid: getpid(), seconds: 4) {
                try? conversation.setStatus(.delivered, of: mine)
                await GTKHarness.pump(for: .milliseconds(400))
                conversation.append(.text("Lunch is ready"), from: ChatFixtures.alice)
                await GTKHarness.pump(for: .milliseconds(400))
            }
            let added = events.filter { $0.hasPrefix("object:children-changed:add|log|Messages|list item|") }
            #expect(added.contains { $0.hasPrefix("object:children-changed:add|log|Messages|list item|Alice, ") && $0.hasSuffix(": Lunch is ready") }, "\(events)")
            // The delivered message is renamed where it is: nothing leaves or joins for it.
            #expect(events.contains { $0.hasPrefix("object:property-change:accessible-name|list item|You, ") && $0.contains("On my way (delivered)") }, "\(events)")
            #expect(!events.contains { $0.hasPrefix("object:children-changed") && $0.contains("On my way") }, "\(events)")
            // The mark beside it ends up named in words (GTK names a label by its text
            // first, as it sets it).
            let marks = events.filter { $0.hasPrefix("object:property-change:accessible-name|label|") && ($0.contains("✓") || $0.contains("Delivered")) }
            #expect(marks.last == "object:property-change:accessible-name|label|Delivered||", "\(events)")
        }
}
}
