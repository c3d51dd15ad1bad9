import CGtk4
import Foundation
import ParleyCore
import ParleyImaging
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Link previews in GTK (#13)")
    @MainActor
    struct LinkPreviewViewTests {
        /// A wide picture: sky over grass.
        static func picturePNG() -> Data {
            let width = 240, height = 126
            var rgba: [UInt8] = []
            for y in 0..<height {
                for _ in 0..<width { rgba += y < 70 ? [150, 200, 240, 255] : [80, 150, 80, 255] }
            }
            return Picture(width: width, height: height, rgba: rgba)!.pngData()!
        }

        /// A preview with a picture, one with text only, one hostile, one whose picture is broken.
        static func conversation() -> Conversation {
            let noon = Date(timeIntervalSince1970: 1_773_144_000)
            func message(_ id: MessageID, _ sender: Sender, _ text: String, _ preview: LinkPreview) -> Message {
                var message = Message(id: id, sender: sender, date: noon, content: .text(text))
                message.linkPreview = preview
                return message
            }
            return Conversation(me: ChatFixtures.me, messages: [
                message("p", ChatFixtures.alice, "Lunch here? https://cafe.example.com", LinkPreview(
                    url: URL(string: "https://cafe.example.com")!, title: "The Garden Café",
                    summary: "Seasonal plates and a walled garden. Open every day from 11:30; book before noon for groups of six or more.",
                    siteName: "Garden Café", image: .data(picturePNG()), imageSize: Size(width: 240, height: 126))),
                message("t", ChatFixtures.me, "https://swift.org/blog", LinkPreview(
                    url: URL(string: "https://swift.org/blog")!, title: "Swift.org blog", summary: "News about Swift.")),
                message("x", ChatFixtures.bob, "look https://evil.example", LinkPreview(
                    url: URL(string: "https://evil.example")!, title: "\u{1B}]0;pwned\u{07}" + String(repeating: "long title ", count: 60),
                    siteName: "\u{202E}live")),
                message("b", ChatFixtures.alice, "https://broken.example", LinkPreview(
                    url: URL(string: "https://broken.example")!, title: "Broken picture", image: .data(Data([1, 2, 3])))),
            ])
        }

        private func show(_ style: ChatStyle) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: Self.conversation(), style: style)
            let window = try GTKHarness.window(view.root, width: 440, height: 1000)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 4 })
            await GTKHarness.pump(until: { !GTKHarness.shown(view.list.widget, class: "media").isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))
            return (view, window)
        }

        @Test("every theme: site, title, summary and picture at the core's frames", arguments: ChatStyle.themes.map(\.name))
        func themes(name: String) async throws {
            let style = ChatStyle.themes.first { $0.name == name }!
            let (view, window) = try await show(style)
            defer { GTKHarness.close(window) }
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/link-previews-\(name).png")
            let root = view.list.widget
            let titles = GTKHarness.shown(root, class: "preview-title").map(GTKHarness.text)
            #expect(titles.contains("The Garden Café") && titles.contains("Swift.org blog") && titles.contains("Broken picture"))
            let sites = GTKHarness.shown(root, class: "preview-site").map(GTKHarness.text)
            #expect(sites.contains("Garden Café") && sites.contains("swift.org"), "the host stands in for a missing site name")
            #expect(!(titles + sites).joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
            #expect(!GTKHarness.shown(root, class: "media").isEmpty, "the picture loaded")
            #expect(!GTKHarness.shown(root, class: "media-placeholder").isEmpty, "the broken picture shows a placeholder")
            // Each label has the core's frame.
            let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message("p") })
            let layout = try #require(row.layout.linkPreview)
            let title = try #require(GTKHarness.shown(root, class: "preview-title").first { GTKHarness.text($0) == "The Garden Café" })
            #expect(Double(gtk_widget_get_width(title)) == layout.titleFrame?.width.rounded())
            let summary = try #require(GTKHarness.shown(root, class: "preview-summary").first { GTKHarness.text($0).hasPrefix("Seasonal") })
            #expect(Double(gtk_widget_get_height(summary)) == layout.summaryFrame?.height.rounded())
            #expect(gtk_label_get_lines(summary.ptr()) == Int32(style.metrics.linkPreviewSummaryLines))
        }

        @Test("a click on the preview is a tap on its link; screen readers hear it named")
        func clickAndName() async throws {
            let (view, window) = try await show(.light)
            defer { GTKHarness.close(window) }
            let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message("t") })
            let preview = try #require(row.layout.linkPreview)
            let event = view.presenter.tap(at: Point(x: preview.frame.midX, y: row.y + preview.frame.midY))
            guard case .tapLink("t", let detection)? = event else {
                Issue.record("no link tap: \(String(describing: event))")
                return
            }
            #expect(detection.target == URL(string: "https://swift.org/blog"))
            #expect(preview.accessibleName == "Link preview: swift.org, Swift.org blog")
            #expect(ChatPresenter.accessibleLabel(for: row.row, context: row.context, style: view.style)
                .hasSuffix("(Link preview: swift.org, Swift.org blog) (sent)"))
        }
    }
}
