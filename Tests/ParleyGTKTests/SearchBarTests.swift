import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Search in a GTK chat screen (#13)")
    @MainActor
    struct SearchBarTests {
        let none = GdkModifierType(rawValue: 0)

        /// 300 messages in the conversation, the newest 40 loaded; every 30th says "budget".
        static let history: [Message] = (0..<300).map { (index: Int) -> Message in
            let words = index % 30 == 7 ? "Send me the budget draft \(index)" : "Message \(index)"
            return Message(
                id: MessageID("m\(1000 + index)"), sender: index % 2 == 0 ? ChatFixtures.alice : ChatFixtures.bob,
                date: ChatFixtures.start.addingTimeInterval(Double(index) * 60), content: .text(TextContent(words)))
        }

        func show() async throws -> (ChatScreen, WidgetPointer) {
            try GTKHarness.start()
            let conversation = Conversation(me: ChatFixtures.me, clock: { ChatFixtures.start.addingTimeInterval(1_000_000) })
            let screen = ChatScreen(conversation: conversation, style: .light)
            screen.messages.opensLinks = false
            screen.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 40)
            screen.presenter.searcher = ConversationSearch(Conversation(me: ChatFixtures.me, messages: Self.history))
            let window = try GTKHarness.window(screen.root, width: 480, height: 640)
            await screen.pager?.loadEarlier()
            screen.messages.relayout()
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.inputBarView.focus()
            await GTKHarness.pump(for: .milliseconds(50))
            return (screen, window)
        }

        func rows(_ screen: ChatScreen) -> [WidgetPointer] {
            var rows: [WidgetPointer] = []
            var index: Int32 = 0
            while let row = gtk_list_box_get_row_at_index(screen.searchBar.results.ptr(), index) {
                rows.append(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
                index += 1
            }
            return rows
        }

        @Test("Ctrl+F opens the bar with the keyboard in its field; results list sender, date and snippet in bold")
        func opensAndLists() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            screen.openSearch()
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(screen.isSearching)
            #expect(gtk_root_get_focus(OpaquePointer(window)).map { gtk_widget_is_ancestor($0, screen.searchBar.entry) != 0 || $0 == screen.searchBar.entry } == true)
            screen.searchBar.type("budg")
            await screen.searchBar.settled()
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(GTKHarness.text(screen.searchBar.status) == "10 results")
            let listed = rows(screen)
            #expect(listed.count == 10)
            let first = try #require(listed.first.flatMap { gtk_list_box_row_get_child($0.ptr()) })
            let markup = String(cString: gtk_label_get_label(first.ptr()))
            #expect(markup.contains("<b>Bob</b>") && markup.contains("<b>budget</b> draft 277"))
            await GTKHarness.pump(for: .milliseconds(400))  // the bar slides in
            try GTKHarness.screenshot(screen.root, to: Screenshots.directory + "/search-bar-light.png")
            // The ✕ sits on the entry's line, not halfway down the results, and closes.
            let bar = screen.searchBar
            var entryBox = graphene_rect_t(), closeBox = graphene_rect_t()
            #expect(gtk_widget_compute_bounds(bar.entry, screen.root, &entryBox) != 0)
            #expect(gtk_widget_compute_bounds(bar.closeButton, screen.root, &closeBox) != 0)
            let entryMiddle = entryBox.origin.y + entryBox.size.height / 2
            #expect(closeBox.origin.y <= entryMiddle && entryMiddle <= closeBox.origin.y + closeBox.size.height)
            #expect(closeBox.origin.x >= entryBox.origin.x + entryBox.size.width)
            // Activated, a button shows itself pressed a moment before it is clicked.
            #expect(gtk_widget_activate(bar.closeButton) != 0)
            await GTKHarness.pump(until: { !screen.isSearching })
            #expect(screen.presenter.search == nil)
        }

        @Test("↓ goes to a result not loaded: history loads around it and the match is marked in the bubble; Escape closes")
        func goesAndCloses() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            screen.openSearch()
            screen.searchBar.type("budget")
            await screen.searchBar.settled()
            for _ in 0..<6 { screen.searchBar.move(by: 1) }
            await screen.searchBar.settled()
            screen.messages.relayout()
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(screen.presenter.search?.current == 5)
            #expect(screen.messages.conversation.message("m1127") != nil)
            let view = try #require(screen.messages.visibleRowViews.first { $0.id == .message("m1127") })
            #expect(view.searchMarks == [12..<18])
            #expect(GTKHarness.text(screen.searchBar.status) == "6 of 10")
            await GTKHarness.pump(for: .milliseconds(400))
            try GTKHarness.screenshot(screen.root, to: Screenshots.directory + "/search-went-light.png")

            screen.closeSearch()
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(!screen.isSearching && screen.presenter.search == nil)
            #expect(view.searchMarks.isEmpty)
        }

        @Test("in a Markdown message the match is marked in the drawn text, and the formatting stays (#13)")
        func marksFormattedText() async throws {
            try GTKHarness.start()
            let conversation = Conversation(me: ChatFixtures.me)
            conversation.append(.markdown("**Send** me the _budget_ draft"), from: ChatFixtures.alice)
            conversation.append(.text("later"), from: ChatFixtures.bob)
            let screen = ChatScreen(conversation: conversation, style: .light)
            screen.presenter.searcher = ConversationSearch(conversation)
            let window = try GTKHarness.window(screen.root, width: 480, height: 640)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.openSearch()
            screen.searchBar.type("budget")
            await screen.searchBar.settled()
            screen.searchBar.move(by: 1)
            await screen.searchBar.settled()
            screen.messages.relayout()
            await GTKHarness.pump(for: .milliseconds(100))
            let view = try #require(screen.messages.visibleRowViews.first { row in
                if case .message(let message)? = row.row { return message.sender == ChatFixtures.alice } else { return false }
            })
            // Drawn "Send me the budget draft": "budget" is bytes 12..<18 of what is shown.
            #expect(view.searchMarks == [12..<18])
            let body = try #require(GTKHarness.shown(view.frame.widget, class: "body").first)
            #expect(GTKHarness.text(body) == "Send me the budget draft")
            let markup = String(cString: gtk_label_get_label(body.ptr()))
            #expect(markup.contains("weight=\"bold\">Send<") && markup.contains("style=\"italic\">budget<"), "\(markup)")
        }
    }
}
