import Testing
@testable import ParleyTerminal

@Suite("AnsiRenderer through a real terminal emulator")
struct RenderTests {
    @Test("a frame, then a different one, show exactly the second")
    func twoFrames() {
        var harness = RenderHarness(rows: 3, cols: 12)
        let first = RenderFixture.buffer(["hello world", "中文 text", "line three"], width: 12)
        harness.show(first)
        #expect(harness.terminal.lines == first.lines)

        var second = RenderFixture.buffer(["hello there", "ab  text", ""], width: 12)
        second.put("bold", x: 8, y: 2, style: CellStyle(foreground: .indexed(1), attributes: .bold))
        harness.show(second)
        #expect(harness.terminal.lines == [
            "hello there ",
            "ab  text    ",
            "        bold",
        ])
        #expect(harness.terminal.lines == second.lines)
        #expect(harness.terminal.styleMismatches(against: second).isEmpty)
        #expect(harness.terminal.sideEffects.isEmpty)
    }

    @Test("an identical frame writes nothing at all")
    func quietWhenIdle() {
        var harness = RenderHarness(rows: 4, cols: 20)
        let frame = RenderFixture.chat(width: 20, height: 4, firstMessage: 1)
        #expect(!harness.show(frame, cursor: (x: 7, y: 3)).isEmpty)
        #expect(harness.show(frame, cursor: (x: 7, y: 3)).isEmpty)
        #expect(harness.show(frame, cursor: (x: 7, y: 3)).isEmpty)

        var hidden = AnsiRenderer()
        _ = hidden.render(frame, cursor: nil)
        #expect(hidden.render(frame, cursor: nil).isEmpty)
    }

    @Test("one changed cell costs a few bytes")
    func oneCellIsCheap() {
        var harness = RenderHarness(rows: 24, cols: 80)
        var frame = RenderFixture.chat(width: 80, height: 24, firstMessage: 1)
        harness.show(frame)
        frame.put("X", x: 40, y: 10)
        let bytes = harness.show(frame)
        #expect(bytes.count < 40, "\(RenderFixture.readable(bytes))")
        #expect(harness.terminal.lines == frame.lines)

        // With the cursor shown, the frame also hides and re-shows and places it.
        harness.show(frame, cursor: (x: 7, y: 23))
        frame.put("Y", x: 41, y: 10)
        let withCursor = harness.show(frame, cursor: (x: 7, y: 23))
        #expect(withCursor.count < 50, "\(RenderFixture.readable(withCursor))")
        #expect(harness.terminal.cursor == (x: 7, y: 23))
        #expect(harness.terminal.cursorIsVisible)
    }

    @Test("typing at the cursor writes the character without moving there")
    func typingEcho() {
        var harness = RenderHarness(rows: 5, cols: 30)
        var frame = RenderFixture.chat(width: 30, height: 5, firstMessage: 1, input: "> hi")
        harness.show(frame, cursor: (x: 4, y: 4))
        frame.put("!", x: 4, y: 4, style: CellStyle(background: .indexed(236)))
        let bytes = harness.show(frame, cursor: (x: 5, y: 4))
        #expect(RenderFixture.readable(bytes) == "␛[?2026h␛[?25l␛[48;5;236m!␛[0m␛[?25h␛[?2026l")
        #expect(harness.terminal.lines == frame.lines)
        #expect(harness.terminal.cursor == (x: 5, y: 4))
    }

    @Test("moving only the cursor writes only the move")
    func cursorOnly() {
        var harness = RenderHarness(rows: 5, cols: 30)
        let frame = RenderFixture.chat(width: 30, height: 5, firstMessage: 1)
        harness.show(frame, cursor: (x: 2, y: 4))
        #expect(RenderFixture.readable(harness.show(frame, cursor: (x: 3, y: 4))) == "␛[C")
        #expect(RenderFixture.readable(harness.show(frame, cursor: (x: 0, y: 4))) == "\r")
        #expect(RenderFixture.readable(harness.show(frame, cursor: (x: 9, y: 1))) == "␛[2;10H")
        #expect(RenderFixture.readable(harness.show(frame, cursor: nil)) == "␛[?25l")
        #expect(!harness.terminal.cursorIsVisible)
        #expect(harness.show(frame, cursor: nil).isEmpty)
        #expect(harness.terminal.lines == frame.lines)
    }

    @Test("the cursor is clamped to the frame")
    func cursorClamped() {
        var harness = RenderHarness(rows: 3, cols: 10)
        harness.show(RenderFixture.buffer(["a", "b", "c"], width: 10), cursor: (x: 40, y: -3))
        #expect(harness.terminal.cursor == (x: 9, y: 0))
    }

    @Test("invalidate repaints a screen something else scribbled on")
    func invalidateRepaints() {
        var harness = RenderHarness(rows: 3, cols: 10)
        let frame = RenderFixture.buffer(["one", "two", "three"], width: 10)
        harness.show(frame)
        harness.terminal.feed(Array("\u{1B}[2;1Hgarbage!!\u{1B}[41mXX".utf8))
        #expect(harness.show(frame).isEmpty)  // the renderer cannot know
        harness.renderer.invalidate()
        let bytes = harness.show(frame)
        #expect(RenderFixture.contains(bytes, "\u{1B}[2J"))
        #expect(harness.terminal.lines == frame.lines)
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)
    }

    @Test("a frame of another size repaints everything")
    func resizeRepaints() {
        var harness = RenderHarness(rows: 3, cols: 10)
        harness.show(RenderFixture.buffer(["one", "two", "three"], width: 10))
        harness.terminal.resize(rows: 4, cols: 6)
        let frame = RenderFixture.buffer(["alpha", "中文", "", "omega"], width: 6)
        harness.show(frame)
        #expect(harness.terminal.lines == frame.lines)
    }

    @Test("a wide character replaced by narrow ones, and the reverse")
    func wideAndNarrow() {
        var harness = RenderHarness(rows: 2, cols: 8)
        let wide = RenderFixture.buffer(["中文字a", "ab中cd"], width: 8)
        harness.show(wide)
        #expect(harness.terminal.lines == ["中文字a ", "ab中cd  "])

        var narrow = wide
        narrow.put("x", x: 2, y: 0)  // the left half of 文: its right half becomes blank
        narrow.put("xyz", x: 1, y: 1)  // over 中's right half
        harness.show(narrow)
        #expect(harness.terminal.lines == narrow.lines)
        #expect(narrow.lines == ["中x 字a ", "axyzcd  "])

        harness.show(wide)
        #expect(harness.terminal.lines == wide.lines)

        // Only the right half restyled: the character is drawn again in its new style.
        var restyled = wide
        restyled.restyle(CellRect(x: 1, y: 0, width: 1, height: 1)) { $0.foreground = .indexed(2) }
        restyled.restyle(CellRect(x: 0, y: 0, width: 1, height: 1)) { $0.foreground = .indexed(2) }
        harness.show(restyled)
        #expect(harness.terminal.cell(x: 0, y: 0).style.foreground == .indexed(2))
        #expect(harness.terminal.lines == wide.lines)
    }

    @Test("a wide character at the right edge and in the last cell never wraps or scrolls")
    func rightEdge() {
        var harness = RenderHarness(rows: 2, cols: 5)
        var frame = CellBuffer(width: 5, height: 2)
        frame.put("abc中", x: 0, y: 1)
        frame.put("中", x: 3, y: 0)
        harness.show(frame)
        #expect(harness.terminal.lines == ["   中", "abc中"])
        frame.put("z", x: 4, y: 1)
        harness.show(frame)
        #expect(harness.terminal.lines == frame.lines)
        #expect(harness.terminal.sideEffects.isEmpty)
    }

    @Test("styles and colours reach the terminal as set")
    func styles() {
        var harness = RenderHarness(rows: 2, cols: 20)
        var frame = CellBuffer(width: 20, height: 2)
        frame.put("bold", x: 0, y: 0, style: CellStyle(attributes: .bold))
        frame.put("red", x: 5, y: 0, style: CellStyle(foreground: .indexed(1)))
        frame.put("hi", x: 9, y: 0, style: CellStyle(foreground: .indexed(13), background: .indexed(4)))
        frame.put("rgb", x: 12, y: 0, style: CellStyle(foreground: .rgb(10, 200, 30), attributes: [.italic, .underline]))
        frame.put("rev", x: 0, y: 1, style: CellStyle(background: .indexed(200), attributes: .reverse))
        frame.put("中", x: 4, y: 1, style: CellStyle(foreground: .rgb(1, 2, 3), attributes: .bold))
        harness.show(frame)
        #expect(harness.terminal.lines == frame.lines)
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)

        var next = frame
        next.restyle(CellRect(x: 0, y: 0, width: 20, height: 2)) { $0 = CellStyle(foreground: .indexed(3)) }
        harness.show(next)
        #expect(harness.terminal.styleMismatches(against: next).isEmpty)
    }

    @Test("colours are approximated to the terminal's depth", arguments: [
        (ColorDepth.trueColor, TerminalColor.rgb(255, 0, 0)),
        (.palette256, .indexed(196)),
        (.basic16, .indexed(9)),
        (.none, .default),
    ])
    func depth(depth: ColorDepth, seen: TerminalColor) {
        var harness = RenderHarness(rows: 1, cols: 6, renderer: AnsiRenderer(colorDepth: depth))
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("red", x: 0, y: 0, style: CellStyle(foreground: .rgb(255, 0, 0), attributes: .bold))
        let bytes = harness.show(frame)
        #expect(harness.terminal.cell(x: 1, y: 0).style == CellStyle(foreground: seen, attributes: .bold))
        if depth == .none { #expect(!RenderFixture.contains(bytes, "38;")) }
    }

    @Test("a full redraw writes every cell; the diff a small part")
    func fullVersusDiff() {
        var diffing = RenderHarness(rows: 24, cols: 80)
        var full = RenderHarness(rows: 24, cols: 80, renderer: AnsiRenderer(strategy: .fullRedraw))
        var frame = RenderFixture.chat(width: 80, height: 24, firstMessage: 1)
        diffing.show(frame, cursor: (x: 7, y: 23))
        full.show(frame, cursor: (x: 7, y: 23))
        #expect(full.show(frame, cursor: (x: 7, y: 23)).count > 1900)  // never quiet

        frame.put("> hello, how are you", x: 0, y: 23, style: CellStyle(background: .indexed(236)))
        let diffBytes = diffing.show(frame, cursor: (x: 20, y: 23)).count
        let fullBytes = full.show(frame, cursor: (x: 20, y: 23)).count
        #expect(diffBytes * 20 < fullBytes, "diff \(diffBytes) bytes, full \(fullBytes) bytes")
        #expect(diffing.terminal.lines == frame.lines)
        #expect(full.terminal.lines == frame.lines)
        #expect(full.terminal.styleMismatches(against: frame).isEmpty)
    }

    @Test("without synchronized output no mode 2026 is written")
    func noSynchronizedOutput() {
        var harness = RenderHarness(rows: 2, cols: 5, renderer: AnsiRenderer(synchronizedOutput: false))
        let bytes = harness.show(RenderFixture.buffer(["ab", "cd"], width: 5))
        #expect(!RenderFixture.contains(bytes, "2026"))
        #expect(harness.terminal.lines == ["ab   ", "cd   "])
    }

    @Test("cells set behind put's back are still sent only as printable text")
    func unprintableCells() {
        var harness = RenderHarness(rows: 1, cols: 10)
        var frame = CellBuffer(width: 10, height: 1)
        frame[0, 0] = Cell(symbol: "\u{1B}")
        frame[1, 0] = Cell(symbol: "\u{1B}]0;pwned\u{07}")
        frame[2, 0] = Cell(symbol: "\u{9B}2J")
        frame[3, 0] = Cell(symbol: "ab")  // two clusters in one cell
        frame[4, 0] = Cell(symbol: "中")  // wide, with no right half after it
        frame[5, 0] = Cell(symbol: "x")
        frame[6, 0] = Cell(symbol: "")  // a right half with no left half
        frame[7, 0] = Cell(symbol: "\u{202E}")
        frame[8, 0] = Cell(symbol: "\u{301}")  // zero width
        frame[9, 0] = Cell(symbol: "z")
        let bytes = harness.show(frame)
        // A right half after a narrow character is a blank; a lone mark rides on a no-break space.
        #expect(harness.terminal.lines == ["\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}x \u{FFFD}\u{A0}\u{301}z"])
        #expect(harness.terminal.sideEffects.isEmpty)
        #expect(!bytes.contains(0x07) && !bytes.contains(0x9B))
    }

    @Test("a cluster terminals measure differently cannot shift the rest of its row or wrap")
    func disputedWidth() {
        var harness = RenderHarness(rows: 2, cols: 8)
        // libvterm 0.1 counts a skin-toned thumb as four columns and a family as six.
        let frame = RenderFixture.buffer(["a👍🏽bcdef", "xyz👨‍👩‍👧"], width: 8)
        harness.show(frame)
        // The thumb spills over b and c, which are drawn again; the family could reach past
        // the edge (and scroll the screen), so only its first member is sent.
        #expect(harness.terminal.lines == ["a👍bcdef", "xyz👨   "])
        #expect(harness.terminal.sideEffects.isEmpty)  // nothing scrolled off

        // Changing only the cluster repairs the cells it may spill over, too.
        var next = frame
        next.put("👍🏿", x: 1, y: 0)
        let bytes = harness.show(next)
        #expect(harness.terminal.lines == ["a👍bcdef", "xyz👨   "])
        #expect(RenderFixture.contains(bytes, "bc"))
        #expect(harness.terminal.sideEffects.isEmpty)
    }

    @Test("a symbol a terminal may count narrower than drawn (❤️, one column in libvterm and tmux 3.3) leaves no stale cell after it")
    func narrowerReading() {
        #expect(PrintableSymbol.hasDisputedWidth("❤️") && PrintableSymbol.hasDisputedWidth("☺️") && PrintableSymbol.hasDisputedWidth("©️"))
        #expect(!PrintableSymbol.hasDisputedWidth("❤") && !PrintableSymbol.hasDisputedWidth("😀"))
        var harness = RenderHarness(rows: 1, cols: 8)
        let frame = RenderFixture.buffer(["abcdefgh"], width: 8)
        harness.show(frame)
        var next = frame
        next.put("❤️", x: 1, y: 0)
        harness.show(next)
        // libvterm draws the heart in one column: the c it covered in the frame is gone.
        #expect(!harness.terminal.lines[0].contains("c"), "\(harness.terminal.lines)")
        #expect(harness.terminal.lines == ["a❤️ defgh"])
    }

    @Test("sequence parameters are written in decimal, and their lengths counted alike")
    func decimalParameters() {
        for value in [0, 1, 9, 10, 11, 99, 100, 101, 255, 999, 1000, 65_535, 1_000_000] {
            var bytes: [UInt8] = []
            AnsiFrameWriter.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(AnsiFrameWriter.decimalLength(value) == String(value).count)
        }
        #expect(AnsiFrameWriter.csi([38, 2, 255, 0, 10], "m") == Array("\u{1B}[38;2;255;0;10m".utf8))
        #expect(AnsiFrameWriter.csi([2026], "h", privateMode: true) == Array("\u{1B}[?2026h".utf8))
    }
    @Test("with more symbols than its recent table has slots, the memo decides each as a fresh one does")
    func crowdedSymbolSlots() {
        var random = RenderRandom(seed: 7)
        let symbols = (0..<200).map { Glyph(String(UnicodeScalar(0x2500 + $0)!)) }
            + ["中", "😀", "e\u{301}", "☕", "\u{FFFD}", "👩\u{200D}💻", "1\u{FE0F}\u{20E3}"].map { Glyph($0) }
        var memo = PrintableSymbol.Memo()
        for _ in 0..<3_000 {
            let glyph = symbols[Int(random.next() % UInt64(symbols.count))]
            let columns = random.next() % 4 == 0 ? 2 : 1
            var fresh = PrintableSymbol.Memo()
            let expected = fresh.decision(for: glyph, columns: columns)
            let decided = memo.decision(for: glyph, columns: columns)
            #expect(decided.glyph == expected.glyph)
            #expect(decided.disputed == expected.disputed)
            #expect(decided.widest == expected.widest)
        }
    }

    @Test("symbols decided in one frame are kept for the next, and a flood of new ones cannot grow the memo")
    func symbolMemo() {
        var harness = RenderHarness(rows: 2, cols: 12)
        let frame = RenderFixture.buffer(["午饭 ▀▄ 😀", "é\u{301}x"], width: 12)
        harness.show(frame)
        let kept = harness.renderer.symbols.count
        #expect(kept >= 5)  // 午, 饭, ▀, ▄, 😀, é and the lone mark; ASCII is never kept.

        // The next frame reads the kept decisions and draws what a fresh renderer draws.
        var next = frame
        next.put("饭午", x: 0, y: 0)
        let bytes = harness.show(next)
        var fresh = RenderHarness(rows: 2, cols: 12)
        fresh.show(next)
        #expect(harness.terminal.lines == fresh.terminal.lines)
        #expect(RenderFixture.foreignControls(in: bytes).isEmpty)
        #expect(harness.renderer.symbols.count == kept)

        // Thousands of distinct symbols, a screen at a time: the memo stays bounded.
        for start in stride(from: 0, to: 3 * PrintableSymbol.Memo.limit, by: 12) {
            let ideographs = (0..<12).map { String(Character(Unicode.Scalar(0x4E00 + UInt32(start + $0))!)) }
            harness.show(RenderFixture.buffer([ideographs[..<6].joined(), ideographs[6...].joined()], width: 12))
        }
        #expect(harness.renderer.symbols.count <= 2 * PrintableSymbol.Memo.limit)
    }
}
