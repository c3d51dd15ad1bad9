import CGtk4
import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// The GTK list draws what its presenter decides (#9).
    @Suite("MessengerView draws the presenter's frames")
    @MainActor
    struct PresenterDrivenTests {
        /// A view of `conversation`, made after GTK has started (views call GTK at once).
        func view(_ conversation: Conversation, style: ChatStyle = .light) throws -> MessengerView {
            try GTKHarness.start()
            let view = MessengerView(conversation: conversation, style: style)
            view.opensLinks = false
            return view
        }

        func show(_ view: MessengerView, height: Int32 = 600) throws -> WidgetPointer {
            try GTKHarness.window(view.root, width: 420, height: height)
        }

        @Test("the texts it shows by itself come from the style's strings (#9)")
        func strings() async throws {
            var style = ChatStyle.light
            style.strings.emptyConversation = "Noch keine Nachrichten"
            style.strings.statusMarks[.read] = "gelesen"
            let conversation = Conversation(me: ChatFixtures.me)
            let view = try self.view(conversation, style: style)
            let window = try show(view)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.emptyLabel.isShown })
            #expect(GTKHarness.text(view.emptyLabel) == "Noch keine Nachrichten")
            conversation.append(.text("hallo"), status: .read)
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty && !view.emptyLabel.isShown })
            let status = try #require(view.visibleRowViews.last.flatMap { GTKHarness.shown($0.frame.widget, class: "status").first })
            #expect(GTKHarness.text(status) == "gelesen")
        }

        @Test("a click on a link goes through the core's hit test and is reported once (#9)")
        func linkClick() async throws {
            let conversation = ChatFixtures.conversation(2)
            let id = conversation.append(.text("See https://example.org/menu today"), from: ChatFixtures.alice)
            let view = try self.view(conversation)
            let window = try show(view)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.visibleRowViews.contains { $0.id == .message(id) } })
            var received: [MessengerEvent] = []
            view.events.onEvent { received.append($0) }
            // Find a point of the link from the core's layout, as a pointer would hit it.
            let row = try #require(view.presenter.frame().rows.first { $0.id == .message(id) })
            let content = try #require(row.layout.content)
            var point: Point?
            for step in 0..<Int(content.width) {
                let candidate = Point(x: content.minX + Double(step), y: row.y + content.minY + 4)
                if case .tapLink = view.presenter.viewport.event(at: candidate) {
                    point = candidate
                    break
                }
            }
            view.tap(at: try #require(point, "the link is somewhere in the bubble"))
            // The label's own activation in the same dispatch is not a second tap.
            #expect(view.activateLink("https://example.org/menu", in: id))
            #expect(received.count == 1)
            guard case .tapLink(let message, let detection) = try #require(received.first) else {
                Issue.record("expected a link tap, got \(received)")
                return
            }
            #expect(message == id && detection.target?.absoluteString == "https://example.org/menu")
            // Later, from the keyboard, the label's activation is a tap of its own.
            await GTKHarness.pump(for: .milliseconds(20))
            #expect(view.activateLink("https://example.org/menu", in: id))
            #expect(received.count == 2)
        }

        @Test("after a jump, a failed newer page shows a Retry row under the messages (#9)")
        func newerFailure() async throws {
            let all = ChatFixtures.messages(400)
            let source = OfflineWindowSource(all)
            let conversation = Conversation(me: ChatFixtures.me)
            let view = try self.view(conversation)
            view.pager = HistoryPager(conversation: conversation, source: source, pageSize: 20)
            let window = try show(view)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { conversation.count >= 20 })
            source.failsNewer = true
            _ = await view.jump(to: all[100].date)
            view.scroll(by: 100_000)
            await GTKHarness.pump(until: { GTKHarness.shown(view.list.widget, class: "load-earlier").count == 1 })
            let button = try #require(GTKHarness.shown(view.list.widget, class: "load-earlier").first)
            #expect(GTKHarness.buttonLabel(button) == "Retry")
            let labels = GTKHarness.shown(view.list.widget, class: "history-label").map(GTKHarness.text)
            #expect(labels.contains("Couldn’t load newer messages (offline)"))
            let count = conversation.count
            source.failsNewer = false
            gtk_widget_activate(button)
            await GTKHarness.pump(until: { conversation.count > count })
        }

        @Test("sending while scrolled up returns to the newest message (#9)")
        func sendReturns() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(80)
            let screen = ChatScreen(conversation: conversation, style: .light)
            screen.inputBar.onSend { text in conversation.append(.text(text)) }
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.messages.scroll(by: -1500)
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(!screen.presenter.frame().isPinnedToBottom)
            screen.inputBarView.text = "back to now"
            #expect(screen.inputBarView.send())
            func lastShown() -> String? {
                screen.messages.visibleRowViews.last.flatMap { GTKHarness.shown($0.frame.widget, class: "body").first }
                    .map(GTKHarness.text)
            }
            await GTKHarness.pump(until: { lastShown() == "back to now" && !screen.messages.animator.isAnimating })
            #expect(lastShown() == "back to now")
            #expect(screen.presenter.frame().isPinnedToBottom)
        }
    }
}
