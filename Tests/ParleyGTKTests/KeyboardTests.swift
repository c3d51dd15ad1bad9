import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("The keyboard in a chat screen")
    @MainActor
    struct KeyboardTests {
        let none = GdkModifierType(rawValue: 0)

        /// A screen of `count` messages in a window, laid out, the composer focused.
        func show(_ count: Int = 80) async throws -> (ChatScreen, WidgetPointer) {
            try GTKHarness.start()
            let screen = ChatScreen(conversation: ChatFixtures.conversation(count), style: .light)
            screen.messages.opensLinks = false
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.inputBarView.focus()
            await GTKHarness.pump(for: .milliseconds(50))
            return (screen, window)
        }

        func focusWidget(_ window: WidgetPointer) -> WidgetPointer? {
            gtk_root_get_focus(OpaquePointer(window))
        }

        /// The rows of `view` drawn with the focus ring.
        func ringed(_ view: MessengerView) -> [RowID] {
            view.visibleRowViews.filter { gtk_widget_has_css_class($0.frame.widget, "focus-ring") != 0 }.compactMap(\.id)
        }

        @Test("from the composer, Page Up scrolls the list and Ctrl+End returns; Home alone stays the text's (#14)")
        func scrollFromComposer() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            let bar = screen.inputBarView
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Page_Up), state: none))
            await GTKHarness.pump(until: { !screen.messages.scrolling.isMoving })
            #expect(!screen.presenter.viewport.isPinnedToBottom)
            #expect(!bar.handleKey(keyval: UInt32(GDK_KEY_Home), state: none), "Home moves the cursor in the text")
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_End), state: GDK_CONTROL_MASK))
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(screen.presenter.viewport.isPinnedToBottom)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Home), state: GDK_CONTROL_MASK))
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(!screen.presenter.viewport.isPinnedToBottom)
            #expect(focusWidget(window) == bar.textView, "the composer keeps the keyboard")
        }

        @Test("Tab stops on the list, not in a bubble's text; ↑/↓ move a focused message with a ring (#14)")
        func focusedMessage() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            let list = screen.messages.list.widget
            #expect(gtk_widget_child_focus(list, GTK_DIR_TAB_FORWARD) != 0)
            #expect(focusWidget(window) == list, "the list itself takes the focus")
            #expect(gtk_widget_child_focus(list, GTK_DIR_TAB_FORWARD) == 0, "the next Tab leaves it")
            #expect(focusWidget(window) == list)
            await GTKHarness.pump(for: .milliseconds(50))
            // Taking the focus selected the newest message, drawn with the ring.
            #expect(screen.presenter.selection == "message-79")
            #expect(ringed(screen.messages) == [.message("message-79")])
            #expect(screen.messages.handleKey(UInt32(GDK_KEY_Up), state: none))
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(screen.presenter.selection == "message-78")
            #expect(ringed(screen.messages) == [.message("message-78")])
            // Focus elsewhere: the selection stays, the ring goes.
            screen.inputBarView.focus()
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(ringed(screen.messages).isEmpty)
            #expect(screen.messages.visibleRowViews.first { $0.id == .message("message-78") }?.isSelected == true)
        }

        @Test("a click puts the focus ring on the message clicked, anywhere in its row, and nothing scrolls")
        func clickSelects() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            let view = screen.messages
            let messages = screen.presenter.viewport.visibleRows().filter { $0.row.message != nil }
            let first = try #require(messages.first), last = try #require(messages.last)
            #expect(first.row.id != last.row.id)
            // The oldest message on screen, in its row's empty part at the far side.
            let y = max(first.y, 0) + 1
            try #require(y < first.y + first.layout.height)
            view.tap(at: Point(x: Double(gtk_widget_get_width(view.list.widget)) - 2, y: y))
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(focusWidget(window) == view.list.widget)
            #expect(screen.presenter.selection.map { RowID.message($0) } == first.row.id, "not the newest on screen")
            #expect(ringed(view) == [first.row.id])
            let after = screen.presenter.viewport.visibleRows()
            #expect(after.first { $0.row.id == first.row.id }?.y == first.y, "the message stays under the pointer")
            // A click on another message moves the ring there.
            view.tap(at: Point(x: 2, y: last.y + last.layout.height / 2))
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(screen.presenter.selection.map { RowID.message($0) } == last.row.id)
            #expect(ringed(view) == [last.row.id])
        }

        @Test("a click beside the messages takes the keyboard and rings none; ↑ then starts from the newest")
        func clickBesideMessages() async throws {
            let (screen, window) = try await show(3)
            defer { GTKHarness.close(window) }
            let view = screen.messages
            // Three messages sit at the bottom; above them is empty list.
            let top = try #require(screen.presenter.viewport.visibleRows().first?.y)
            try #require(top > 10)
            view.tap(at: Point(x: 20, y: top / 2))
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(focusWidget(window) == view.list.widget)
            #expect(screen.presenter.selection == nil)
            #expect(screen.presenter.viewport.visibleRows().first?.y == top)
            #expect(view.handleKey(UInt32(GDK_KEY_Up), state: none))
            #expect(screen.presenter.selection == "message-2")
        }

        @Test("Shift+F10 and the Menu key open Parley's menu on the focused message; Escape gives the composer back (#14)")
        func menuByKeyboard() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            let view = screen.messages
            gtk_widget_grab_focus(view.list.widget)
            await GTKHarness.pump(for: .milliseconds(50))
            #expect(view.handleKey(UInt32(GDK_KEY_Up), state: none))
            #expect(view.handleKey(UInt32(GDK_KEY_F10), state: GDK_SHIFT_MASK))
            await GTKHarness.pump(until: { view.menu.isOpen })
            #expect(view.menu.target == "message-78")
            view.menu.close()
            await GTKHarness.pump(until: { !view.menu.isOpen })
            #expect(focusWidget(window) == view.list.widget, "the keyboard goes back where it was")
            #expect(view.handleKey(UInt32(GDK_KEY_Menu), state: none))
            await GTKHarness.pump(until: { view.menu.isOpen })
            view.menu.close()
            await GTKHarness.pump(until: { !view.menu.isOpen })
            // Escape in the list: back to the composer.
            #expect(view.handleKey(UInt32(GDK_KEY_Escape), state: none))
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(focusWidget(window) == screen.inputBarView.textView)
            #expect(screen.presenter.selection == nil)
        }

        @Test("closing the menu opened from the composer returns the keyboard to it: Enter still sends (#14)")
        func menuReturnsFocus() async throws {
            let (screen, window) = try await show(10)
            defer { GTKHarness.close(window) }
            var sent: [String] = []
            screen.inputBar.onSend { sent.append($0) }
            #expect(focusWidget(window) == screen.inputBarView.textView)
            screen.messages.openMenu(for: "message-9")
            await GTKHarness.pump(until: { screen.messages.menu.isOpen })
            screen.messages.menu.close()
            await GTKHarness.pump(until: { !screen.messages.menu.isOpen })
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(focusWidget(window) == screen.inputBarView.textView)
            screen.inputBar.text = "after the menu"
            #expect(screen.inputBarView.handleKey(keyval: UInt32(GDK_KEY_Return), state: none))
            await GTKHarness.pump(until: { sent == ["after the menu"] })
        }

        @Test("a printable key typed in the list goes to the composer with the focus; buttons never take it (#14)")
        func typeAhead() async throws {
            let (screen, window) = try await show(10)
            defer { GTKHarness.close(window) }
            gtk_widget_grab_focus(screen.messages.list.widget)
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(screen.messages.handleKey(UInt32(GDK_KEY_h), state: none))
            #expect(screen.messages.handleKey(UInt32(GDK_KEY_i), state: none))
            await GTKHarness.pump(for: .milliseconds(30))
            #expect(screen.inputBar.text == "hi")
            #expect(focusWidget(window) == screen.inputBarView.textView)
            #expect(!screen.messages.handleKey(UInt32(GDK_KEY_h), state: GDK_CONTROL_MASK), "shortcuts are not text")
            #expect(gtk_widget_get_focus_on_click(screen.messages.newMessagesButton) == 0)
            #expect(gtk_widget_get_focus_on_click(screen.messages.undoButton) == 0)
        }

        @Test("sending while scrolled up, with a scroll still gliding, returns to the newest message (#14)")
        func sendReturnsToPresent() async throws {
            let (screen, window) = try await show()
            defer { GTKHarness.close(window) }
            screen.inputBar.onSend { text in screen.messages.conversation.append(.text(text)) }
            screen.messages.smoothScrolling = true
            #expect(screen.inputBarView.handleKey(keyval: UInt32(GDK_KEY_Page_Up), state: none))
            await GTKHarness.pump(for: .milliseconds(40))
            #expect(screen.inputBarView.handleKey(keyval: UInt32(GDK_KEY_Page_Up), state: none))
            screen.inputBar.text = "back to now"
            #expect(screen.inputBarView.handleKey(keyval: UInt32(GDK_KEY_Return), state: none))
            await GTKHarness.pump(for: .milliseconds(400))
            #expect(screen.presenter.viewport.isPinnedToBottom)
            let texts = screen.messages.visibleRowViews.compactMap { view -> String? in
                if case .message(let message)? = view.row, case .text(let text) = message.content { return text.string }
                return nil
            }
            #expect(texts.last == "back to now")
        }
    }
}

