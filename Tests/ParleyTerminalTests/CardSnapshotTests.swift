import Foundation
import ParleyCore
import Testing

@testable import ParleyTerminal

@Suite("File, location and contact cards in cells (#13)")
@MainActor
struct CardSnapshotTests {
    /// One of each card and their bad inputs.
    static func cards() -> Conversation {
        var downloading = FileContent(name: "holiday-photos.zip", byteCount: 48_200_000, transfer: .downloading(0.42))
        downloading.mediaType = "application/zip"
        return Conversation(me: Cast.me, messages: [
            Cast.message("f", Cast.alice, 0, .file("report.pdf", bytes: 2_400_000)),
            Cast.message("d", Cast.me, 1, .file(downloading)),
            Cast.message("x", Cast.bob, 2, .file(FileContent(
                name: "\u{1B}[2J\u{1B}]0;pwned\u{7}" + String(repeating: "very-long-name-", count: 333) + "\u{202E}fdp.sh",
                transfer: .failed))),
            Cast.message("l", Cast.alice, 3, .location(LocationContent(
                title: "Trafalgar Square", latitude: 51.5080, longitude: -0.1281, picture: .file(path: "/nonexistent/map.png")))),
            Cast.message("u", Cast.bob, 4, .location(LocationContent(title: "Nowhere", latitude: .nan, longitude: 500))),
            Cast.message("c", Cast.alice, 5, .contact(ContactContent(name: "Ada Lovelace", phone: "+44 20 7946 0958", email: "ada@example.com"))),
            Cast.message("e", Cast.me, 6, .contact(ContactContent(name: ""))),
        ])
    }

    private func render(_ theme: String, colors: Bool = true) -> CellBuffer {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let screen = ChatScreen(conversation: Self.cards(), style: Cast.style(style), title: theme, columns: 64, rows: 66, usesColor: colors, density: .regular)
        screen.pictures.decodesSynchronously = true
        return screen.render().0
    }

    @Test("each card in each theme", arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func theme(name: String) {
        let buffer = render(name)
        Snapshot.check(buffer, named: "cards-\(name)-64x66")
        let text = buffer.lines.joined(separator: "\n")
        for expected in [
            "report.pdf", "2.4 MB", "[Open]", "[Save]", "42%", "Download failed", "Trafalgar Square",
            "51.5080° N, 0.1281° W", "Unknown location", "Ada Lovelace", "+44 20 7946 0958", "ada@example.com",
            "No phone or e-mail", "📄", "📦", "📍", "👤",
        ] {
            #expect(text.contains(expected), "\(name) shows \(expected)")
        }
    }

    @Test("without colour every part still reads: brackets, a bar of two shades, words for failures")
    func noColor() {
        let buffer = render("imessage", colors: false)
        Snapshot.check(buffer, named: "cards-imessage-nocolor-64x66")
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("█") && text.contains("░"))
        #expect(text.contains("[Open] [Save]"))
    }

    @Test("a hostile file name draws inert: no escape, no bidi override reaches the screen")
    func hostileName() {
        let buffer = render("dark")
        let scalars = buffer.lines.joined().unicodeScalars
        #expect(!scalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(buffer.lines.contains { $0.contains("␛[2J␛]0;pwne…") })
    }
}
