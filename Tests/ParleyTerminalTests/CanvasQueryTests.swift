import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

extension SessionTests {
/// Asking the terminal for its colours (OSC 10/11), so the screen keeps its background (#14).
/// Nested in the session suite: a session is process-wide, so these run one at a time
/// with the other session tests.
@Suite("Terminal colour query")
struct CanvasQueryTests {
    @Test("replies with BEL or ST, 1–4 digits a channel, keys typed meanwhile kept (#14)")
    func parse() {
        let bytes = Array("\u{1B}]11;rgb:0000/0000/0000\u{07}x\u{1B}]10;rgb:ff/ff/ff\u{1B}\\\u{1B}[?62;22cy".utf8)
        let reply = CanvasReply.parse(bytes)
        #expect(reply.background == Color(hex: 0x000000))
        #expect(reply.foreground == Color(hex: 0xFFFFFF))
        #expect(reply.isComplete)
        #expect(reply.rest == Array("xy".utf8))
        #expect(CanvasReply.color("rgb:f/8/0") == Color(red: 1, green: 8.0 / 15, blue: 0))
        for bad in ["rgb:zz/00/00", "rgb:0/0", "rgba:0/0/0/0", "rgb:00000/0/0", "", "rgb://"] {
            #expect(CanvasReply.color(bad) == nil, "\(bad)")
        }
        // Only DA1: the terminal does not report colours.
        let silent = CanvasReply.parse(Array("\u{1B}[?1;2c".utf8))
        #expect(silent.isComplete && silent.background == nil && silent.rest.isEmpty)
    }

    @Test("a reply arriving late is dropped by the decoder, not typed into the composer (#14)")
    func lateReply() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\u{1B}]11;rgb:1a1a/1a1a/1a1a\u{1B}\\hi".utf8))
        #expect(events.first.map { if case .unknown = $0 { true } else { false } } == true)
        #expect(events.dropFirst() == [.key(.character("h"), []), .key(.character("i"), [])])
        // Alt+] is still Alt+].
        var other = InputDecoder()
        #expect(other.feed([0x1B, UInt8(ascii: "]")]) + other.flush() == [.key(.character("]"), .alt)])
    }

    @Test("the session asks, reads the answer, and keeps keys typed meanwhile (#14)")
    func session() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        _ = pty.output()
        try pty.type(Array("a\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62c".utf8))
        let canvas = try session.queryCanvas(timeout: .seconds(2))
        #expect(canvas?.background == Color(hex: 0xFFFFFF))
        #expect(canvas?.isDark == false)
        let asked = String(decoding: pty.output(), as: UTF8.self)
        #expect(asked.contains("\u{1B}]11;?") && asked.contains("\u{1B}[c"))
        #expect(try session.readEvents(timeout: .milliseconds(10)) == [.key(.character("a"), [])])
    }

    @Test("the same query finds whether the terminal repeats characters: column 5 after a wide character and a repeat (#15)",
        arguments: [("\u{1B}[7;5R", true), ("\u{1B}[7;4R", false), ("\u{1B}[7;3R", false), ("", false)])
    func repeatProbe(report: String, repeats: Bool) throws {
        let parsed = CanvasReply.parse(Array("x\u{1B}[12;3Ry\u{1B}[?62c".utf8))
        #expect(parsed.cursorColumn == 3 && parsed.rest == Array("xy".utf8) && parsed.isComplete)
        #expect(CanvasReply.parse(Array("\u{1B}[;R\u{1B}[1;R".utf8)).cursorColumn == nil)
        // Only the first report before DA1 answers; Ctrl+F3 (ESC[1;5R) after it is a key.
        let pressed = CanvasReply.parse(Array("\u{1B}[7;4R\u{1B}[1;5R\u{1B}[?62c\u{1B}[1;5R".utf8))
        #expect(pressed.cursorColumn == 4)
        #expect(pressed.rest == Array("\u{1B}[1;5R\u{1B}[1;5R".utf8))
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        _ = pty.output()
        try pty.type(Array((report + "\u{1B}[?62c").utf8))
        _ = try session.queryCanvas(timeout: .seconds(2))
        #expect(session.repeatsCharacters == repeats)
        let asked = String(decoding: pty.output(), as: UTF8.self)
        #expect(asked.contains("\r中\u{1B}[1b\u{1B}[6n\r\u{1B}[2K"), "the probe, then the line erased")
        #expect(try session.readEvents(timeout: .milliseconds(10)) == [], "the report is not taken for a key")
        // A second query does not draw the probe again, and keeps the answer.
        #expect(!(try secondQuery(session, pty)).contains("\u{1B}[6n"))
        #expect(session.repeatsCharacters == repeats)
    }

    /// What `session` writes for a query after its first, answered with DA1 alone.
    private func secondQuery(_ session: TerminalSession, _ pty: SessionPTY) throws -> String {
        _ = pty.output()
        try pty.type(Array("\u{1B}[?62c".utf8))
        _ = try session.queryCanvas(timeout: .seconds(2))
        return String(decoding: pty.output(), as: UTF8.self)
    }

    @Test("the first query asks for synchronized output (DECRQM 2026); only a terminal that reports the mode gets it (#15)",
        arguments: [("\u{1B}[?2026;2$y", true), ("\u{1B}[?2026;1$y", true), ("\u{1B}[?2026;0$y", false),
            ("\u{1B}[?2026;4$y", false), ("\u{1B}[?25;1$y", false), ("", false)])
    func synchronizedOutputProbe(report: String, synchronizes: Bool) throws {
        let parsed = CanvasReply.parse(Array("x\u{1B}[?2026;2$yy\u{1B}[?62;22c".utf8))
        #expect(parsed.synchronizedOutputState == 2 && parsed.rest == Array("xy".utf8) && parsed.isComplete)
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        #expect(session.synchronizesOutput == nil, "not known before anything asked")
        _ = pty.output()
        try pty.type(Array((report + "\u{1B}[?62c").utf8))
        _ = try session.queryCanvas(timeout: .seconds(2))
        #expect(session.synchronizesOutput == synchronizes)
        #expect(String(decoding: pty.output(), as: UTF8.self).contains("\u{1B}[?2026$p\u{1B}[c"))
        #expect(try session.readEvents(timeout: .milliseconds(10)) == [], "the report is not taken for a key")
        // A second query does not ask again, and keeps the answer.
        #expect(!(try secondQuery(session, pty)).contains("$p"))
        #expect(session.synchronizesOutput == synchronizes)
    }

    @Test("with repeats turned off in the options there is no probe, and no repeats (#15)")
    func repeatsOff() throws {
        let pty = try SessionPTY()
        var options = TerminalSession.Options.headless
        options.repeats = false
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: options)
        defer { session.restore() }
        _ = pty.output()
        try pty.type(Array("\u{1B}[7;5R\u{1B}[?62c".utf8))
        _ = try session.queryCanvas(timeout: .seconds(2))
        #expect(!session.repeatsCharacters)
        let asked = String(decoding: pty.output(), as: UTF8.self)
        #expect(!asked.contains("\u{1B}[6n") && asked.contains("\u{1B}[c"))
    }

    @Test("a terminal that answers nothing costs the timeout and paints (#14)")
    func silentTerminal() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        #expect(try session.queryCanvas(timeout: .milliseconds(50)) == nil)
        #expect(session.synchronizesOutput == nil, "no answer says nothing about the mode")
    }
}
}
