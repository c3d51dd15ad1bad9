import Testing
@testable import ParleyTerminal

@Suite("Hostile text through the renderer into a real terminal")
struct HostileCorpusTests {
    static let esc = "\u{1B}"
    /// 22 combining marks piled on each letter.
    static let zalgoMarks = String(String.UnicodeScalarView((0x300...0x315).compactMap(Unicode.Scalar.init)))
    /// A stray byte, a truncated sequence, a surrogate and an overlong slash.
    static let invalidUTF8: [UInt8] = [0x41, 0xFF, 0xC3, 0x28, 0xE2, 0x82, 0x41, 0xED, 0xA0, 0x80, 0xC0, 0xAF, 0x42]

    /// Message text meant to act on the terminal, or to break the layout.
    static let corpus: [(name: String, text: String)] = [
        ("clear screen", "\(esc)[2Jcleared?"),
        ("title via OSC 0", "\(esc)]0;pwned\u{07}after title"),
        ("title via OSC 2 with ST", "\(esc)]2;pwned\(esc)\\after title"),
        ("clipboard via OSC 52", "\(esc)]52;c;cm0gLXJmIH4K\u{07}copied?"),
        ("hyperlink via OSC 8", "\(esc)]8;;https://evil.example/\(esc)\\click me\(esc)]8;;\(esc)\\"),
        ("DCS request", "\(esc)P$qm\(esc)\\ and \(esc)P+q544e\(esc)\\"),
        ("status reports", "\(esc)[6n\(esc)[c\(esc)[>c\(esc)[5n"),
        ("C1 CSI and OSC", "\u{9B}2J\u{9D}0;pwned\u{9C}c1"),
        ("cursor moves", "\(esc)[10;10Hmoved\(esc)[A\(esc)7\(esc)8\(esc)[s"),
        ("modes", "\(esc)[?1049h\(esc)[?1000h\(esc)[?25l\(esc)[?7l\(esc)c"),
        ("bidi overrides", "invoice\u{202E}fdp.exe \u{2066}isolated\u{2069} \u{202B}rtl\u{202C}"),
        ("NUL, BEL, backspace, CR, LF, tab", "a\u{0}b\u{07}c\u{08}d\re\nf\tg\u{7F}h"),
        ("separators", "line\u{2028}para\u{2029}end\u{85}nel"),
        ("10k-character word", String(repeating: "W", count: 10_000)),
        ("Zalgo", "ZALGO".map { String($0) + zalgoMarks }.joined()),
        ("invalid UTF-8", String(decoding: invalidUTF8, as: UTF8.self)),
        ("200 columns of emoji", String(repeating: "😀", count: 100)),
        ("leading combining marks", "\u{301}\u{302}marks first"),
        ("wide at the edge", String(repeating: "中", count: 60)),
    ]

    static let width = 72

