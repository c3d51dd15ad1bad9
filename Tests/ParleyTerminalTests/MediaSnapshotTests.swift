import Foundation
import ParleyCore
import Testing

@testable import ParleyTerminal

@Suite("Voice notes and videos in cells (#13)")
@MainActor
struct MediaSnapshotTests {
    static let note = URL(fileURLWithPath: "/nonexistent/note.ogg")

    /// A voice note, an audio file, bad inputs and two videos.
    static func media() -> Conversation {
        Conversation(me: Cast.me, messages: [
            Cast.message("v", Cast.alice, 0, .voice(note, duration: 42, waveform: [0, 0.1, 0.3, 0.6, 0.9, 1, 0.7, 0.4, 0.2, 0.05])),
            Cast.message("a", Cast.me, 1, .audio(AudioContent(source: URL(fileURLWithPath: "/music/song.ogg"), duration: 192, isVoiceNote: false))),
            Cast.message("m", Cast.bob, 2, .voice(note, duration: .nan, waveform: [.nan, .infinity, -1])),
            Cast.message("p", Cast.alice, 3, .video(URL(fileURLWithPath: "/nonexistent/clip.webm"), duration: 65)),
            Cast.message("q", Cast.bob, 4, .video(URL(fileURLWithPath: "/nonexistent/tall.webm"), duration: 1e300, poster: .file(path: "/nonexistent/p.png"))),
        ])
    }

    private func screen(_ theme: String, colors: Bool = true) -> ChatScreen {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let screen = ChatScreen(
            conversation: Self.media(), style: Cast.style(style), title: theme, columns: 64, rows: 44, usesColor: colors, density: .regular)
        screen.pictures.decodesSynchronously = true
        return screen
    }

    @Test("each kind in each theme: blocks for the waveform, ▶, the duration, a poster card", arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func theme(name: String) {
        let buffer = screen(name).render().0
        Snapshot.check(buffer, named: "media-\(name)-64x44")
        let text = buffer.lines.joined(separator: "\n")
        for expected in ["▶", "▅▅████▆▆", "0:42", "song.ogg", "3:12", "--:--", "1:05"] {
            #expect(text.contains(expected), "\(name) shows \(expected)")
        }
    }

    @Test("playback states fed by the app: the played bars, the position, the pause glyph, the failure")
    func states() {
        let screen = screen("imessage", colors: false)
        screen.presenter.playback.set(.playing(position: 21), for: "v")
        screen.presenter.playback.set(.failed(reason: "ENOENT"), for: "a")
        let buffer = screen.render().0
        Snapshot.check(buffer, named: "media-states-nocolor-64x44")
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("⏸") && text.contains("0:21"))
        #expect(text.contains("Can't play this audio"))
        // Without colour, played bars are bold and the rest dim.
        let row = buffer.lines.firstIndex { $0.contains("0:21") }!
        let bars = buffer.lines[row].firstRange(of: "▁")!.lowerBound
        let column = buffer.lines[row].distance(from: buffer.lines[row].startIndex, to: bars)
        #expect(buffer[column, row].style.attributes.contains(.bold))
    }

    @Test("a tap on the button sends the event only: the terminal plays nothing")
    func tap() throws {
        let screen = screen("dark")
        _ = screen.render()
        var events: [MessengerEvent] = []
        screen.presenter.events.onEvent { events.append($0) }
        let row = try #require(screen.presenter.frame().rows.first { $0.id == .message("v") })
        let button = try #require(row.layout.audio?.playButton)
        screen.presenter.tap(at: Point(x: button.minX, y: row.y + button.minY))
        #expect(events == [.tapMedia("v", .play)])
        #expect(screen.presenter.playback.state(of: "v") == .idle)
    }

    @Test("under TERM=linux the waveform and the buttons keep to the console's glyphs")
    func console() {
        let repertoire = GlyphRepertoire.linuxConsole
        #expect(["▁", "▂", "▃", "▅", "▆", "▇"].map { repertoire.substitute($0, columns: 1) } == ["_", "_", "▄", "▄", "█", "█"])
        #expect(repertoire.substitute("⏸", columns: 2) == "||")
        #expect(repertoire.substitute("▶", columns: 1) == "►")
        #expect(repertoire.substitute("⋯", columns: 1) == ".")
        #expect(RowPainter.waveformGlyph(.nan) == "▁" && RowPainter.waveformGlyph(1) == "█" && RowPainter.waveformGlyph(0.5) == "▅")
    }
}
