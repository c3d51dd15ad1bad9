import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("MessengerView")
    @MainActor
    struct MessengerViewTests {
        /// A view in a window, laid out.
        func show(_ conversation: Conversation, style: ChatStyle = .light, height: Int32 = 600) async throws
            -> (MessengerView, WidgetPointer)
        {
            try GTKHarness.start()
            let view = MessengerView(conversation: conversation, style: style)
            view.opensLinks = false
            let window = try GTKHarness.window(view.root, width: 420, height: height)
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty || conversation.count == 0 })
            return (view, window)
        }

        /// The texts of the body labels on screen, top to bottom.
        func shownTexts(_ view: MessengerView) -> [String] {
            view.visibleRowViews.flatMap { row in
                GTKHarness.shown(row.frame.widget, class: "body").map(GTKHarness.text)
            }
        }

        /// Where row `id` is drawn now (list coordinates), if it is.
        func top(of id: MessageID, in view: MessengerView) -> Double? {
            guard let row = view.visibleRowViews.first(where: { $0.id == .message(id) }) else { return nil }
            var point = graphene_point_t(x: 0, y: 0)
            var out = graphene_point_t()
            guard gtk_widget_compute_point(row.frame.widget, view.list.widget, &point, &out) != 0 else { return nil }
            return Double(out.y)
        }

        @Test("shows the newest messages at the bottom, as labels with the message text (#4)")
        func showsNewest() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(40))
            defer { GTKHarness.close(window) }
            let texts = shownTexts(view)
            #expect(texts.last == "Message 39")
            #expect(texts.contains("Message 35"))
            #expect(!texts.contains("Message 0"))
            #expect(view.presenter.viewport.isPinnedToBottom)
            let list = GTKHarness.size(view.list.widget)
            let last = try #require(top(of: "message-39", in: view))
            #expect(last > Double(list.height) - 120 && last < Double(list.height))
        }

        @Test("rows are laid out once, at the width the list is given, not at a guess before it (#15)")
        func noLayoutBeforeAllocation() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(20)
            let view = MessengerView(conversation: conversation, style: .light)
            let late = (0..<5).map { index in
                Message(
                    id: MessageID("late-\(index)"), sender: ChatFixtures.alice,
                    date: ChatFixtures.start.addingTimeInterval(Double(100 + index) * 60), content: .text("Late \(index)"))
            }
            try conversation.append(contentsOf: late, animated: false)
            await GTKHarness.pump(for: .milliseconds(100))
            // The change has been heard (it comes through a task), but nothing is laid out.
            #expect(view.presenter.layoutEngine.cachedCount == 0)
            let window = try GTKHarness.window(view.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty })
            await GTKHarness.pumpUntilPlaced(view)
            let texts = view.visibleRowViews.flatMap { row in GTKHarness.shown(row.frame.widget, class: "body").map(GTKHarness.text) }
            #expect(texts.last == "Late 4")
            #expect(view.presenter.viewport.isPinnedToBottom)
            let width = GTKHarness.size(view.list.widget).width
            // Every layout in the cache is one of the rows shown or near, at the list's width.
            #expect(view.presenter.layoutEngine.cachedCount <= view.presenter.frame().rowCount)
            for row in view.presenter.frame().rows {
                #expect((row.layout.bubble?.maxX ?? 0) <= Double(width) + 0.5)
            }
        }

        @Test("a million messages make only the visible rows into widgets (#4)")
        func virtualised() async throws {
            let conversation = Conversation(me: ChatFixtures.me)
            try conversation.append(contentsOf: ChatFixtures.messages(1_000_000), animated: false)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            let rowWidgets = GTKHarness.descendants(view.list.widget).filter {
                String(cString: gtk_widget_get_css_name($0)) == "message"
            }
            #expect(rowWidgets.count < 40, "\(rowWidgets.count) row widgets for 1M messages")
            #expect(shownTexts(view).last == "Message 999999")
            // Scrolling far up and back recycles rather than creating rows.
            for _ in 0..<30 { view.scroll(by: -500) }
            await GTKHarness.pumpUntilPlaced(view)
            view.scrollToBottom(animated: false)
            await GTKHarness.pumpUntilPlaced(view)
            let after = GTKHarness.descendants(view.list.widget).filter {
                String(cString: gtk_widget_get_css_name($0)) == "message"
            }
            #expect(after.count <= MessengerView.poolLimit + 40)
        }

        @Test("a row that scrolls back in takes the view that showed it, its text still laid out (#15)")
        func rowsComeBackToTheirViews() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(200))
            defer { GTKHarness.close(window) }
            await GTKHarness.pumpUntilPlaced(view)
            /// Each row on screen: its view, and the layout its body label draws.
            func shown() -> [RowID: (view: RowView, layout: OpaquePointer?)] {
                Dictionary(uniqueKeysWithValues: view.visibleRowViews.compactMap { row in
                    guard let id = row.id, let body = GTKHarness.shown(row.frame.widget, class: "body").first else { return nil }
                    return (id, (row, gtk_label_get_layout(OpaquePointer(body))))
                })
            }
            let before = shown()
            #expect(before.count > 4)
            let views = view.rowViewCount

            // A page up and back down: every row comes back to its view, its text not set
            // again (setting a label's text makes it a new layout, laid out anew).
            view.scroll(by: -600)
            await GTKHarness.pumpUntilPlaced(view)
            let away = shown()
            let left = Set(before.keys).subtracting(away.keys)
            #expect(left.count > 4, "a page up takes rows off the screen (with its overscan)")
            view.scroll(by: 600)
            await GTKHarness.pumpUntilPlaced(view)
            let back = shown()
            #expect(Set(back.keys) == Set(before.keys))
            for id in left {
                #expect(back[id]?.view === before[id]?.view, "\(id) came back to another view")
                #expect(back[id]?.layout == before[id]?.layout, "\(id)'s text was laid out again")
            }
            #expect(shownTexts(view).last == "Message 199")

            // A wheel's worth up and back: the row at the bottom comes back to its view too.
            let bottom = try #require(view.visibleRowViews.last)
            let bottomID = try #require(bottom.id)
            view.scroll(by: -120)
            await GTKHarness.pumpUntilPlaced(view)
            view.scroll(by: 120)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(view.visibleRowViews.last === bottom && bottom.id == bottomID)

            // Views are kept for a screen's worth of rows that left, not more: paging far
            // up makes no more of them than twice the rows on screen.
            var most = view.lastFrame?.rows.count ?? 0
            for _ in 0..<12 {
                view.scroll(by: -600)
                await GTKHarness.pumpUntilPlaced(view)
                most = max(most, view.lastFrame?.rows.count ?? 0)
            }
            #expect(view.rowViewCount > views, "the rows that left keep their views")
            #expect(view.rowViewCount <= 2 * most)
            #expect(view.rowViewCount == GTKHarness.descendants(view.list.widget).filter {
                String(cString: gtk_widget_get_css_name($0)) == "message"
            }.count)
        }

        @Test("rows keep the reading order among the list's children, and move among them only when it needs (#15)")
        func readingOrderWithoutMoves() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(200))
            defer { GTKHarness.close(window) }
            await GTKHarness.pumpUntilPlaced(view)
            /// The list's row views, in the order of its children.
            func children() -> [WidgetPointer] {
                GTKHarness.children(view.list.widget).filter { String(cString: gtk_widget_get_css_name($0)) == "message" }
            }
            /// The rows on screen, as the children order them, against the rows top to bottom.
            func readingOrderHolds() -> Bool {
                children().filter { $0.isChildVisible } == view.visibleRowViews.map { $0.frame.widget }
            }
            func step(_ distance: Double) async {
                view.scroll(by: distance)
                await GTKHarness.pumpUntilPlaced(view)
            }
            // A wheel turned up over some rows and back, so that they have views to come back to.
            for _ in 0..<8 { await step(-56) }
            for _ in 0..<8 { await step(56) }
            #expect(readingOrderHolds())

            // Turned back and forth over that ground: rows go to the pool and come back to their
            // views, and no view moves among its siblings (a move queues a resize up to the window).
            let views = view.rowViewCount
            let order = children()
            for distance in [-56.0, 56, -56, 56, -112, 112] {
                await step(distance)
                #expect(readingOrderHolds(), "after a step of \(distance)")
                #expect(children() == order, "a step of \(distance) moved a view among its siblings")
            }
            #expect(view.rowViewCount == views)

            // Far away and back: rows move wherever the reading order needs them, and it holds.
            for _ in 0..<4 { await step(-700) }
            #expect(readingOrderHolds())
            view.scrollToBottom(animated: false)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(readingOrderHolds())
            #expect(shownTexts(view).last == "Message 199")
        }

        @Test("the reading order check skips views out of the order and finds a view out of place")
        func followsSkipsPooledViews() throws {
            try GTKHarness.start()
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            _ = g_object_ref_sink(UnsafeMutableRawPointer(box))
            defer { g_object_unref(UnsafeMutableRawPointer(box)) }
            let widgets = (0..<5).map { _ in gtk_label_new(nil)! }
            for widget in widgets { gtk_box_append(box.cast(to: GtkBox.self), widget) }
            // widgets[1] stands for a view waiting in the pool, between a and b.
            let (a, b, c, later) = (widgets[0], widgets[2], widgets[3], widgets[4])
            // The order a, b, c with the pooled view between a and b: in order.
            #expect(MessengerView.follows(a, nil, among: [a, b, c]))
            #expect(MessengerView.follows(b, a, among: [a, b, c]))
            #expect(MessengerView.follows(c, b, among: [a, b, c]))
            // c right after a, with b (in the order) between them: out of place.
            #expect(!MessengerView.follows(c, a, among: [a, b, c]))
            // A first row with a view of the order before it: out of place.
            #expect(!MessengerView.follows(b, nil, among: [a, b]))
            // A row whose previous row comes after it: out of place.
            #expect(!MessengerView.follows(c, later, among: [c, later]))
        }

        @Test("new messages keep a view at the bottom there, and animate in (#4)")
        func sticksToBottom() async throws {
            let conversation = ChatFixtures.conversation(30)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            conversation.append(.text("Fresh news"), from: ChatFixtures.bob)
            await GTKHarness.pump(until: { shownTexts(view).last == "Fresh news" })
            #expect(view.presenter.viewport.isPinnedToBottom)
            #expect(view.animator.isAnimating || view.presenter.viewport.isAtBottom)
            await GTKHarness.pump(until: { !view.animator.isAnimating })
            let list = GTKHarness.size(view.list.widget)
            let fresh = view.visibleRowViews.last!
            var point = graphene_point_t(x: 0, y: Float(fresh.layout.height))
            var out = graphene_point_t()
            _ = gtk_widget_compute_point(fresh.frame.widget, view.list.widget, &point, &out)
            #expect(abs(Double(out.y) - (Double(list.height) - view.style.metrics.footerHeight)) < 2)
            #expect(!view.newMessagesButton.isShown)
        }

        @Test("scrolled up, arrivals move nothing and count on the new-messages button (#4)")
        func unreadButton() async throws {
            let conversation = ChatFixtures.conversation(60)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            view.scroll(by: -800)
            await GTKHarness.pumpUntilPlaced(view)
            let anchor = try #require(view.visibleRowViews.dropFirst(2).first?.id)
            guard case .message(let id) = anchor else { return }
            let before = try #require(top(of: id, in: view))
            conversation.append(.text("Are you there?"), from: ChatFixtures.alice)
            conversation.append(.text("Hello?"), from: ChatFixtures.alice)
            await GTKHarness.pump(until: { view.newMessagesButton.isShown && GTKHarness.buttonLabel(view.newMessagesButton).contains("2") })
            #expect(GTKHarness.buttonLabel(view.newMessagesButton) == "↓ 2 new messages")
            #expect(top(of: id, in: view) == before)
            gtk_widget_activate(view.newMessagesButton)
            await GTKHarness.pump(until: { shownTexts(view).last == "Hello?" && !view.animator.isAnimating })
            #expect(view.presenter.viewport.isPinnedToBottom)
            #expect(!view.newMessagesButton.isShown)
        }

        @Test("a prepended history page keeps the visible message in place (#4)")
        func prependKeepsPlace() async throws {
            let conversation = Conversation(me: ChatFixtures.me)
            let all = ChatFixtures.messages(200)
            try conversation.append(contentsOf: Array(all[100...]), animated: false)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            view.scroll(by: -600)
            await GTKHarness.pumpUntilPlaced(view)
            guard case .message(let id) = try #require(view.visibleRowViews.dropFirst(1).first?.id) else { return }
            let before = try #require(top(of: id, in: view))
            _ = conversation.prependHistory(Array(all[..<100]))
            await GTKHarness.pump(until: { conversation.count == 200 })
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(top(of: id, in: view) == before)
        }

        @Test("rows carry side, group position and theme as CSS classes (#4)")
        func cssClasses() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(6), style: .iMessage)
            defer { GTKHarness.close(window) }
            let rows = view.visibleRowViews
            let names: [String] = ["incoming", "outgoing", "first", "middle", "last", "single"]
            let classes = rows.map { row in names.filter { gtk_widget_has_css_class(row.frame.widget, $0) != 0 } }
            // Alice 0-2, me 3-5.
            #expect(classes.suffix(6) == [["incoming", "first"], ["incoming", "middle"], ["incoming", "last"], ["outgoing", "first"], ["outgoing", "middle"], ["outgoing", "last"]])
            #expect(gtk_widget_has_css_class(view.root, "parley-theme-imessage") != 0)
            let bubbles = GTKHarness.descendants(view.list.widget).filter { String(cString: gtk_widget_get_css_name($0)) == "bubble" && gtk_widget_get_mapped($0) != 0 }
            #expect(bubbles.count >= 6)
        }

        @Test("recycled row views carry exactly their new row's state classes")
        func recycledClasses() async throws {
            // Two senders in runs of 1 to 4, so that views change side and group position
            // as they are recycled.
            let conversation = ChatFixtures.conversation(0)
            let messages = ChatFixtures.messages(240).enumerated().map { index, message in
                var message = message
                if index % 7 == 0 { message.sender = message.sender == ChatFixtures.me ? ChatFixtures.alice : ChatFixtures.me }
                return message
            }
            try conversation.append(contentsOf: messages, animated: false)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            let names = ["history", "newer", "typing", "incoming", "outgoing", "notice", "single", "first", "middle", "last"]
            for step in [-1500.0, -1500, 900, -700, 2000, -3000] {
                view.scroll(by: step)
                await GTKHarness.pumpUntilPlaced(view)
                for row in view.visibleRowViews {
                    guard case .message(let message)? = row.row, let context = row.context else { continue }
                    var expected: Set<String> = [context.side == .incoming ? "incoming" : "outgoing"]
                    switch context.position {
                    case .single: expected.insert("single")
                    case .first: expected.insert("first")
                    case .middle: expected.insert("middle")
                    case .last: expected.insert("last")
                    }
                    if case .notice = message.content { expected.insert("notice") }
                    let present = Set(names.filter { gtk_widget_has_css_class(row.frame.widget, $0) != 0 })
                    #expect(present == expected)
                }
            }
        }

        @Test("removing a message fades its row out, then it is gone (#4)")
        func removal() async throws {
            let conversation = ChatFixtures.conversation(10)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            _ = try conversation.remove("message-8", animated: true)
            await GTKHarness.pump(until: { !view.animator.ghosts.isEmpty || !shownTexts(view).contains("Message 8") })
            await GTKHarness.pump(until: { view.animator.ghosts.isEmpty && !view.animator.isAnimating })
            #expect(!shownTexts(view).contains("Message 8"))
            #expect(shownTexts(view).suffix(2) == ["Message 7", "Message 9"])
        }

        @Test("each message has an accessible label; the list is a log (#4)")
        func accessibility() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(3))
            defer { GTKHarness.close(window) }
            #expect(gtk_accessible_get_accessible_role(OpaquePointer(view.list.widget)) == GTK_ACCESSIBLE_ROLE_LOG)
            let row = try #require(view.visibleRowViews.last)
            let label = ChatPresenter.accessibleLabel(for: row.row!, context: row.context, style: view.style)
            #expect(label.hasPrefix("Alice, "))
            #expect(label.hasSuffix(": Message 2"))
        }

        @Test("links in text are links; activating one sends the event (#4)")
        func links() async throws {
            let conversation = ChatFixtures.conversation(2)
            let id = conversation.append(.text("See https://example.org/menu today"), from: ChatFixtures.alice)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            var received: [MessengerEvent] = []
            view.events.onEvent { received.append($0) }
            let body = try #require(view.visibleRowViews.last.flatMap { GTKHarness.shown($0.frame.widget, class: "body").first })
            #expect(String(cString: gtk_label_get_label(body.ptr())).contains("<a href=\"https://example.org/menu\">"))
            #expect(view.activateLink("https://example.org/menu", in: id))
            guard case .tapLink(let message, let detection) = try #require(received.first) else {
                Issue.record("expected a link tap")
                return
            }
            #expect(message == id)
            #expect(detection.target?.absoluteString == "https://example.org/menu")
        }

        @Test("the context menu reacts, replies, copies and deletes (my messages only) (#4, #12)")
        func contextMenu() async throws {
            let conversation = ChatFixtures.conversation(5)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            var performed: [MessageID] = []
            var events: [MessengerEvent] = []
            view.events.onEvent { events.append($0) }
            view.menuActions = [MessageAction(title: "Forward") { performed.append($0) }]
            view.menu.open(for: "message-4", x: 100, y: 100)
            await GTKHarness.pump(until: { view.menu.isOpen })
            #expect(view.menu.offersDelete)
            view.menu.activate("copy")
            let clipboard = gtk_widget_get_clipboard(view.list.widget)
            #expect(gdk_clipboard_is_local(clipboard) != 0)
            view.menu.activate("app-0")
            #expect(performed == ["message-4"])
            view.menu.activate("react-0")
            #expect(conversation.message("message-4")?.reactions == [Reaction("👍", by: ["me"])])
            view.menu.activate("reply")
            view.menu.activate("delete")
            // Deleting leaves the row, saying so, and offers to undo it before it is final.
            await GTKHarness.pump(until: { conversation.message("message-4")?.isDeleted == true })
            await GTKHarness.pump(until: { view.undoBar.isShown })
            #expect(events == [.reactionChanged("message-4", key: "👍", isOn: true), .replyRequested("message-4")])
            gtk_widget_activate(view.undoButton)
            await GTKHarness.pump(until: { conversation.message("message-4")?.isDeleted == false })
            #expect(conversation.message("message-4")?.reactions == [Reaction("👍", by: ["me"])], "put back as it was")
            await GTKHarness.pump(until: { !view.undoBar.isShown })
            #expect(!events.contains(.deleted("message-4")))
            // Alice's messages are not mine to delete.
            view.menu.open(for: "message-0", x: 100, y: 100)
            #expect(!view.menu.offersDelete)
        }

        @Test("keys scroll: Page Up moves up, End returns to the bottom (#4)")
        func keyboard() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(80))
            defer { GTKHarness.close(window) }
            #expect(view.handleKey(UInt32(GDK_KEY_Page_Up), state: GdkModifierType(rawValue: 0)))
            // The step is taken at once; the rows follow at the next frame.
            await GTKHarness.pump(until: { !view.scrolling.isMoving && view.frameTick == nil })
            #expect(!view.presenter.viewport.isPinnedToBottom)
            #expect(!shownTexts(view).contains("Message 79"))
            #expect(view.handleKey(UInt32(GDK_KEY_End), state: GdkModifierType(rawValue: 0)))
            await GTKHarness.pump(for: .milliseconds(20))
            #expect(view.presenter.viewport.isPinnedToBottom)
            #expect(!view.handleKey(UInt32(GDK_KEY_a), state: GdkModifierType(rawValue: 0)))
        }

        @Test("the view and its widgets are released when the window goes away (#4)")
        func released() async throws {
            weak var weakView: MessengerView?
            do {
                let (view, window) = try await show(ChatFixtures.conversation(20))
                weakView = view
                GTKHarness.close(window)
            }
            await GTKHarness.pump(until: { weakView == nil }, timeout: .seconds(5))
        }
    
        @Test("clicking an avatar sends its event; the history row loads earlier messages (#4)")
        func tapsAndHistory() async throws {
            let conversation = Conversation(me: ChatFixtures.me)
            let all = ChatFixtures.messages(120)
            try conversation.append(contentsOf: Array(all[100...]), animated: false)
            let source = ArrayHistorySource(Array(all[..<100]))
            let pager = HistoryPager(conversation: conversation, source: source, pageSize: 30, mode: .manual)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            var events: [MessengerEvent] = []
            view.events.onEvent { events.append($0) }
            view.pager = pager
            // An avatar: the core says where it is; a click there is a tap on it.
            let row = try #require(view.visibleRowViews.last { $0.layout.avatar != nil })
            let avatar = try #require(row.layout.avatar)
            let y = try #require(view.lastPlaced[row.id!])
            view.tap(at: Point(x: avatar.minX + avatar.width / 2, y: y + avatar.minY + avatar.height / 2))
            guard case .tapAvatar(let sender, _) = try #require(events.last) else {
                Issue.record("expected an avatar tap, got \(events)")
                return
            }
            #expect(sender.id == ChatFixtures.alice.id || sender.id == ChatFixtures.me.id)
            // At the top, the manual pager's row offers earlier messages; its button loads them.
            view.presenter.viewport.scrollToTop()
            view.relayout()
            await GTKHarness.pump(until: { GTKHarness.shown(view.list.widget, class: "load-earlier").count == 1 })
            let button = try #require(GTKHarness.shown(view.list.widget, class: "load-earlier").first)
            #expect(GTKHarness.buttonLabel(button) == "Load earlier messages")
            gtk_widget_activate(button)
            await GTKHarness.pump(until: { conversation.count == 50 })
            #expect(events.contains { if case .tapLoadEarlier = $0 { return true } else { return false } })
        }

        @Test("changes that are not animated move nothing over time (#4)")
        func unanimated() async throws {
            let conversation = ChatFixtures.conversation(20)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            conversation.append(.text("quietly"), from: ChatFixtures.bob, animated: false)
            await GTKHarness.pump(until: { shownTexts(view).last == "quietly" })
            #expect(!view.animator.isAnimating)
            _ = try conversation.remove("message-19", animated: false)
            await GTKHarness.pump(until: { !shownTexts(view).contains("Message 19") })
            #expect(view.animator.ghosts.isEmpty && !view.animator.isAnimating)
        }

        @Test("a nine-patch bubble is a CSS border image on its own node (#4)")
        func ninePatch() async throws {
            try GTKHarness.start()
            let path = Showcase.picturePath()
            var style = ChatStyle.light
            style.bubbles.primary = .ninePatch(NinePatch(image: .file(path: path), capInsets: EdgeInsets(top: 14, left: 14, bottom: 14, right: 14)))
            style.bubbles.secondary = style.bubbles.primary
            let sheet = StyleSheet(style: style)
            #expect(sheet.css.contains("border-image: url(\"\(URL(fileURLWithPath: path).absoluteString)\") 14 14 14 14 stretch"))
            #expect(URL(fileURLWithPath: path).absoluteString.hasPrefix("file:///"))
            let (view, window) = try await show(ChatFixtures.conversation(6), style: style)
            defer { GTKHarness.close(window) }
            let images = GTKHarness.descendants(view.list.widget).filter {
                String(cString: gtk_widget_get_css_name($0)) == "bubble-image" && gtk_widget_get_mapped($0) != 0
            }
            #expect(images.count >= 6)
            await GTKHarness.pump(for: .milliseconds(200))
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/nine-patch.png")
        }

        @Test("arrivals, scrolling and resizing in the same frames never leave the list undrawn (#4)")
        func layoutStaysCurrent() async throws {
            let conversation = ChatFixtures.conversation(60)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            for round in 0..<12 {
                conversation.append(.text("arrival \(round)"), from: round % 2 == 0 ? ChatFixtures.alice : ChatFixtures.me)
                gtk_window_set_default_size(window.cast(to: GtkWindow.self), 420 + Int32(round % 3) * 40, 600 - Int32(round % 2) * 60)
                view.scroll(by: round % 2 == 0 ? -120 : 60, animated: round % 3 == 0)
                await GTKHarness.pump(for: .milliseconds(40))
            }
            await GTKHarness.pump(until: { !view.animator.isAnimating && !view.scrolling.isMoving })
            // Drawn: a screenshot of the view is not empty, and no "without a current
            // allocation" warnings (the harness fails the test on any GTK warning).
            view.scroll(by: -300)
            await GTKHarness.pump(until: { view.newMessagesButton.isShown })
            conversation.append(.text("one more"), from: ChatFixtures.alice)
            await GTKHarness.pump(for: .milliseconds(300))
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/new-messages.png")
        }

        @Test("a touchpad fling keeps scrolling, slows down and stops (#4)")
        func fling() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(300))
            defer { GTKHarness.close(window) }
            view.fling(velocity: -3000)
            await GTKHarness.pump(until: { !view.scrolling.isMoving }, timeout: .seconds(10))
            #expect(!view.presenter.viewport.isPinnedToBottom)
            // Without friction 3000 px/s would never stop; with it the distance is finite and
            // about velocity × friction time (≈ 1000 px here).
            #expect(!shownTexts(view).contains("Message 299"))
            #expect(shownTexts(view).contains { $0 > "Message 2" })
            var motion = ScrollMotion()
            motion.velocity = 3000
            var travelled = 0.0
            var time = 0.0
            while motion.isMoving, time < 10 {
                time += 1.0 / 60
                travelled += motion.step(at: time)
            }
            #expect(time < 3 && travelled > 800 && travelled < 1200, "stopped after \(time) s, \(travelled) px")
        }

        @Test("a fling goes on when a highlight or a notice ends; a jump of the presenter's stops it")
        func flingThroughTimers() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(300))
            defer { GTKHarness.close(window) }
            view.fling(velocity: -3000)
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(view.scrolling.isMoving)
            // What a timer's end does: the presenter asks for a frame, the view did not move.
            view.presenter.onNeedsDisplay?()
            #expect(view.scrolling.isMoving, "the glide goes on")
            // A move of the presenter's own (a jump finishing, say): the glide stops.
            view.presenter.scrollToTop()
            view.presenter.onNeedsDisplay?()
            #expect(!view.scrolling.isMoving)
        }

        @Test("a wheel step glides its whole distance in a few frames, and a step during a glide adds to it (#15)")
        func glide() {
            var motion = ScrollMotion()
            motion.pending = -56
            var moved: [Double] = []
            var time = 0.0
            while motion.isMoving, time < 1 {
                time += 1.0 / 60
                moved.append(motion.step(at: time))
            }
            // Every frame moves (no frame of a pixel or less at the end), and the sum is the step.
            #expect(moved.count <= 5, "\(moved)")
            #expect(moved.allSatisfy { $0 < -1 }, "\(moved)")
            #expect(abs(moved.reduce(0, +) + 56) < 0.001)
            // Two clicks, the second in the middle of the first's glide: both distances, once.
            motion = ScrollMotion()
            motion.pending = -56
            var travelled = motion.step(at: 10) + motion.step(at: 10 + 1.0 / 60)
            motion.pending -= 56
            time = 10 + 1.0 / 60
            while motion.isMoving, time < 11 {
                time += 1.0 / 60
                travelled += motion.step(at: time)
            }
            #expect(abs(travelled + 112) < 0.001 && time < 10.2)
        }

        @Test("dragging the scroll bar jumps to that part of the conversation (#4)")
        func scrollbarDrag() async throws {
            let (view, window) = try await show(ChatFixtures.conversation(1000))
            defer { GTKHarness.close(window) }
            // The bar shows where the view is: at the bottom, a short thumb at the end.
            await GTKHarness.pump(until: { gtk_adjustment_get_page_size(view.adjustment) < 0.1 })
            let length = gtk_adjustment_get_page_size(view.adjustment)
            #expect(abs(gtk_adjustment_get_value(view.adjustment) + length - 1) < 0.01)
            gtk_adjustment_set_value(view.adjustment, 0.5)
            await GTKHarness.pump(for: .milliseconds(100))
            let texts = shownTexts(view)
            let numbers = texts.compactMap { Int($0.dropFirst("Message ".count)) }
            #expect(numbers.contains { (480...520).contains($0) }, "\(texts)")
            #expect(!view.presenter.viewport.isPinnedToBottom)
        }

        @Test("an empty conversation says so until the first message (#4)")
        func emptyState() async throws {
            let conversation = Conversation(me: ChatFixtures.me)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.emptyLabel.isShown })
            #expect(GTKHarness.text(view.emptyLabel) == "No messages yet")
            conversation.append(.text("first!"), from: ChatFixtures.alice)
            await GTKHarness.pump(until: { !view.emptyLabel.isShown && shownTexts(view) == ["first!"] })
        }
}
}