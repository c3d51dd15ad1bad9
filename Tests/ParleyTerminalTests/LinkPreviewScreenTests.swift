import Foundation
import ParleyCore
import ParleyImaging
import Testing

@testable import ParleyTerminal

@Suite("Link previews in cells (#13)")
@MainActor
struct LinkPreviewScreenTests {
    static func conversation() -> Conversation {
        func message(_ id: String, _ sender: Sender, _ minute: Double, _ text: String, _ preview: LinkPreview) -> Message {
            var message = Cast.message(id, sender, minute, .text(text))
            message.linkPreview = preview
            return message
        }
        let sky = Picture(width: 48, height: 24, rgba: (0..<(48 * 24)).flatMap { $0 / 48 < 12 ? [150, 200, 240, 255] : [80, 150, 80, 255] as [UInt8] })!
        return Conversation(me: Cast.me, messages: [
            message("p", Cast.alice, 0, "Lunch here? https://cafe.example.com", LinkPreview(
                url: URL(string: "https://cafe.example.com")!, title: "The Garden Café",
                summary: "Seasonal plates and a walled garden. Open every day from 11:30; book before noon for groups.",
                siteName: "Garden Café", image: .data(sky.pngData()!), imageSize: Size(width: 48, height: 24))),
            message("t", Cast.me, 1, "https://swift.org/blog", LinkPreview(
                url: URL(string: "https://swift.org/blog")!, title: "Swift.org blog", summary: "News about Swift.")),
            message("x", Cast.bob, 2, "look https://evil.example", LinkPreview(
                url: URL(string: "https://evil.example")!, title: "\u{1B}]0;pwned\u{07}\u{1B}[2J" + String(repeating: "long ", count: 50),
                siteName: "\u{202E}live")),
        ])
    }

    private func render(_ theme: String, colors: Bool = true) -> CellBuffer {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let screen = ChatScreen(
            conversation: Self.conversation(), style: Cast.style(style), title: theme, columns: 64, rows: 40, usesColor: colors,
            density: .regular)
        screen.pictures.decodesSynchronously = true
        return screen.render().0
    }

    @Test("each theme: a bar beside site, title and summary; the summary cut at its two lines; the picture in half blocks",
          arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func theme(name: String) {
        let buffer = render(name)
        Snapshot.check(buffer, named: "link-previews-\(name)-64x40")
        let lines = buffer.lines
        let text = lines.joined(separator: "\n")
        for expected in ["Garden Café", "The Garden Café", "Seasonal plates", "swift.org", "Swift.org blog", "News about Swift."] {
            #expect(text.contains(expected), "\(name) shows \(expected)")
        }
        #expect(text.contains("▎"), "the bar")
        #expect(text.contains("▀"), "the picture")
        // Two lines of summary, the second ending in "…"; "groups." is never reached.
        #expect(!text.contains("groups."))
        #expect(lines.contains { $0.contains("…") && $0.contains("▎") })
    }

    @Test("hostile preview texts draw inert")
    func hostile() {
        let buffer = render("dark")
        let text = buffer.lines.joined()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("␛]0;pwned␇"))
    }
}