    /// The corpus, one entry per row, from column `indent`, with a caret on the last row.
    static func frame(indent: Int, reversed: Bool = false) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: corpus.count + 1)
        let entries = reversed ? corpus.reversed() : corpus
        for (row, entry) in entries.enumerated() {
            let style = CellStyle(foreground: .indexed(UInt8(row % 8 + 1)), attributes: row.isMultiple(of: 2) ? .bold : [])
            buffer.put(entry.text, x: indent, y: row, style: style)
        }
        buffer.put("> ", x: 0, y: corpus.count)
        return buffer
    }

    /// Checks the terminal shows `frame` exactly and nothing else happened.
    static func expectInert(_ harness: RenderHarness, _ frame: CellBuffer, bytes: [UInt8], cursor: (x: Int, y: Int)) {
        let terminal = harness.terminal
        #expect(terminal.lines == VTermScreen.visible(frame), "\(RenderFixture.scalarDiff(terminal.lines, VTermScreen.visible(frame)))")
        #expect(terminal.styleMismatches(against: frame).isEmpty)
        #expect(!terminal.events.contains { if case .title = $0 { true } else { false } }, "title was set")
        #expect(terminal.sideEffects.isEmpty, "\(terminal.sideEffects)")
        #expect(terminal.cursor == cursor)
        #expect(terminal.cursorIsVisible)
        #expect(RenderFixture.foreignControls(in: bytes).isEmpty, "\(RenderFixture.foreignControls(in: bytes))")
        for row in 0..<frame.height {
            #expect(TerminalWidth.columns(of: frame.lines[row]) <= width, "row \(row) is wider than the screen")
        }
    }

    @Test("every hostile string shows as inert text, and nothing else happens")
    func inert() {
        var harness = RenderHarness(rows: Self.corpus.count + 1, cols: Self.width)
        let cursor = (x: 2, y: Self.corpus.count)
        let first = Self.frame(indent: 0)
        var bytes = harness.show(first, cursor: cursor)
        Self.expectInert(harness, first, bytes: bytes, cursor: cursor)

        // The controls are visible as pictures, where they were.
        let lines = harness.terminal.lines
        #expect(lines[0].hasPrefix("␛[2Jcleared?"))
        #expect(lines[1].hasPrefix("␛]0;pwned␇after title"))
        #expect(lines[7].hasPrefix("\u{FFFD}2J\u{FFFD}0;pwned\u{FFFD}c1"))
        #expect(lines[10].hasPrefix("invoice\u{FFFD}fdp.exe \u{FFFD}isolated\u{FFFD}"))
        #expect(lines[11].hasPrefix("a␀b␇c␈d e f    g␡h"))
        #expect(lines[13] == String(repeating: "W", count: Self.width))
        #expect(lines[16] == String(repeating: "😀", count: Self.width / 2))
        #expect(lines[18] == String(repeating: "中", count: Self.width / 2))

        // The same strings again, moved: the diff rewrites them elsewhere.
        for (indent, reversed) in [(3, false), (1, true), (0, false)] {
            let next = Self.frame(indent: indent, reversed: reversed)
            bytes = harness.show(next, cursor: cursor)
            Self.expectInert(harness, next, bytes: bytes, cursor: cursor)
        }

        // And once more with a scroll hint, which takes the scroll path.
        var scrolled = RenderHarness(rows: Self.corpus.count + 1, cols: Self.width)
        scrolled.show(Self.frame(indent: 0), cursor: cursor)
        var next = RenderScrollTests.scrolled(Self.frame(indent: 0), rows: 0..<Self.corpus.count, by: 2)
        next.put(Self.corpus[0].text, x: 0, y: Self.corpus.count - 2)
        next.put(Self.corpus[7].text, x: 0, y: Self.corpus.count - 1)
        bytes = scrolled.show(next, cursor: cursor, scrollHint: (rows: 0..<Self.corpus.count, by: 2))
        #expect(RenderFixture.contains(bytes, "\u{1B}[2S"))
        #expect(scrolled.terminal.lines == VTermScreen.visible(next))
        #expect(scrolled.terminal.sideEffects.allSatisfy { $0 == .scrolledOffTop })
        #expect(RenderFixture.foreignControls(in: bytes).isEmpty)
    }

    @Test("each hostile string alone, at every depth, in a narrow terminal", arguments: corpus.indices)
    func eachAlone(index: Int) {
        for depth in ColorDepth.allCases {
            var harness = RenderHarness(rows: 3, cols: 17, renderer: AnsiRenderer(colorDepth: depth))
            var frame = CellBuffer(width: 17, height: 3)
            frame.put(Self.corpus[index].text, x: 1, y: 1, style: CellStyle(foreground: .rgb(200, 30, 30), attributes: .underline))
            let bytes = harness.show(frame, cursor: (x: 0, y: 2))
            #expect(harness.terminal.lines == VTermScreen.visible(frame), "\(Self.corpus[index].name)")
            #expect(harness.terminal.sideEffects.isEmpty, "\(Self.corpus[index].name): \(harness.terminal.sideEffects)")
            #expect(harness.terminal.cursor == (x: 0, y: 2))
            #expect(RenderFixture.foreignControls(in: bytes).isEmpty)
        }
    }

    @Test("the oracle itself sees raw control sequences (so the tests above can fail)")
    func oracleSeesRawSequences() {
        let terminal = VTermScreen(rows: 3, cols: 20)
        terminal.feed(Array("\(Self.esc)]0;pwned\u{07}\(Self.esc)]52;c;aGk=\u{07}\u{07}\(Self.esc)[6n\(Self.esc)[?1049h".utf8))
        #expect(terminal.events.contains(.title("pwned")))
        #expect(terminal.events.contains(.osc("52;c;aGk=")))
        #expect(terminal.events.contains(.bell))
        #expect(terminal.events.contains { if case .reply = $0 { true } else { false } })
        #expect(terminal.events.contains(.altScreen(true)))
        terminal.feed(Array("\(Self.esc)[2;3Hx".utf8))
        #expect(terminal.lines[1] == "  x                 ")
        #expect(terminal.cursor == (x: 3, y: 1))
    }
}
