import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// Replies, reactions, edits and deletions drawn by GTK widgets, and what clicks on
    /// them do (#12).
    @Suite("GTK: replies, reactions, edits, deletions (#12)")
    @MainActor
    struct RelationsViewTests {
        static func conversation() -> Conversation {
            let me = ChatFixtures.me, alice = ChatFixtures.alice, bob = ChatFixtures.bob
            let start = ChatFixtures.start
            var messages = (0..<30).map { index in
                Message(id: MessageID("old-\(index)"), sender: index % 2 == 0 ? alice : bob,
                        date: start.addingTimeInterval(Double(index) * 60), content: .text("Earlier \(index)"))
            }
            let question = Message(id: "q", sender: alice, date: start.addingTimeInterval(2_000), content: .text("Lunch at the garden café? It opens at noon"))
            messages.append(question)
            messages += (0..<12).map { index in
                Message(id: MessageID("mid-\(index)"), sender: bob, date: start.addingTimeInterval(2_100 + Double(index) * 30), content: .text("Filler \(index)"))
            }
            messages.append(Message(
                id: "a", sender: me, date: start.addingTimeInterval(3_000), content: .text("Sure! 12:30?"), status: .read,
                replyTo: ReplyQuote(question), reactions: [Reaction("👍", by: ["alice", "bob"]), Reaction("🎉", by: ["me"])]))
            messages.append(Message(
                id: "e", sender: bob, date: start.addingTimeInterval(3_060), content: .text("Make it 13:00"),
                edits: [MessageEdit(content: .text("Make it 12:45"), replacedAt: start.addingTimeInterval(3_070))]))
            messages.append(Message(
                id: "m", sender: alice, date: start.addingTimeInterval(3_090),
                content: .text(TextContent("@Me are you coming?", mentioning: [me]))))
            var deleted = Message(id: "d", sender: bob, date: start.addingTimeInterval(3_120), content: .deleted)
            deleted.readers = [alice, bob]
            messages.append(deleted)
            let conversation = Conversation(me: me, messages: messages)
            conversation.isGroup = true
            conversation.setFirstUnread("e")
            return conversation
        }

        func show(style: ChatStyle = .light) async throws -> (MessengerView, WidgetPointer, Conversation) {
            try GTKHarness.start()
            let conversation = Self.conversation()
            let view = MessengerView(conversation: conversation, style: style)
            view.opensLinks = false
            let window = try GTKHarness.window(view.root, width: 420, height: 520)
            await GTKHarness.pump(until: { view.visibleRowViews.contains { $0.id == .message("d") } })
            await GTKHarness.pump(for: .milliseconds(200))
            return (view, window, conversation)
        }

        /// The labels' texts under `widget`, in widget order.
        func texts(_ widget: WidgetPointer) -> [String] {
            var found: [String] = []
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if gtk_widget_get_visible(current) != 0 {
                    if current.isLabel, let text = gtk_label_get_text(OpaquePointer(current)) { found.append(String(cString: text)) }
                    found += texts(current)
                }
                child = gtk_widget_get_next_sibling(current)
            }
            return found
        }

        @Test("the quote, the chips, the edited mark and the placeholder are widgets at the layout's frames", arguments: ["light", "dark"])
        func drawn(theme: String) async throws {
            let style = theme == "dark" ? ChatStyle.dark : .light
            let (view, window, _) = try await show(style: style)
            defer { GTKHarness.close(window) }
            let reply = try #require(view.visibleRowViews.first { $0.id == .message("a") })
            let shown = texts(reply.frame.widget)
            #expect(shown.contains("Alice"))
            #expect(shown.contains("Lunch at the garden café? It opens at noon"))
            #expect(shown.contains("👍 2") && shown.contains("🎉"))
            let edited = try #require(view.visibleRowViews.first { $0.id == .message("e") })
            #expect(texts(edited.frame.widget).contains(style.strings.edited))
            #expect(GTKHarness.shown(edited.frame.widget, class: "unread-line").count == 1)
            let mention = try #require(view.visibleRowViews.first { $0.id == .message("m") })
            #expect(GTKHarness.shown(mention.frame.widget, class: "mentions-me").count == 1)
            let deleted = try #require(view.visibleRowViews.first { $0.id == .message("d") })
            #expect(texts(deleted.frame.widget).contains("Message deleted"))
            let receipts = GTKHarness.shown(deleted.frame.widget, class: "receipt")
            #expect(receipts.count == 2)
            #expect(receipts.allSatisfy { gtk_widget_get_width($0) == 18 })
            // The mine chip carries the class that sets it apart.
            let mine = try #require(GTKHarness.shown(reply.frame.widget, class: "mine").first)
            #expect(gtk_widget_get_width(mine) > 0)
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/relations-\(theme).png")
        }

        @Test("a click on a chip toggles mine; a click on the quote goes back to the question and highlights it")
        func clicks() async throws {
            let (view, window, conversation) = try await show()
            defer { GTKHarness.close(window) }
            var events: [MessengerEvent] = []
            view.events.onEvent { events.append($0) }
            let frame = view.presenter.frame()
            let row = try #require(frame.rows.first { $0.row.id == .message("a") })
            let chip = try #require(row.layout.reactions.first { $0.key == "👍" })
            view.tap(at: Point(x: chip.frame.midX, y: row.y + chip.frame.midY))
            #expect(conversation.message("a")?.reactions.first?.senders == ["alice", "bob", "me"])
            await GTKHarness.pump(until: { texts(view.visibleRowViews.first { $0.id == .message("a") }!.frame.widget).contains("👍 3") })

            let quote = try #require(row.layout.quote)
            #expect(!view.presenter.frame().rows.contains { $0.row.id == .message("q") }, "the question is off screen")
            view.tap(at: Point(x: quote.frame.midX, y: row.y + quote.frame.midY))
            await GTKHarness.pump(until: { view.visibleRowViews.first { $0.id == .message("q") }?.isHighlighted == true })
            #expect(events.contains(.tapQuote("a", quoted: quote.quoted)))
            // The click selected the reply; the selection went along to the question.
            #expect(view.presenter.selection == "q")
            #expect(view.visibleRowViews.first { $0.id == .message("q") }?.isSelected == true)
            #expect(view.visibleRowViews.first { $0.id == .message("a") }?.isSelected != true)
            // The highlight fades.
            await GTKHarness.pump(until: { view.visibleRowViews.first { $0.id == .message("q") }?.isHighlighted == false }, timeout: .seconds(10))
        }

        @Test("a click on a quote whose message is nowhere shows a notice where Undo shows, without the button")
        func quoteNotFound() async throws {
            let (view, window, conversation) = try await show()
            defer { GTKHarness.close(window) }
            conversation.append(.text("Me too"), from: ChatFixtures.bob,
                                replyTo: ReplyQuote(id: "gone", senderName: "Alice", summary: "Dinner?", date: ChatFixtures.start))
            await GTKHarness.pump(until: { view.visibleRowViews.contains { $0.row?.message?.replyTo?.id == "gone" } })
            let row = try #require(view.presenter.frame().rows.first { $0.row.message?.replyTo?.id == "gone" })
            let quote = try #require(row.layout.quote)
            #expect(!view.undoBar.isShown)
            view.tap(at: Point(x: quote.frame.midX, y: row.y + quote.frame.midY))
            await GTKHarness.pump(until: { view.undoBar.isShown })
            #expect(GTKHarness.text(view.undoLabel) == "Original message not found")
            #expect(!view.undoButton.isShown)
            #expect(gtk_widget_has_css_class(view.undoBar, "notice") != 0)
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/quote-not-found-light.png")
            await GTKHarness.pump(until: { !view.undoBar.isShown }, timeout: .seconds(10))
        }

        @Test("a long notice wraps inside a narrow window instead of running past its edge")
        func longNoticeWraps() async throws {
            try GTKHarness.start()
            let view = MessengerView(conversation: Self.conversation(), style: .light)
            let window = try GTKHarness.window(view.root, width: 300, height: 480)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.visibleRowViews.contains { $0.id == .message("d") } })
            let text = "“2026-02-30” is not a date: /jump takes a day as 2026-11-20"
            view.presenter.showNotice(text)
            await GTKHarness.pump(until: { view.undoBar.isShown && GTKHarness.size(view.undoLabel).width > 0 })
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(GTKHarness.text(view.undoLabel) == text)
            var bounds = graphene_rect_t()
            #expect(gtk_widget_compute_bounds(view.undoBar, view.root, &bounds) != 0)
            let width = Double(GTKHarness.size(view.root).width)
            #expect(Double(bounds.origin.x) >= 0 && Double(bounds.origin.x + bounds.size.width) <= width, "\(bounds) in \(width)")
            // On two lines or more, each shown whole: the label is as tall as its text.
            let label = GTKHarness.size(view.undoLabel)
            var natural: Int32 = 0
            gtk_widget_measure(view.undoLabel, GTK_ORIENTATION_VERTICAL, Int32(label.width), nil, &natural, nil, nil)
            #expect(label.height >= Int(natural) && natural > 20, "\(label) for \(natural)")
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/notice-wrapped-300.png")
        }

        @Test("typing @ in the composer opens suggestions; Tab completes the name; the message mentions them")
        func mentionPopover() async throws {
            try GTKHarness.start()
            let conversation = Self.conversation()
            let screen = ChatScreen(conversation: conversation, style: .light)
            screen.inputBar.members = [ChatFixtures.alice, ChatFixtures.bob]
            screen.inputBar.onSendMessage { content, reply in conversation.append(content, replyTo: reply) }
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            let bar = screen.inputBarView
            await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 })
            bar.focus()
            gtk_text_buffer_insert_interactive_at_cursor(bar.buffer, "hey @al", -1, 1)
            await GTKHarness.pump(until: { bar.mentionPopover?.isOpen == true })
            #expect(bar.mentionPopover?.shown.map(\.id) == ["alice"])
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Tab), state: GdkModifierType(rawValue: 0)))
            #expect(bar.bufferText() == "hey @Alice ")
            await GTKHarness.pump(until: { bar.mentionPopover?.isOpen == false })
            gtk_text_buffer_insert_interactive_at_cursor(bar.buffer, "come", -1, 1)
            #expect(bar.text == "hey @Alice come")
            bar.send()
            await GTKHarness.pump(until: { conversation.messages.last?.content.summary == "hey @Alice come" })
            guard case .text(let text)? = conversation.messages.last?.content else { Issue.record("not text"); return }
            #expect(text.mentionedIDs == ["alice"])
        }

        @Test("Reply in the menu shows 'Replying to' over the composer; ✕ and Escape take it away; the reply is sent with its quote")
        func replyBanner() async throws {
            try GTKHarness.start()
            let conversation = Self.conversation()
            let screen = ChatScreen(conversation: conversation, style: .light)
            screen.inputBar.onSend { text, reply in conversation.append(.text(text), replyTo: reply) }
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            let bar = screen.inputBarView
            let before = GTKHarness.size(bar.root).height
            screen.messages.menu.open(for: "e", x: 100, y: 100)
            screen.messages.menu.activate("reply")
            await GTKHarness.pump(until: { bar.replyLabel.isShown && GTKHarness.size(bar.root).height > before })
            let banner = String(cString: gtk_label_get_text(OpaquePointer(bar.replyLabel)))
            #expect(banner.hasPrefix("Replying to Bob"))
            #expect(banner.contains("Make it 13:00"))
            #expect(bar.replyLabel.isShown && bar.replyCancel.isShown)
            await GTKHarness.pump(for: .milliseconds(300))
            try GTKHarness.screenshot(window, to: Screenshots.directory + "/reply-banner.png")
            gtk_widget_activate(bar.replyCancel)
            await GTKHarness.pump(until: { !bar.replyLabel.isShown })
            #expect(screen.inputBar.replyTarget == nil)
            await GTKHarness.pump(until: { GTKHarness.size(bar.root).height == before })

            screen.messages.presenter.reply(to: "e")
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Escape), state: GdkModifierType(rawValue: 0)))
            #expect(screen.inputBar.replyTarget == nil)

            screen.messages.presenter.reply(to: "a")
            bar.text = "See you there"
            bar.send()
            await GTKHarness.pump(until: { conversation.messages.last?.content == .text("See you there") })
            #expect(conversation.messages.last?.replyTo?.id == "a")
            #expect(!bar.replyLabel.isShown || screen.inputBar.replyTarget == nil)
        }
    }
}
