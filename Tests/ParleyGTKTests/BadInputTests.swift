import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("MessengerView with bad input")
    @MainActor
    struct BadInputTests {
        func show(_ conversation: Conversation) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: conversation, style: .light, images: ImageLoader())
            view.opensLinks = false
            let window = try GTKHarness.window(view.root, width: 420, height: 600)
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty })
            return (view, window)
        }

        func bodies(_ view: MessengerView) -> [String] {
            view.visibleRowViews.flatMap { GTKHarness.shown($0.frame.widget, class: "body").map(GTKHarness.text) }
        }

        @Test("a 1 MB message is shown and the list still scrolls (#4)")
        func hugeMessage() async throws {
            let conversation = ChatFixtures.conversation(5)
            let huge = String(repeating: "All work and no play makes Jack a dull boy. ", count: 24_000)
            conversation.append(.text(huge), from: ChatFixtures.alice)
            conversation.append(.text("after the wall of text"), from: ChatFixtures.alice)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            #expect(bodies(view).last == "after the wall of text")
            // Scroll through part of it: rows keep coming.
            for _ in 0..<20 { view.scroll(by: -400) }
            await GTKHarness.pumpUntilPlaced(view)
            #expect(!view.visibleRowViews.isEmpty)
            view.scrollToBottom(animated: false)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(bodies(view).last == "after the wall of text")
        }

        @Test("a 1 MB word and a 1 MB text show a bounded preview with Show more, laid out as measured (#10)",
            arguments: [("x", 1 << 20), ("All work and no play. ", 48_000)])
        func megabytePreview(piece: String, count: Int) async throws {
            // Built here, so that the test log names the text by its piece, not its megabyte.
            let text = String(repeating: piece, count: count)
            let conversation = ChatFixtures.conversation(2)
            let id = conversation.append(.text(text), from: ChatFixtures.alice)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            #expect(view.presenter.scroll(to: id, at: .bottom))
            await GTKHarness.pump(until: { view.visibleRowViews.contains { $0.id == .message(id) } })
            let row = try #require(view.visibleRowViews.first { $0.id == .message(id) })
            let body = try #require(GTKHarness.shown(row.frame.widget, class: "body").first)
            let shown = GTKHarness.text(body)
            #expect(shown.count <= TextLimit.preview.characters + TextLimit.preview.characters / DisplayText.longRunBreakSpacing + 1)
            // Drawn as measured: the label's own height at its width is the layout's.
            let layout = try #require(view.presenter.frame().rows.first { $0.id == .message(id) }?.layout)
            let content = try #require(layout.content)
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(body, GTK_ORIENTATION_VERTICAL, Int32(content.width.rounded()), &minimum, &natural, nil, nil)
            #expect(abs(Double(minimum) - content.height) <= 2, "label \(minimum) px, layout \(content.height) px")
            #expect(content.height > 200)
            let more = try #require(GTKHarness.shown(row.frame.widget, class: "show-more").first)
            #expect(GTKHarness.text(more) == "Show more")
            // A click on it shows more, through the core's hit test.
            let before = content.height
            let button = try #require(layout.showMore)
            let y = try #require(view.presenter.frame().rows.first { $0.id == .message(id) }?.y)
            view.tap(at: Point(x: button.frame.midX, y: y + button.frame.midY))
            await GTKHarness.pump(for: .milliseconds(50))
            let after = try #require(view.presenter.frame().rows.first { $0.id == .message(id) }?.layout.content?.height)
            #expect(after > before * 1.5)
        }

        @Test("invalid UTF-8, controls, escapes and bidi overrides are shown inert (#4)")
        func hostileText() async throws {
            let conversation = ChatFixtures.conversation(1)
            let invalid = String(decoding: [0x48, 0x69, 0xFF, 0xFE, 0x21], as: UTF8.self)
            conversation.append(.text(invalid), from: ChatFixtures.alice)
            conversation.append(.text("\u{1B}[2J\u{1B}]0;pwned\u{07}title \u{202E}evil"), from: ChatFixtures.alice)
            conversation.append(.text("مرحبا بالعالم — שלום"), from: ChatFixtures.bob)
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            let shown = bodies(view)
            #expect(shown.contains("Hi\u{FFFD}\u{FFFD}!"))
            let escape = try #require(shown.first { $0.contains("pwned") })
            #expect(!escape.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
            #expect(shown.contains("مرحبا بالعالم — שלום"))
        }

        @Test("broken, truncated, huge and unreachable pictures show a failure with Retry (#4)")
        func brokenPictures() async throws {
            let folder = NSTemporaryDirectory() + "parley-bad-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let garbage = folder + "/garbage.png"
            try Data("this is not a picture".utf8).write(to: URL(fileURLWithPath: garbage))
            let truncated = folder + "/truncated.png"
            let good = try Data(contentsOf: URL(fileURLWithPath: Showcase.picturePath()))
            try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: truncated))
            // A PNG header claiming 30000 × 30000 pixels.
            var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
            huge += Data([0x00, 0x00, 0x75, 0x30, 0x00, 0x00, 0x75, 0x30, 8, 6, 0, 0, 0, 0, 0, 0, 0])
            let hugePath = folder + "/huge.png"
            try huge.write(to: URL(fileURLWithPath: hugePath))
            let sources: [ImageSource] = [
                .file(path: garbage), .file(path: truncated), .file(path: hugePath), .file(path: folder + "/missing.png"),
                .url(URL(string: "http://127.0.0.1:9/unreachable.png")!),
            ]
            let conversation = Conversation(me: ChatFixtures.me)
            for source in sources {
                conversation.append(.image(ImageContent(source: source, sizeHint: Size(width: 200, height: 120))), from: ChatFixtures.alice)
            }
            let (view, window) = try await show(conversation)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: {
                GTKHarness.shown(view.list.widget, class: "retry").count == sources.count
            }, timeout: .seconds(40), "every broken picture shows Retry")
            let labels = GTKHarness.descendants(view.list.widget).filter {
                gtk_widget_get_mapped($0) != 0 && String(cString: gtk_widget_get_css_name($0)) == "label"
            }.map(GTKHarness.text)
            #expect(labels.filter { $0.hasPrefix("Picture unavailable") }.count == sources.count, "\(labels)")
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/bad-pictures.png")
        }
    }
}
