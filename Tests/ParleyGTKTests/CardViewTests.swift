import CGtk4
import Foundation
import ParleyCore
import ParleyImaging
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("File, location and contact cards (#13)")
    @MainActor
    struct CardViewTests {
        /// A made-up map tile: water, land and a red pin in the middle.
        static func mapPNG() -> Data {
            let width = 160, height = 80
            var rgba: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let pin = abs(x - width / 2) < 4 && abs(y - height / 2) < 4
                    let land = (x / 20 + y / 20) % 3 != 0
                    rgba += pin ? [220, 40, 40, 255] : land ? [200, 225, 180, 255] : [150, 190, 230, 255]
                }
            }
            return Picture(width: width, height: height, rgba: rgba)!.pngData()!
        }

        /// One card of each kind, and their bad inputs.
        static func conversation() -> Conversation {
            let alice = ChatFixtures.alice, bob = ChatFixtures.bob, me = ChatFixtures.me
            let noon = Date(timeIntervalSince1970: 1_773_144_000)
            func message(_ id: MessageID, _ sender: Sender, _ content: MessageContent) -> Message {
                Message(id: id, sender: sender, date: noon, content: content)
            }
            return Conversation(me: me, messages: [
                message("f", alice, .file("report.pdf", bytes: 2_400_000)),
                message("d", me, .file(FileContent(name: "holiday-photos.zip", byteCount: 48_200_000, transfer: .downloading(0.42)))),
                message("x", bob, .file(FileContent(
                    name: "\u{1B}[2J" + String(repeating: "very-long-name-", count: 333) + "\u{202E}fdp.sh", transfer: .failed))),
                message("l", alice, .location(LocationContent(
                    title: "Trafalgar Square", latitude: 51.508, longitude: -0.1281, picture: .data(mapPNG())))),
                message("u", bob, .location(LocationContent(title: "Nowhere", latitude: .nan, longitude: 500, picture: .data(Data([1, 2, 3]))))),
                message("c", alice, .contact(ContactContent(name: "Ada Lovelace", phone: "+44 20 7946 0958", email: "ada@example.com"))),
                message("e", me, .contact(ContactContent(name: ""))),
            ])
        }

        private func show(_ style: ChatStyle) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: Self.conversation(), style: style)
            let window = try GTKHarness.window(view.root, width: 440, height: 1200)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 7 })
            await GTKHarness.pump(until: { !GTKHarness.shown(view.list.widget, class: "media").isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))
            return (view, window)
        }

        @Test("each card in every theme, its parts at the core's frames", arguments: ChatStyle.themes.map(\.name))
        func themes(name: String) async throws {
            let style = ChatStyle.themes.first { $0.name == name }!
            let (view, window) = try await show(style)
            defer { GTKHarness.close(window) }
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/cards-\(name).png")
            let root = view.list.widget
            let titles = GTKHarness.shown(root, class: "card-title").map(GTKHarness.text)
            #expect(titles.contains("report.pdf") && titles.contains("Trafalgar Square") && titles.contains("Ada Lovelace"))
            #expect(GTKHarness.shown(root, class: "card-link").map(GTKHarness.text).contains("ada@example.com"))
            let failures = GTKHarness.shown(root, class: "card-failure").map(GTKHarness.text)
            #expect(failures.contains("Download failed") && failures.contains("Unknown location"))
            #expect(GTKHarness.shown(root, class: "card-percent").map(GTKHarness.text) == ["42%"])
            #expect(!GTKHarness.shown(root, class: "media").isEmpty, "the location's picture loaded")
            #expect(!GTKHarness.shown(root, class: "media-placeholder").isEmpty, "the broken picture shows a placeholder")
            // The hostile name is inert in the widget too.
            #expect(!titles.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
            // The title label has the core's width.
            let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message("f") })
            let title = try #require(GTKHarness.shown(root, class: "card-title").first { GTKHarness.text($0) == "report.pdf" })
            #expect(Double(gtk_widget_get_width(title)) == row.layout.card?.lines.first?.frame.width.rounded())
        }

        @Test("rows read out what the card holds")
        func accessibleNames() async throws {
            let (view, window) = try await show(.light)
            defer { GTKHarness.close(window) }
            let frame = view.presenter.frame()
            let label = { (id: MessageID) -> String in
                let row = frame.rows.first { $0.row.id == .message(id) }!
                return ChatPresenter.accessibleLabel(for: row.row, context: row.context, style: view.style)
            }
            #expect(label("f").contains("File: report.pdf, 2.4 MB"))
            #expect(label("l").contains("Location: Trafalgar Square, 51.5080° N, 0.1281° W"))
            #expect(label("c").contains("Contact: Ada Lovelace, +44 20 7946 0958, ada@example.com"))
            #expect(label("u").contains("Unknown location"))
        }

        @Test("the bar follows the app's progress, and a finished download puts it away")
        func progress() async throws {
            try GTKHarness.start()
            let conversation = Self.conversation()
            let view = MessengerView(conversation: conversation, style: .light)
            let window = try GTKHarness.window(view.root, width: 440, height: 1200)
            defer { GTKHarness.close(window) }
            let root = view.list.widget
            func percents() -> [String] { GTKHarness.shown(root, class: "card-percent").map(GTKHarness.text) }
            await GTKHarness.pump(until: { percents() == ["42%"] })
            try conversation.setTransfer(.downloading(0.9), of: "d")
            await GTKHarness.pump(until: { percents() == ["90%"] })
            #expect(percents() == ["90%"])
            try conversation.setTransfer(.idle, of: "d")
            await GTKHarness.pump(until: { percents().isEmpty })
            #expect(GTKHarness.shown(root, class: "card-progress").isEmpty)
        }

        @Test("clicks on Open, Save, the map and the e-mail become events; the kit opens nothing")
        func clicks() async throws {
            let (view, window) = try await show(.iMessage)
            defer { GTKHarness.close(window) }
            var events: [MessengerEvent] = []
            view.events.onEvent { events.append($0) }
            let frame = view.presenter.frame()
            func click(_ id: MessageID, _ part: (CardLayout) -> Rect?) throws {
                let row = try #require(frame.rows.first { $0.row.id == .message(id) })
                let card = try #require(row.layout.card)
                let rect = try #require(part(card))
                view.tap(at: Point(x: rect.midX, y: row.y + rect.midY))
            }
            try click("f") { $0.buttons.first?.frame }
            try click("f") { $0.buttons.last?.frame }
            try click("l") { $0.picture }
            try click("c") { $0.lines.last?.frame }
            #expect(events == [.tapFile("f", .open), .tapFile("f", .save), .tapLocation("l"), .tapContact("c", .email)])
        }
    }
}