extension GTKTests {
    @Suite("A chat screen calling for attention")
    @MainActor
    struct AttentionViewTests {
        @Test("unfocused, an arriving message counts in the window title and posts a desktop notification (#14)")
        func notifiesWhenAway() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(10)
            let screen = ChatScreen(conversation: conversation, style: .light)
            var posted: [String] = []
            screen.postNotification = { title, body in posted.append(title + "|" + body) }
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            gtk_window_set_title(window.cast(to: GtkWindow.self), "Lunch")
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            await GTKHarness.pump(for: .milliseconds(100))
            func title() -> String { String(cString: gtk_window_get_title(window.cast(to: GtkWindow.self))) }

            // Focused, at the bottom: a message is seen as it arrives.
            screen.isWindowActive = true
            conversation.append(.text("seen at once"), from: ChatFixtures.alice)
            await GTKHarness.pump(for: .milliseconds(150))
            #expect(title() == "Lunch")
            #expect(posted.isEmpty)

            // The window loses the focus.
            screen.isWindowActive = false
            conversation.append(.text("Are you coming?"), from: ChatFixtures.alice)
            conversation.append(.text("my own is not news"), from: ChatFixtures.me)
            await GTKHarness.pump(until: { title() == "(1) Lunch" }, "the title should count the unseen message")
            #expect(posted == ["Alice|Are you coming?"])
            #expect(screen.unseenCount == 1)

            // Back: the count ends and the title is the app's again.
            screen.isWindowActive = true
            screen.messages.relayout()
            await GTKHarness.pump(until: { title() == "Lunch" }, "the title should be plain again")
            #expect(screen.unseenCount == 0)
        }
    }
}
