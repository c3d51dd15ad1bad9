import CGtk4
import CParleyGtk
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("InputBarView")
    @MainActor
    struct InputBarViewTests {
        // MARK: Sending

        @Test("typing enables send; blank text does not (#4)")
        func typingEnablesSend() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            let send = try #require(bar.button(forItem: "send"))
            #expect(gtk_widget_get_sensitive(send.widget) == 0)

            type("  \n\t ", into: bar)
            #expect(bar.model.text == "  \n\t ")
            #expect(gtk_widget_get_sensitive(send.widget) == 0, "whitespace only must not enable send")

            type("hi", into: bar)
            #expect(gtk_widget_get_sensitive(send.widget) != 0)
            #expect(bar.model.sendItem.isEnabled)

            clear(bar)
            #expect(gtk_widget_get_sensitive(send.widget) == 0)
        }

        @Test("Enter sends the text through onSend and clears the bar (#4)")
        func enterSends() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var sent: [String] = []
            bar.onSend { sent.append($0) }

            type("Lunch at noon?", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(sent == ["Lunch at noon?"])
            #expect(bar.bufferText() == "")
            #expect(bar.model.text == "")
            #expect(gtk_widget_get_sensitive(try #require(bar.button(forItem: "send")).widget) == 0)
            #expect(bar.placeholderLabel.isShown)

            // Keypad Enter too; blank text sends nothing and inserts nothing.
            type("again", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_KP_Enter), state: GdkModifierType(rawValue: 0)))
            #expect(sent == ["Lunch at noon?", "again"])
            type("   ", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(sent.count == 2)
            #expect(bar.bufferText() == "   ")

            // Other keys are the text view's.
            #expect(!bar.handleKey(keyval: UInt32(GDK_KEY_a), state: GdkModifierType(rawValue: 0)))
        }

        @Test("the common case: typed text and a pasted picture land in the conversation (#4)")
        func sendsIntoConversation() async throws {
            try GTKHarness.start()
            let me = Sender(id: "me", name: "Me")
            let chat = Conversation(me: me)
            let bar = InputBarView(.iMessage(), style: .iMessage)
            bar.onSend { text in chat.append(.text(text), from: me) }
            bar.onSendAttachments { images in
                for image in images { chat.append(.image(image.imageContent), from: me) }
            }
            let window = try host(bar)
            defer { GTKHarness.close(window) }

            let texture = Self.texture(width: 8, height: 6)
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            gdk_clipboard_set_texture(gtk_widget_get_clipboard(bar.textView), texture)
            paste(into: bar)
            await GTKHarness.pump(until: { bar.attachments.count == 1 })
            type("Lunch?", into: bar)
            bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0))

            let messages = chat.messages
            #expect(messages.count == 2)
            guard messages.count == 2, case .image(let image) = messages[0].content else {
                Issue.record("expected the picture, then the text: \(messages.map(\.content))")
                return
            }
            #expect(image.sizeHint == Size(width: 8, height: 6))
            #expect(messages[1].content == .text("Lunch?"))
            #expect(messages.allSatisfy { $0.sender == me })
            #expect(bar.bufferText() == "" && bar.attachments.isEmpty)
        }

        @Test("in a chat screen, Enter on a command runs it instead of sending, and the field empties")
        func enterRunsCommand() async throws {
            let (screen, window) = try hostedScreen()
            defer { GTKHarness.close(window) }
            let bar = screen.inputBarView
            var sent: [String] = [], commands: [String] = []
            bar.onSend { sent.append($0) }
            bar.model.onCommand { text in
                guard text.hasPrefix("/") else { return false }
                commands.append(text)
                return true
            }
            type("/jump 2026-11-20", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(commands == ["/jump 2026-11-20"] && sent.isEmpty)
            #expect(bar.bufferText() == "" && bar.model.text == "", "the field shows what the model holds")
            type("lunch?", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(sent == ["lunch?"] && commands.count == 1)
        }

        @Test("Shift+Enter and Alt+Enter insert a line break and do not send (#4)")
        func shiftEnterInsertsLine() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.slack())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var sent: [String] = []
            bar.onSend { sent.append($0) }

            type("first", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GDK_SHIFT_MASK))
            type("second", into: bar)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GDK_ALT_MASK))
            #expect(sent.isEmpty)
            #expect(bar.bufferText() == "first\nsecond\n")
            #expect(bar.model.text == "first\nsecond\n")

            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(sent == ["first\nsecond\n"])
        }

        @Test("a send handler that throws keeps the text; clicking Send sends (#4)")
        func failedSendKeepsText() async throws {
            struct Offline: Error {}
            try GTKHarness.start()
            let bar = InputBarView(.messenger())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            let fail = Recorder(true)
            var sent: [String] = []
            bar.onSend { text in
                if fail.value { throw Offline() }
                sent.append(text)
            }
            type("don't lose me", into: bar)
            #expect(!bar.send())
            #expect(bar.bufferText() == "don't lose me")
            #expect(bar.model.lastSendError is Offline)

            fail.value = false
            await press(try #require(bar.button(forItem: "send")).widget)
            // The button sends after its press animation: on a busy machine, past the press.
            await GTKHarness.pump(until: { !sent.isEmpty })
            #expect(sent == ["don't lose me"])
            #expect(bar.bufferText() == "")
        }

        // MARK: Growth

        @Test("the text field grows line by line up to maxLines, then scrolls (#4)")
        func growsUpToMaxLines() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            #expect(bar.model.maxLines == 5)
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 })

            var heights: [Int] = []
            for lines in 1...8 {
                clear(bar)
                type((1...lines).map { "line \($0)" }.joined(separator: "\n"), into: bar)
                await GTKHarness.pump(for: .milliseconds(30))
                await GTKHarness.pump(until: { fieldIsSettled(bar) }, "the text view never finished its layout")
                heights.append(GTKHarness.size(bar.root).height)
                let adjustment = gtk_scrolled_window_get_vadjustment(bar.field.opaque)
                let content = gtk_adjustment_get_upper(adjustment)
                let page = gtk_adjustment_get_page_size(adjustment)
                if lines <= 5 {
                    // Measured exactly as the text view draws: nothing to scroll.
                    #expect(abs(content - page) < 0.5, "\(lines) lines: content \(content) in a page of \(page)")
                } else {
                    #expect(content > page + 10, "\(lines) lines should scroll")
                }
            }
            let steps = zip(heights, heights.dropFirst()).map { $1 - $0 }
            // One line (17 px or so) fits beside the 32 px buttons; from two lines on, each
            // line adds a line height; past five, nothing.
            #expect(steps[1...3].allSatisfy { $0 >= 12 && $0 <= 30 }, "heights \(heights)")
            #expect(Set(steps[1...3]).count == 1, "equal steps per line: \(heights)")
            #expect(steps[4...].allSatisfy { $0 == 0 }, "heights \(heights)")
            // One line: the padding around a button's height (GTK's height is inside the
            // CSS top border).
            #expect(heights[0] == 6 + 32 + 6, "heights \(heights)")
        }

        @Test("a word longer than the field wraps as measured, without a hyphen, typed, pasted or set")
        func longWordAsMeasured() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 })
            var checked = 0
            // Lengths at which a hyphen at each break would take another line: there the
            // field would scroll had the text view hyphenated.
            var telling = 0
            for length in stride(from: 30, through: 150, by: 6) {
                clear(bar)
                type(String(repeating: "x", count: length), into: bar)
                await GTKHarness.pump(for: .milliseconds(30))
                await GTKHarness.pump(until: { fieldIsSettled(bar) }, "the text view never finished its layout")
                let adjustment = gtk_scrolled_window_get_vadjustment(bar.field.opaque)
                let content = gtk_adjustment_get_upper(adjustment), page = gtk_adjustment_get_page_size(adjustment)
                // Up to five lines the field holds all of it, exactly: nothing to scroll.
                let lines = bar.layout(width: Double(GTKHarness.size(bar.root).width)).lineCount
                guard lines > 1, lines <= bar.model.maxLines else { continue }
                #expect(abs(content - page) < 0.5, "\(length) x's on \(lines) lines: content \(content) in a page of \(page)")
                checked += 1
                if Self.linesWithHyphens(String(repeating: "x", count: length), in: bar) > lines { telling += 1 }
            }
            #expect(checked > 5)
            #expect(telling > 0, "no length tells a hyphenating text view apart")
            // However the text came in (typed, pasted, inserted by the view, set by the app),
            // all of it is laid out without hyphens.
            clear(bar)
            type("https://example.org/é日🙂", into: bar)
            gdk_clipboard_set_text(gtk_widget_get_clipboard(bar.textView), String(repeating: "y", count: 90))
            paste(into: bar)
            await GTKHarness.pump(until: { bar.model.text.count == 113 }, "the paste never arrived")
            bar.insertAtCursor(String(repeating: "z", count: 40))
            #expect(bar.model.text.count == 153)
            #expect(Self.unhyphenatedCharacters(in: bar) == 153)
            let set = String(repeating: "w", count: 70)
            bar.model.text = set
            await GTKHarness.pump(until: { bar.bufferText() == set }, "the model's text never reached the view")
            #expect(Self.unhyphenatedCharacters(in: bar) == 70)
        }

        /// How many lines Pango's default wrapping (a hyphen at a broken word's end) makes of
        /// `text` in the text view's font, at the width its text is laid out in.
        @MainActor
        static func linesWithHyphens(_ text: String, in bar: InputBarView) -> Int {
            let view = bar.textView.cast(to: GtkTextView.self)
            let context = gtk_widget_create_pango_context(bar.textView)
            defer { g_object_unref(UnsafeMutableRawPointer(context)) }
            let layout = pango_layout_new(context)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let width = gtk_widget_get_width(bar.textView) - gtk_text_view_get_left_margin(view) - gtk_text_view_get_right_margin(view)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, width * Int32(PANGO_SCALE))
            pango_layout_set_text(layout, text, -1)
            return Int(pango_layout_get_line_count(layout))
        }

        /// How many characters of the composer's buffer carry a tag that turns hyphens off.
        @MainActor
        static func unhyphenatedCharacters(in bar: InputBarView) -> Int {
            var iter = GtkTextIter()
            gtk_text_buffer_get_start_iter(bar.buffer, &iter)
            var count = 0
            while gtk_text_iter_is_end(&iter) == 0 {
                var tags = gtk_text_iter_get_tags(&iter)
                defer { g_slist_free(tags) }
                var unhyphenated = false
                while let node = tags {
                    let tag = node.pointee.data
                    if parley_object_get_bool(tag, "insert-hyphens-set"), !parley_object_get_bool(tag, "insert-hyphens") { unhyphenated = true }
                    tags = node.pointee.next
                }
                if unhyphenated { count += 1 }
                gtk_text_iter_forward_char(&iter)
            }
            return count
        }

        @Test("typed past the line limit, the field shows the newest lines whole, the top one not cut (#14)")
        func scrollsByWholeLines() async throws {
            let (screen, window) = try hostedScreen()
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { GTKHarness.size(screen.inputBarView.root).height > 0 })
            screen.inputBarView.focus()
            for line in 1...9 {
                screen.inputBarView.insertAtCursor(line == 1 ? "line 1" : "\nline \(line)")
                await GTKHarness.pump(for: .milliseconds(30))
            }
            await GTKHarness.pump(until: { fieldIsSettled(screen.inputBarView) })
            let adjustment = gtk_scrolled_window_get_vadjustment(screen.inputBarView.field.opaque)
            // GTK glides to the cursor: wait until it is there.
            await GTKHarness.pump(until: {
                abs(gtk_adjustment_get_value(adjustment) - (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))) < 1
            }, "the field never scrolled to the cursor")
            let content = gtk_adjustment_get_upper(adjustment)
            let page = gtk_adjustment_get_page_size(adjustment)
            let value = gtk_adjustment_get_value(adjustment)
            let line = content / 9
            #expect(page - 5 * line >= 0 && page - 5 * line < 2, "the page holds five lines: \(page) for lines of \(line)")
            #expect(abs(value - (content - page)) < 1, "scrolled to the cursor at the end")
            let first = value / line
            #expect(abs(first - first.rounded()) * line < 2, "the top line starts at the top: \(first) lines scrolled")
            try GTKHarness.screenshot(window, to: Screenshots.directory + "/composer-past-max-lines.png")
        }

        // MARK: Presets

        @Test("presets make their items: iMessage, Slack, Messenger (#4)")
        func presets() async throws {
            try GTKHarness.start()
            let cases: [(InputBar, [String])] = [
                (.iMessage(), ["plus", "send"]),
                (.slack(), ["send", "mention", "channel", "attachment"]),
                (.messenger(), ["camera", "photo", "mic", "send"]),
                (InputBar(), ["send"]),
            ]
            for (model, ids) in cases {
                let bar = InputBarView(model)
                let window = try host(bar)
                defer { GTKHarness.close(window) }
                await unfocus(window)
                await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 && bar.animation == nil })
                #expect(bar.buttons.map(\.item.id) == ids)
                let shown = GTKHarness.shown(bar.root, class: "item").map { widget in
                    bar.buttons.first { $0.widget == widget }?.item.id ?? "?"
                }
                #expect(Set(shown) == Set(ids), "shown: \(shown)")
                let send = try #require(bar.button(forItem: "send"))
                #expect(gtk_widget_has_css_class(send.widget, "send-button") != 0)
            }

            // Slack's formatting items sit under the text, and "@" inserts itself.
            let slack = InputBarView(.slack())
            let window = try host(slack)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { GTKHarness.size(slack.root).height > 0 })
            let layout = try #require(slack.shownLayout)
            let mention = try #require(layout.frame(ofItem: "mention"))
            #expect(mention.minY >= layout.textFrame.maxY)
            await press(try #require(slack.button(forItem: "mention")).widget)
            #expect(slack.bufferText() == "@")
            #expect(gtk_widget_get_sensitive(try #require(slack.button(forItem: "send")).widget) != 0)
        }

        @Test("Messenger's items slide away while typing and come back when the text is empty (#4)")
        func messengerCollapses() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.messenger())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            // Focus in the text begins editing, which collapses the items too: start without.
            await unfocus(window)
            #expect(!bar.model.isEditing)
            await GTKHarness.pump(until: { (bar.shownLayout?.leftStackFrame.width ?? 0) > 100 })
            let expanded = try #require(bar.shownLayout).textFrame.width

            type("h", into: bar)
            await GTKHarness.pump(until: { bar.animation != nil }, "the collapse is animated")
            await GTKHarness.pump(until: { bar.animation == nil && bar.shownLayout?.leftStackFrame.width == 0 })
            #expect(try #require(bar.shownLayout).textFrame.width > expanded + 100)
            let camera = try #require(bar.button(forItem: "camera"))
            #expect(gtk_widget_get_child_visible(camera.slot.widget) == 0, "collapsed items are out of the focus chain")

            clear(bar)
            await GTKHarness.pump(until: { bar.animation == nil && (bar.shownLayout?.leftStackFrame.width ?? 0) > 100 })
            #expect(gtk_widget_get_child_visible(camera.slot.widget) != 0)
        }

        @Test("changes the app makes to the model show in the view (#4)")
        func followsModel() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            bar.model.text = "from the app"
            await GTKHarness.pump(until: { bar.bufferText() == "from the app" })
            #expect(!bar.placeholderLabel.isShown)

            let emoji = InputBarItem(id: "emoji", iconName: "face-smile-symbolic", size: Size(width: 32, height: 32))
            bar.model.setItems([emoji, bar.model.sendItem], in: .right)
            await GTKHarness.pump(until: { bar.button(forItem: "emoji") != nil })
            emoji.isEnabled = false
            await GTKHarness.pump(until: { gtk_widget_get_sensitive(bar.button(forItem: "emoji")!.widget) == 0 })
            #expect(bar.button(forItem: "emoji")?.accessibleLabel == "emoji")

            bar.model.placeholder = "Say something"
            bar.model.text = ""
            await GTKHarness.pump(until: { GTKHarness.text(bar.placeholderLabel) == "Say something" })
        }

        // MARK: Attachments

        @Test("a pasted image becomes a PNG attachment and is sent (#4)")
        func pastedImage() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var sentImages: [[InputBarAttachment]] = []
            var sentText: [String] = []
            bar.onSendAttachments { sentImages.append($0) }
            bar.onSend { sentText.append($0) }

            let clipboard = try #require(gtk_widget_get_clipboard(bar.textView))
            let texture = Self.texture(width: 40, height: 30)
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            gdk_clipboard_set_texture(clipboard, texture)
            paste(into: bar)
            await GTKHarness.pump(until: { bar.attachments.count == 1 })
            let attachment = try #require(bar.attachments.first)
            guard case .data(let png) = attachment.source else {
                Issue.record("a paste should attach PNG bytes, not \(attachment.source)")
                return
            }
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(attachment.pixelSize == Size(width: 40, height: 30))
            #expect(bar.bufferText() == "", "an image paste inserts no text")
            #expect(bar.chips.first?.hasThumbnail == true)
            #expect(GTKHarness.shown(bar.root, class: "attachment").count == 1)

            // Sendable without text: Enter sends the image alone.
            let send = try #require(bar.button(forItem: "send"))
            #expect(gtk_widget_get_sensitive(send.widget) != 0)
            #expect(bar.handleKey(keyval: UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(sentImages.map { $0.map(\.id) } == [[attachment.id]])
            #expect(sentText.isEmpty)
            #expect(bar.attachments.isEmpty)
            #expect(gtk_widget_get_sensitive(send.widget) == 0)
            #expect(bar.model.managesSendItemEnabledState, "the model manages the send item again")

            // Text on the clipboard pastes as text.
            gdk_clipboard_set_text(clipboard, "plain words")
            paste(into: bar)
            await GTKHarness.pump(until: { bar.bufferText() == "plain words" })
            #expect(bar.attachments.isEmpty)
        }

        @Test("the attach item opens the image chooser; chosen files are attached and sent with the text (#4)")
        func chosenFiles() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var sent: [String] = []
            bar.onSendAttachments { images in sent += images.map(\.name) }
            bar.onSend { sent.append($0) }

            let plus = try #require(bar.button(forItem: "plus"))
            #expect(gtk_widget_has_css_class(plus.widget, "attach-button") != 0)
            await press(plus.widget)
            let chooser = try #require(bar.imageChooser)
            #expect(chooser.isShowing)

            let path = try Self.pngFile(width: 300, height: 200)
            defer { try? FileManager.default.removeItem(atPath: path) }
            chooser.respond(with: [path])
            #expect(bar.imageChooser == nil)
            #expect(!chooser.isShowing)
            let attachment = try #require(bar.attachments.first)
            #expect(attachment.source == .file(path: path))
            #expect(attachment.pixelSize == Size(width: 300, height: 200))
            #expect(attachment.imageContent.sizeHint == Size(width: 300, height: 200))
            await GTKHarness.pump(until: { bar.chips.first?.hasThumbnail == true }, "the thumbnail is decoded")

            // The chip's remove button takes it away; attach again and send with text.
            await press(try #require(bar.chips.first).removeButton)
            #expect(bar.attachments.isEmpty)
            bar.addAttachment(.file(path: path))
            type("look", into: bar)
            #expect(bar.send())
            #expect(sent == [URL(fileURLWithPath: path).lastPathComponent, "look"])
            #expect(bar.attachments.isEmpty && bar.bufferText() == "")
        }

        @Test("a failing attachment handler keeps attachments and text (#4)")
        func failedAttachmentSend() async throws {
            struct TooBig: Error {}
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var texts: [String] = []
            bar.onSendAttachments { _ in throw TooBig() }
            bar.onSend { texts.append($0) }
            bar.addAttachment(.data(Data([1, 2, 3])), name: "broken")
            type("caption", into: bar)
            #expect(!bar.send())
            #expect(bar.lastAttachmentError is TooBig)
            #expect(bar.attachments.count == 1)
            #expect(texts.isEmpty && bar.bufferText() == "caption")
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(bar.chips.first?.hasThumbnail == false, "broken bytes keep the placeholder")
        }

        @Test("a 30000×30000 image is refused before decoding, with a placeholder (#4)")
        func hugeImage() async throws {
            try GTKHarness.start()
            let path = NSTemporaryDirectory() + "parley-huge-\(UUID().uuidString).png"
            try Self.pngHeader(width: 30_000, height: 30_000).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let decoded = AttachmentThumbnail.decode(.file(path: path))
            #expect(decoded.pixbuf == nil)
            #expect(decoded.size == Size(width: 30_000, height: 30_000))

            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            let attachment = bar.addAttachment(.file(path: path))
            #expect(attachment.pixelSize == Size(width: 30_000, height: 30_000))
            await GTKHarness.pump(for: .milliseconds(200))
            #expect(bar.chips.first?.hasThumbnail == false)
        }

        @Test("the view, its buttons and chips are released with the window (#4)")
        func released() async throws {
            try GTKHarness.start()
            weak var released: InputBarView?
            weak var model: InputBar?
            do {
                let bar = InputBarView(.messenger())
                released = bar
                model = bar.model
                let window = try host(bar)
                bar.onSend { _ in }
                bar.addAttachment(.data(Data([0x89])), name: "x")
                type("text", into: bar)
                await GTKHarness.pump(for: .milliseconds(300))
                GTKHarness.close(window)
            }
            await GTKHarness.pump(until: { released == nil && model == nil }, timeout: .seconds(5), "the view or its model leaked")
        }

        // MARK: Accessibility

        @Test("every button has an accessible name, and Tab reaches them all (#4)")
        func accessibility() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.messenger())
            bar.accessibleLabels = ["mic": "Record a voice clip"]
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 })
            let names = Dictionary(uniqueKeysWithValues: bar.buttons.map { ($0.item.id, $0.accessibleLabel ?? "") })
            #expect(names == ["camera": "Camera", "photo": "Photo", "mic": "Record a voice clip", "send": "Send"])
            for button in bar.buttons {
                let tooltip = gtk_widget_get_tooltip_text(button.widget).map { String(cString: $0) }
                #expect(tooltip == button.accessibleLabel)
            }
            for (model, id, name) in [(InputBar.iMessage(), "plus", "Attach"), (.slack(), "attachment", "Attach file"),
                                      (.slack(), "mention", "Mention someone"), (InputBar(), "send", "Send")] {
                #expect(InputBarView(model).button(forItem: id)?.accessibleLabel == name)
            }

            // Tab from the text field visits every button (Send once there is text).
            type("hello", into: bar)
            bar.focus()
            var visited: [String] = []
            for _ in 0..<8 {
                gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
                GTKHarness.drain()
                let focused = gtk_root_get_focus(OpaquePointer(window))
                if focused == bar.textView { visited.append("text") }
                if let button = bar.buttons.first(where: { $0.widget == focused }) { visited.append(button.item.id) }
            }
            #expect(Set(visited).isSuperset(of: ["text", "send"]), "visited \(visited)")
            // Messenger's items collapsed while editing: not reachable until the text is empty.
            #expect(!visited.contains("camera"))
            clear(bar)
            await GTKHarness.pump(until: { bar.animation == nil && (bar.shownLayout?.leftStackFrame.width ?? 0) > 0 })
            visited = []
            for _ in 0..<8 {
                gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
                GTKHarness.drain()
                let focused = gtk_root_get_focus(OpaquePointer(window))
                if let button = bar.buttons.first(where: { $0.widget == focused }) { visited.append(button.item.id) }
            }
            #expect(Set(visited).isSuperset(of: ["camera", "photo", "mic"]), "visited \(visited)")
        }

        @Test(
            "a screen reader finds the named buttons and the text, and presses Send (#4)",
            .enabled(if: ScreenReader.isAvailable, "needs python3-pyatspi and a session bus (dbus-run-session)"))
        func screenReader() async throws {
            try GTKHarness.start()
            let bar = InputBarView(.iMessage())
            let window = try host(bar)
            defer { GTKHarness.close(window) }
            var sent: [String] = []
            bar.onSend { sent.append($0) }
            type("read by AT-SPI", into: bar)
            await GTKHarness.pump(for: .milliseconds(200))

            let lines = await ScreenReader.run(pid: getpid(), press: "Send")
            #expect(lines.contains("button|Attach"), "\(lines)")
            #expect(lines.contains("button|Send"), "\(lines)")
            #expect(lines.contains("text|Message"), "\(lines)")
            #expect(lines.contains("pressed|Send"), "\(lines)")
            await GTKHarness.pump(until: { sent == ["read by AT-SPI"] }, timeout: .seconds(10))
        }

        // MARK: Screenshots

        @Test("screenshots of each preset in light and dark (#4)")
        func screenshots() async throws {
            try GTKHarness.start()
            let presets: [(String, () -> InputBar)] = [
                ("imessage", { .iMessage() }), ("slack", { .slack() }), ("messenger", { .messenger() }),
                ("plain", { InputBar() }),
            ]
            let path = try Self.pngFile(width: 120, height: 90)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for (name, make) in presets {
                for style in [ChatStyle.light, .dark] {
                    let bar = InputBarView(make(), style: style)
                    let window = try host(bar, width: 420)
                    defer { GTKHarness.close(window) }
                    await unfocus(window)
                    await GTKHarness.pump(until: { GTKHarness.size(bar.root).height > 0 && bar.animation == nil })
                    await GTKHarness.pump(for: .milliseconds(50))
                    let base = Screenshots.directory + "/inputbar-\(name)-\(style.name)"
                    try GTKHarness.screenshot(bar.root, to: base + "-empty.png")

                    bar.addAttachment(.file(path: path), name: "photo.png")
                    type("Lunch at the new place on Fifth? They have a terrace and the soup is great.\nSee you there", into: bar)
                    await GTKHarness.pump(until: { bar.chips.first?.hasThumbnail == true && bar.animation == nil })
                    await GTKHarness.pump(for: .milliseconds(250))
                    await GTKHarness.pump(until: { fieldIsSettled(bar) })
                    try GTKHarness.screenshot(bar.root, to: base + "-typed.png")
                }
            }
        }

        // MARK: Helpers

        /// A value that main-actor closures can change and the test can read.
        final class Recorder<Value> {
            var value: Value
            init(_ value: Value) { self.value = value }
        }

        /// The bar at the bottom of a window under an expanding filler, as an app puts it.
        /// A chat screen of ten messages in a 420×600 window.
        private func hostedScreen() throws -> (ChatScreen, WidgetPointer) {
            try GTKHarness.start()
            let screen = ChatScreen(conversation: ChatFixtures.conversation(10), style: .iMessage)
            return (screen, try GTKHarness.window(screen.root, width: 420, height: 600))
        }

        private func host(_ bar: InputBarView, width: Int32 = 420, height: Int32 = 320) throws -> WidgetPointer {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let filler = gtk_label_new(nil)!
            gtk_widget_set_vexpand(filler, 1)
            gtk_box_append(box.cast(to: GtkBox.self), filler)
            gtk_box_append(box.cast(to: GtkBox.self), bar.root)
            return try GTKHarness.window(box, width: width, height: height)
        }

        /// Activates `button` as Space or Enter on it would, and waits for its click (GTK
        /// shows the press for a moment before it emits "clicked").
        private func press(_ button: WidgetPointer) async {
            gtk_widget_activate(button)
            await GTKHarness.pump(for: .milliseconds(400))
        }

        /// Takes the keyboard focus away from the bar, as clicking elsewhere would.
        /// A loaded machine may map the window (and GTK then focus the text) only after a
        /// while, so this waits for the window to be mapped and keeps the focus away until
        /// it has stayed away for a few frames.
        private func unfocus(_ window: WidgetPointer) async {
            await GTKHarness.pump(until: { gtk_widget_get_mapped(window) != 0 })
            var quietPumps = 0
            for _ in 0..<200 where quietPumps < 5 {
                if gtk_root_get_focus(OpaquePointer(window)) != nil {
                    gtk_root_set_focus(OpaquePointer(window), nil)
                    quietPumps = 0
                } else {
                    quietPumps += 1
                }
                await GTKHarness.pump(for: .milliseconds(20))
            }
        }

        /// Types `text` at the cursor, as the keyboard would.
        private func type(_ text: String, into bar: InputBarView) {
            gtk_text_buffer_insert_interactive_at_cursor(bar.buffer, text, -1, 1)
        }

        /// Deletes all the text, as select-all and delete would.
        private func clear(_ bar: InputBarView) {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(bar.buffer, &start, &end)
            gtk_text_buffer_delete_interactive(bar.buffer, &start, &end, 1)
        }

        /// Emits the text view's "paste-clipboard" (what Ctrl+V does).
        private func paste(into bar: InputBarView) {
            var instance = GValue()
            g_value_init(&instance, gtk_text_view_get_type())
            g_value_set_object(&instance, bar.textView.raw)
            g_signal_emitv(&instance, g_signal_lookup("paste-clipboard", gtk_text_view_get_type()), 0, nil)
            g_value_unset(&instance)
        }

        /// Whether the text view has laid its lines out in an allocated field.
        private func fieldIsSettled(_ bar: InputBarView) -> Bool {
            let adjustment = gtk_scrolled_window_get_vadjustment(bar.field.opaque)
            return gtk_adjustment_get_upper(adjustment) > 0 && gtk_adjustment_get_page_size(adjustment) > 0
                && gtk_widget_get_height(bar.field) > 0
        }

        /// A texture with a diagonal gradient.
        static func texture(width: Int, height: Int) -> OpaquePointer {
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    pixels[index] = UInt8(40 + 180 * x / max(1, width))
                    pixels[index + 1] = UInt8(120 + 100 * y / max(1, height))
                    pixels[index + 2] = 200
                }
            }
            let bytes = g_bytes_new(pixels, gsize(pixels.count))
            defer { g_bytes_unref(bytes) }
            return gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))
        }

        /// A PNG file of a gradient; returns its path.
        static func pngFile(width: Int, height: Int) throws -> String {
            let path = NSTemporaryDirectory() + "parley-inputbar-\(UUID().uuidString).png"
            let texture = texture(width: width, height: height)
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            try #require(gdk_texture_save_to_png(texture, path) != 0)
            return path
        }

        /// The start of a PNG of `width` × `height`: signature, header and the first bytes
        /// of its pixel data (a truncated file, as a huge download cut short would be).
        static func pngHeader(width: UInt32, height: UInt32) -> Data {
            func bigEndian(_ value: UInt32) -> [UInt8] {
                [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            }
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in body {
                    crc ^= UInt32(byte)
                    for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
                }
                return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
            }
            let header = chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
            let pixels = chunk("IDAT", [0x78, 0x9C, 0x62, 0x60, 0x00, 0x00])
            return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + pixels)
        }
    }
}
