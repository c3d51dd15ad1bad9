import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// The Linux console: only glyphs its font has (#14).
@Suite("Linux console glyphs")
@MainActor
struct ConsoleGlyphTests {
    @Test("TERM=linux draws only code page 437 and Latin-1, one cell each, in every theme (#14)",
          arguments: ["light", "dark", "imessage", "messenger", "slack"], [true, false])
    func everyTheme(theme: String, colors: Bool) {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let chat = ThemeSnapshotTests.everyKind()
        chat.setTyping(Cast.bob, timeout: 600)
        chat.historyIndicator = .loading
        let screen = ChatScreen(conversation: chat, style: Cast.style(style), title: "Parley — \(theme) ✓", columns: 64, rows: 46, usesColor: colors, density: .regular)
        screen.glyphs = GlyphRepertoire(environment: ["TERM": "linux"])
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render(time: 0.3)
        for cell in buffer.cells {
            #expect(GlyphRepertoire.linuxConsole.contains(cell.symbol), "'\(cell.symbol)' is not in the console's font")
            #expect(!cell.isContinuation, "no wide characters on the console")
        }
        if theme == "imessage" { Snapshot.check(buffer, named: "console-imessage-\(colors ? "color" : "nocolor")-64x46") }
    }

    @Test("stand-ins keep the drawing's shape: square corners, half blocks, √ for ✓ (#14)")
    func standIns() {
        let console = GlyphRepertoire.linuxConsole
        #expect(console.substitute("╭", columns: 1) == "┌")
        #expect(console.substitute("▗", columns: 1) == "▄")
        #expect(console.substitute("✓", columns: 1) == "√")
        #expect(console.substitute("👍🏽", columns: 2) == "??")
        #expect(console.substitute("日", columns: 2) == "??")
        #expect(console.substitute("é", columns: 1) == "é")
        #expect(console.substitute("─", columns: 1) == "─")
        #expect(GlyphRepertoire.unicode.substitute("👍🏽", columns: 2) == "👍🏽")
    }

    @Test("only TERM=linux is the console (#14)")
    func detection() {
        #expect(GlyphRepertoire(environment: ["TERM": "linux"]) == .linuxConsole)
        #expect(GlyphRepertoire(environment: ["TERM": "linux-16color"]) == .linuxConsole)
        #expect(GlyphRepertoire(environment: ["TERM": "xterm-256color"]) == .unicode)
        #expect(GlyphRepertoire(environment: [:]) == .unicode)
    }
}
