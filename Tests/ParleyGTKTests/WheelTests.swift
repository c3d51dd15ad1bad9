import CGtk4
import CParleyGtk
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// Real wheel clicks from the X server (xdotool's XTest events under Xvfb), over each
    /// kind of row: the conversation scrolls whatever is under the pointer (#17).
    @Suite("The mouse wheel over every kind of row (#17)")
    @MainActor
    struct WheelTests {
        static let title = "parley-wheel-test"

        /// Filler, then one message of each kind, each between plain lines.
        static func conversation() -> Conversation {
            let noon = Date(timeIntervalSince1970: 1_773_144_000)
            var minute = 0.0
            var messages: [Message] = []
            func add(_ id: MessageID, _ sender: Sender, _ content: MessageContent, preview: LinkPreview? = nil) {
                var message = Message(id: id, sender: sender, date: noon.addingTimeInterval(minute * 60), content: content)
                message.linkPreview = preview
                messages.append(message)
                minute += 1
            }
            for index in 0..<30 { add(MessageID("f\(index)"), index % 2 == 0 ? ChatFixtures.alice : ChatFixtures.me, .text("filler line \(index)")) }
            add("text", ChatFixtures.alice, .text("A plain message with a few words in it"))
            add("emoji", ChatFixtures.me, .text("🎉"))
            add("image", ChatFixtures.alice, .image(ImageContent(source: .data(Data([1, 2, 3])), sizeHint: Size(width: 400, height: 300))))
            add("carousel", ChatFixtures.alice, .collection(CollectionContent(items: (0..<12).map { .text("Item \($0)") })))
            add("file", ChatFixtures.me, .file("report.pdf", bytes: 2_400_000))
            add("preview", ChatFixtures.alice, .text("https://swift.org"), preview: LinkPreview(url: URL(string: "https://swift.org")!, title: "Swift.org"))
            add("system", ChatFixtures.bob, .system("Bob joined"))
            for index in 30..<60 { add(MessageID("f\(index)"), ChatFixtures.bob, .text("filler line \(index)")) }
            return Conversation(me: ChatFixtures.me, messages: messages)
        }

        /// Runs xdotool with `arguments`, pumping GTK until it ends.
        private func xdotool(_ arguments: [String]) async throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = arguments
            try process.run()
            await GTKHarness.pump(until: { !process.isRunning }, timeout: .seconds(10))
            #expect(process.terminationStatus == 0, "xdotool \(arguments.joined(separator: " "))")
        }

        /// Where `point` of the list is, in the X window's coordinates.
        private func windowPoint(_ point: Point, in view: MessengerView, window: WidgetPointer) -> (Int, Int) {
            var local = graphene_point_t(x: Float(point.x), y: Float(point.y))
            var out = graphene_point_t()
            _ = gtk_widget_compute_point(view.list.widget, window, &local, &out)
            var dx = 0.0, dy = 0.0
            gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
            return (Int((Double(out.x) + dx).rounded()), Int((Double(out.y) + dy).rounded()))
        }

        /// The conversation in a window titled for xdotool, five rows or more on screen.
        private func show() async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: Self.conversation(), style: .light)
            let window = try GTKHarness.window(view.root, width: 360, height: 700)
            gtk_window_set_title(window.cast(to: GtkWindow.self), Self.title)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 5 })
            return (view, window)
        }

        private func rowY(_ id: MessageID, _ view: MessengerView) -> Double? {
            view.presenter.frame().rows.first { $0.row.id == .message(id) }?.y
        }

        @Test("wheel down over each kind of row scrolls the conversation; Shift+wheel over the carousel scrolls the carousel")
        func everyKind() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(for: .milliseconds(300))
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "scripts/test installs xdotool")
            for id: MessageID in ["text", "emoji", "image", "carousel", "file", "preview", "system"] {
                view.presenter.scroll(to: id, at: .center)
                view.scroll(by: 0)
                await GTKHarness.pump(for: .milliseconds(200))
                let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message(id) }, "\(id) on screen")
                let target = row.layout.content ?? row.layout.bubble ?? Rect(x: 100, y: 0, width: 1, height: row.layout.height)
                let (x, y) = windowPoint(Point(x: target.midX, y: row.y + target.midY), in: view, window: window)
                let before = try #require(rowY(id, view))
                try await xdotool(["search", "--sync", "--name", Self.title, "mousemove", "--window", "%1", "\(x)", "\(y)", "click", "--repeat", "2", "--delay", "30", "5"])
                await GTKHarness.pump(until: { (rowY(id, view) ?? 0) < before - 60 }, timeout: .seconds(3))
                let after = try #require(rowY(id, view))
                #expect(after < before - 60, "two wheel clicks over \(id) moved the conversation up (\(before) → \(after))")
            }

            // Over the carousel, Shift with the wheel scrolls it sideways, and the list stays.
            view.presenter.scroll(to: "carousel", at: .center)
            view.scroll(by: 0)
            await GTKHarness.pump(for: .milliseconds(300))
            let scroller = try #require(GTKHarness.shown(view.list.widget, class: "collection-scroller").first)
            let adjustment = gtk_scrolled_window_get_hadjustment(scroller.ptr())
            let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message("carousel") })
            let content = try #require(row.layout.content)
            let (x, y) = windowPoint(Point(x: content.midX, y: row.y + content.midY), in: view, window: window)
            let listBefore = try #require(rowY("carousel", view))
            let sideBefore = gtk_adjustment_get_value(adjustment)
            try await xdotool([
                "search", "--sync", "--name", Self.title, "mousemove", "--window", "%1", "\(x)", "\(y)",
                "keydown", "shift", "click", "--repeat", "2", "--delay", "30", "5", "keyup", "shift",
            ])
            await GTKHarness.pump(until: { gtk_adjustment_get_value(adjustment) > sideBefore }, timeout: .seconds(3))
            await GTKHarness.pump(for: .milliseconds(200))
            #expect(gtk_adjustment_get_value(adjustment) > sideBefore, "the carousel scrolled sideways")
            #expect(rowY("carousel", view) == listBefore, "the conversation stayed")
        }

        @Test("with the hover held after wheel clicks, the still pointer's Shift+wheel reaches the carousel, its press the message, and a move ends the hold")
        func heldHoverEndsForThePointer() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "scripts/test installs xdotool")
            let held = { parley_hover_is_held(view.list.widget.raw) }
            /// Puts the pointer on `point` of row `id` (centred first), then turns the wheel a
            /// notch up and one down: the hold starts, and the row is back under the pointer.
            func wheel(over id: MessageID, at point: (VisibleRow) -> Point?) async throws -> VisibleRow? {
                view.presenter.scroll(to: id, at: .center)
                view.scroll(by: 0)
                parley_hover_release_all()
                await GTKHarness.pump(for: .milliseconds(300))
                guard let row = view.presenter.frame().rows.first(where: { $0.row.id == .message(id) }), let target = point(row) else {
                    Issue.record("\(id) is not on screen")
                    return nil
                }
                let (x, y) = windowPoint(Point(x: target.x, y: row.y + target.y), in: view, window: window)
                try await xdotool(["search", "--sync", "--name", Self.title, "mousemove", "--window", "%1", "\(x)", "\(y)"])
                await GTKHarness.pump(for: .milliseconds(100))
                try await xdotool(["search", "--sync", "--name", Self.title, "click", "--delay", "60", "4", "click", "5"])
                await GTKHarness.pump(for: .milliseconds(300))
                #expect(held(), "the motions GDK makes up after the layouts leave the hold")
                return view.presenter.frame().rows.first { $0.row.id == .message(id) }
            }

            // Shift with the wheel, the pointer still: meant for the carousel, which gets it.
            _ = try await wheel(over: "carousel") { $0.layout.content.map { Point(x: $0.midX, y: $0.midY) } }
            let scroller = try #require(GTKHarness.shown(view.list.widget, class: "collection-scroller").first)
            let adjustment = gtk_scrolled_window_get_hadjustment(scroller.ptr())
            let sideBefore = gtk_adjustment_get_value(adjustment)
            try await xdotool(["search", "--sync", "--name", Self.title, "keydown", "shift", "click", "5", "keyup", "shift"])
            await GTKHarness.pump(until: { gtk_adjustment_get_value(adjustment) > sideBefore }, timeout: .seconds(3))
            #expect(gtk_adjustment_get_value(adjustment) > sideBefore, "the carousel scrolled sideways")
            #expect(!held())

            // A press where the pointer stands reaches the message's text: its label takes
            // its drawing back from the bubble while pressed.
            let pressed = try #require(try await wheel(over: "text") { $0.layout.bubble.map { Point(x: $0.midX, y: $0.midY) } })
            let rowView = try #require(view.visibleRowViews.first { $0.id == pressed.row.id })
            #expect(rowView.bodyIsPainted)
            try await xdotool(["search", "--sync", "--name", Self.title, "mousedown", "1"])
            await GTKHarness.pump(until: { !rowView.bodyIsPainted }, timeout: .seconds(3))
            #expect(!rowView.bodyIsPainted, "the press reached the label under the pointer")
            #expect(!held())
            try await xdotool(["search", "--sync", "--name", Self.title, "mouseup", "1"])

            // A move of one pixel.
            _ = try await wheel(over: "text") { $0.layout.bubble.map { Point(x: $0.midX, y: $0.midY) } }
            try await xdotool(["search", "--sync", "--name", Self.title, "mousemove_relative", "1", "0"])
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(!held())
        }
    }
}
