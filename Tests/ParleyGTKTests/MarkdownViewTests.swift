import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Markdown messages in GTK")
    @MainActor
    struct MarkdownViewTests {
        static let source = "**Today's menu** at the café:\n- _soup_ of the day\n- ~~pizza~~ sold out\n- `#42` the salad\n\n> book before noon\n\n```\nlet order = 42\n```\n\n[See the menu](https://cafe.example.com/menu) <b>not bold</b>"

        @Test("a Markdown message is drawn formatted, measured as drawn, its link tappable (#13)")
        func drawsFormatted() async throws {
            try GTKHarness.start()
            let conversation = Conversation(me: ChatFixtures.me)
            conversation.append(.markdown(Self.source), from: ChatFixtures.alice)
            let screen = ChatScreen(conversation: conversation, style: .light)
            var events: [MessengerEvent] = []
            screen.events.onEvent { events.append($0) }
            screen.messages.opensLinks = false
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            await GTKHarness.pump(for: .milliseconds(100))
            let row = try #require(screen.messages.visibleRowViews.first { if case .message = $0.row { true } else { false } })
            let layout = row.layout
            let body = try #require(GTKHarness.shown(row.frame.widget, class: "body").first)
            let drawn = GTKHarness.text(body)
            #expect(drawn.hasPrefix("Today's menu at the café:\n• soup of the day"), "\(drawn)")
            #expect(drawn.contains("let order = 42") && drawn.contains("<b>not bold</b>") && !drawn.contains("**"))
            #expect(gtk_label_get_use_markup(body.ptr()) != 0)
            // Measured as drawn: the label's own layout fits the content frame.
            var natural: Int32 = 0
            gtk_widget_measure(body, GTK_ORIENTATION_VERTICAL, Int32(layout.content!.width), nil, &natural, nil, nil)
            #expect(abs(Double(natural) - layout.content!.height) <= 2, "label \(natural) vs layout \(layout.content!.height)")
            #expect(layout.content!.width > 150)
            try GTKHarness.screenshot(window, to: Screenshots.directory + "/markdown-light.png")
        }

        @Test("Markdown in every theme (for looking) (#13)", arguments: ChatStyle.themes.map(\.name))
        func themes(_ name: String) async throws {
            try GTKHarness.start()
            let conversation = Conversation(me: ChatFixtures.me)
            conversation.append(.markdown(Self.source), from: ChatFixtures.alice)
            conversation.append(.markdown("Sure — `git pull` first, then **push**"), from: ChatFixtures.me)
            let style = ChatStyle.themes.first { $0.name == name }!
            let screen = ChatScreen(conversation: conversation, style: style)
            let window = try GTKHarness.window(screen.root, width: 420, height: 560)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { screen.messages.visibleRowViews.count >= 2 })
            await GTKHarness.pump(for: .milliseconds(100))
            try GTKHarness.screenshot(window, to: Screenshots.directory + "/markdown-\(name).png")
        }
    }
}
