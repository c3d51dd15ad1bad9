import Testing
@testable import ParleyTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private typealias S = SessionTestSupport

/// Sessions change process-wide state (one active session, signal handlers), so these
/// tests, and the nested signal suite, run one at a time.
@Suite("Terminal session", .serialized)
struct SessionTests {
    @Test("entering sets raw mode and writes the enter sequence; restore undoes both, once")
    func enterAndRestore() throws {
        let pty = try SessionPTY()
        let original = pty.settings
        let session = try TerminalSession(input: pty.slave, output: pty.slave)

        let raw = pty.settings
        #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) == 0)
        #expect(raw.c_lflag & tcflag_t(IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(RawMode.controlCharacter(raw, index: Int(VMIN)) == 0)
        #expect(RawMode.controlCharacter(raw, index: Int(VTIME)) == 0)
        #expect(!S.sameSettings(raw, original))

        let entered = pty.output()
        #expect(entered == TerminalSession.enterSequence(for: TerminalSession.Options()))

        session.restore()
        #expect(session.isRestored)
        #expect(S.sameSettings(pty.settings, original))
        #expect(pty.output() == TerminalSession.restoreSequence)

        session.restore()
        #expect(pty.output() == [])
        #expect(S.sameSettings(pty.settings, original))
    }

    @Test("the sequences contain each mode in order, restore in reverse")
    func sequences() {
        let enter = String(decoding: TerminalSession.enterSequence(for: .init()), as: UTF8.self)
        #expect(enter == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h")
        let restore = String(decoding: TerminalSession.restoreSequence, as: UTF8.self)
        #expect(restore == "\u{1B}[?2026l\u{1B}[r\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
            + "\u{1B}[?25h\u{1B}[?1049l\u{1B}[0m")
    }

    @Test("restoring resets a scroll region a frame left set, and keeps the cursor on the main screen (#10)",
        arguments: [true, false])
    func scrollRegionReset(alternateScreen: Bool) {
        let options = TerminalSession.Options(alternateScreen: alternateScreen)
        let screen = VTermScreen(rows: 6, cols: 10)
        // Lines 1 to 6, a frame that set rows 2-4 as its scroll region, then the restore.
        screen.feed(Array("1\r\n2\r\n3\r\n4\r\n5\r\n6\u{1B}[2;4r\u{1B}[6;2H".utf8))
        screen.feed(TerminalSession.restoreSequence(for: options))
        if !alternateScreen { screen.feed(Array("x".utf8)) }
        // A shell's next line feeds at the bottom must scroll the whole screen.
        screen.feed(Array("\u{1B}[6;1H\n\n".utf8))
        func line(_ y: Int) -> String { String(screen.line(y).reversed().drop { $0 == " " }.reversed()) }
        #expect(line(0) == "3")
        #expect(line(3) == (alternateScreen ? "6" : "6x"))
    }

    @Test("headless options leave out the alternate screen, mouse, paste and focus")
    func headless() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        #expect(pty.output() == Array("\u{1B}[?25l".utf8))
        session.restore()
        let restored = pty.output()
        #expect(restored == TerminalSession.restoreSequence(for: .headless))
        #expect(S.find(Array("\u{1B}[?1049l".utf8), in: restored) == nil)
    }

    @Test("without raw mode the line settings are left alone")
    func withoutRawMode() throws {
        let pty = try SessionPTY()
        let original = pty.settings
        var options = TerminalSession.Options.headless
        options.rawMode = false
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: options)
        #expect(S.sameSettings(pty.settings, original))
        session.restore()
    }

    @Test("dropping the session restores the terminal")
    func deinitRestores() throws {
        let pty = try SessionPTY()
        let original = pty.settings
        do {
            let session = try TerminalSession(input: pty.slave, output: pty.slave)
            #expect(!session.isRestored)
        }
        #expect(S.sameSettings(pty.settings, original))
        let output = pty.output()
        let restoreAt = S.find(TerminalSession.restoreSequence, in: output)
        #expect(restoreAt == TerminalSession.enterSequence(for: .init()).count)
    }

    @Test("a file or pipe is refused with a clear error")
    func notATerminal() throws {
        let pty = try SessionPTY()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.notATerminal(descriptor: ends[0], role: "input")) {
            try TerminalSession(input: ends[0], output: pty.slave)
        }
        #expect(throws: TerminalError.notATerminal(descriptor: ends[1], role: "output")) {
            try TerminalSession(input: pty.slave, output: ends[1])
        }
        #expect(TerminalError.notATerminal(descriptor: 0, role: "input").description.contains("not a terminal"))
        #expect(S.sameSettings(pty.settings, try SessionPTY().settings))
    }

    @Test("only one session at a time; another may start after restore")
    func oneAtATime() throws {
        let first = try SessionPTY()
        let second = try SessionPTY()
        let secondOriginal = second.settings
        let session = try TerminalSession(input: first.slave, output: first.slave)
        #expect(throws: TerminalError.alreadyActive) {
            try TerminalSession(input: second.slave, output: second.slave)
        }
        #expect(S.sameSettings(second.settings, secondOriginal))
        #expect(second.output() == [])
        session.restore()
        let next = try TerminalSession(input: second.slave, output: second.slave)
        #expect(!S.sameSettings(second.settings, secondOriginal))
        next.restore()
        #expect(S.sameSettings(second.settings, secondOriginal))
    }

    @Test("size comes from the terminal, with COLUMNS/LINES or 80×24 as fallback")
    func size() throws {
        let pty = try SessionPTY()
        pty.setSize(columns: 132, rows: 43)
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        #expect(session.size == TerminalSize(columns: 132, rows: 43))

        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalSize.of(descriptor: ends[0]) == TerminalSize.fromEnvironment())
        let fromEnvironment = TerminalSize.fromEnvironment()
        #expect(fromEnvironment.columns > 0 && fromEnvironment.rows > 0)
    }

    @Test("typed bytes come back as events; a lone ESC becomes Escape after the delay")
    func readEvents() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        _ = pty.output()

        #expect(try session.readEvents(timeout: .milliseconds(20)) == [])

        try pty.type(Array("hé\u{1B}[A\u{03}".utf8))
        #expect(try session.readEvents(timeout: .seconds(2)) == [.char("h"), .char("é"), .key(.up, []), .char("c", .ctrl)])

        try pty.type([0x1B])
        #expect(try session.readEvents(timeout: .seconds(2)) == [.key(.escape, [])])

        try pty.type(Array("\u{1B}x".utf8))
        #expect(try session.readEvents(timeout: .seconds(2)) == [.char("x", .alt)])

        try pty.type(Array("\u{1B}[200~a\nb\u{1B}[201~".utf8))
        #expect(try session.readEvents(timeout: .seconds(2)) == [.paste("a\nb")])
    }

    @Test("a paste whose end marker never comes ends after a silence: Ctrl-C works again (#10)")
    func unendedPaste() throws {
        let pty = try SessionPTY()
        var options = TerminalSession.Options.headless
        options.pasteTimeout = .milliseconds(150)
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: options)
        defer { session.restore() }
        _ = pty.output()

        try pty.type(Array("\u{1B}[200~half a paste".utf8))
        var events: [InputEvent] = []
        // Each call waits at most the paste timeout; a few of them cover the silence.
        for _ in 0..<40 where !events.contains(.paste("half a paste")) {
            events += try session.readEvents(timeout: .seconds(2))
        }
        #expect(events == [.paste("half a paste")])
        try pty.type([0x03])
        #expect(try session.readEvents(timeout: .seconds(2)) == [.char("c", .ctrl)])
    }

    @Test("a closed terminal is reported as inputClosed")
    func inputClosed() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        pty.closeMaster()
        #expect(throws: TerminalError.inputClosed) { try session.readEvents(timeout: .seconds(2)) }
    }

    @Test("raw bytes can be read with a timeout; each read returns only its own bytes (#15)")
    func readBytes() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        #expect(try session.read(timeout: .milliseconds(10)) == [])
        try pty.type([0x01, 0x0D, 0x7F])
        #expect(try session.read(timeout: .seconds(2)) == [0x01, 0x0D, 0x7F])
        // The session reads into one buffer it keeps: a shorter read after a longer one
        // must not bring back what the longer one left there.
        try pty.type([0x61])
        #expect(try session.read(timeout: .seconds(2)) == [0x61])
        let long = (0..<3000).map { UInt8(0x41 + $0 % 26) }
        try pty.type(long)
        var read: [UInt8] = []
        while read.count < long.count {
            let bytes = try session.read(timeout: .seconds(2))
            if bytes.isEmpty { break }
            read += bytes
        }
        #expect(read == long)
    }

    @Test("SIGWINCH wakes the read and yields a resize event with the new size")
    func resize() throws {
        let pty = try SessionPTY()
        pty.setSize(columns: 80, rows: 24)
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        #expect(session.takeResize() == nil)

        // As the kernel does: to the process, handled by whichever thread does not block it.
        pty.setSize(columns: 100, rows: 40)
        kill(getpid(), SIGWINCH)
        // The resize arrives as an event; without the signal the read would time out empty.
        let events = try session.readEvents(timeout: .seconds(30))
        #expect(events == [.resize(columns: 100, rows: 40)])
        #expect(session.takeResize() == nil)

        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGWINCH)
        #expect(try session.read(timeout: .seconds(5)) == [])
        #expect(session.takeResize() == TerminalSize(columns: 100, rows: 40))
        #expect(session.takeResize() == nil)
    }

    @Test("write delivers every byte of a large frame")
    func writeEverything() throws {
        let pty = try SessionPTY()
        let session = try TerminalSession(input: pty.slave, output: pty.slave, options: .headless)
        defer { session.restore() }
        _ = pty.output()
        let frame = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let sink = SessionByteSink()
        let done = sink.drain(pty.master, expected: frame.count)
        try session.write(frame)
        done.wait()
        #expect(sink.bytes.withLock { $0 } == frame)
    }

    @Test("writing after the terminal is gone reports an error, not a crash")
    func writeFailure() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let previous = S.setDisposition(SIGPIPE, SIG_IGN)
        defer { S.restoreDisposition(SIGPIPE, previous); close(ends[1]) }
        #expect(throws: TerminalError.systemCall(name: "write", errno: EPIPE)) {
            try FileDescriptorIO.writeAll(ends[1], [1, 2, 3])
        }
    }
}
