import Testing
@testable import ParleyTerminal

@Suite("AnsiRenderer scroll-region hints")
struct RenderScrollTests {
    /// `frame` with rows `rows` moved up by `by` (down when negative), blank rows let in.
    static func scrolled(_ frame: CellBuffer, rows: Range<Int>, by: Int) -> CellBuffer {
        var result = frame
        for row in rows {
            for x in 0..<frame.width {
                result[x, row] = rows.contains(row + by) ? frame[x, row + by] : .blank()
            }
        }
        return result
    }

    /// Lines pushed into the scrollback by a region starting at the top are expected on the
    /// main screen (an application runs on the alternate screen, which has none).
    static func sideEffects(_ terminal: VTermScreen) -> [VTermScreen.Event] {
        terminal.sideEffects.filter { $0 != .scrolledOffTop }
    }

    @Test("new messages: the list scrolls up inside its region above a fixed input bar")
    func scrollUp() {
        var hinted = RenderHarness(rows: 24, cols: 80)
        var plain = RenderHarness(rows: 24, cols: 80)
        let before = RenderFixture.chat(width: 80, height: 24, firstMessage: 1)
        let after = RenderFixture.chat(width: 80, height: 24, firstMessage: 4)
        hinted.show(before, cursor: (x: 7, y: 23))
        plain.show(before, cursor: (x: 7, y: 23))

        let bytes = hinted.show(after, cursor: (x: 7, y: 23), scrollHint: (rows: 0..<23, by: 3))
        let unhinted = plain.show(after, cursor: (x: 7, y: 23))
        #expect(RenderFixture.contains(bytes, "\u{1B}[1;23r\u{1B}[3S"), "\(RenderFixture.readable(bytes))")
        #expect(bytes.count * 4 < unhinted.count, "hinted \(bytes.count) bytes, unhinted \(unhinted.count)")
        #expect(hinted.terminal.lines == after.lines)
        #expect(hinted.terminal.styleMismatches(against: after).isEmpty)
        #expect(hinted.terminal.lines == plain.terminal.lines)
        #expect(hinted.terminal.cursor == (x: 7, y: 23))
        #expect(Self.sideEffects(hinted.terminal).isEmpty)
    }

    @Test("older messages: a band in the middle scrolls down")
    func scrollDown() {
        var harness = RenderHarness(rows: 12, cols: 40)
        var before = RenderFixture.chat(width: 40, height: 12, firstMessage: 10)
        before.put("== header ==", x: 0, y: 0, style: CellStyle(attributes: .reverse))
        var after = Self.scrolled(before, rows: 1..<11, by: -2)
        after.put("message 8: older", x: 1, y: 1)
        after.put("message 9: older 中文", x: 4, y: 2)
        harness.show(before)
        let bytes = harness.show(after, cursor: nil, scrollHint: (rows: 1..<11, by: -2))
        #expect(RenderFixture.contains(bytes, "\u{1B}[2;11r\u{1B}[2T"), "\(RenderFixture.readable(bytes))")
        #expect(harness.terminal.lines == after.lines)
        #expect(harness.terminal.styleMismatches(against: after).isEmpty)
        #expect(Self.sideEffects(harness.terminal).isEmpty)
    }

    @Test("the scroll region stays set from one step to the next; another band, a resize or an invalidation sets it again (#15)")
    func regionKept() {
        var harness = RenderHarness(rows: 24, cols: 80)
        var frame = RenderFixture.chat(width: 80, height: 24, firstMessage: 10)
        harness.show(frame, cursor: (x: 7, y: 23))
        func step(_ rows: Range<Int>, older: String) -> String {
            frame = Self.scrolled(frame, rows: rows, by: -1)
            frame.fill(CellRect(x: 0, y: rows.lowerBound, width: 80, height: 1), symbol: " ", style: CellStyle())
            frame.put(older, x: 1, y: rows.lowerBound)
            let bytes = harness.show(frame, cursor: (x: 7, y: 23), scrollHint: (rows: rows, by: -1))
            #expect(harness.terminal.lines == frame.lines, "\(RenderFixture.readable(bytes))")
            #expect(harness.terminal.cursor == (x: 7, y: 23))
            return RenderFixture.readable(bytes)
        }
        #expect(step(0..<23, older: "first step").contains("␛[1;23r␛[T"))
        let second = step(0..<23, older: "second step")
        #expect(second.contains("␛[T") && !second.contains("r␛"), "\(second)")
        // A change below the region, reached from inside it: not by CUD, which stops at its edge.
        frame.put("below", x: 1, y: 23)
        frame.put("inside", x: 1, y: 20)
        harness.show(frame, cursor: (x: 7, y: 23))
        #expect(harness.terminal.lines == frame.lines)
        #expect(step(1..<23, older: "another band").contains("␛[2;23r␛[T"))
        harness.renderer.invalidate()
        let repainted = RenderFixture.readable(harness.show(frame, cursor: (x: 7, y: 23)))
        #expect(repainted.contains("␛[r"), "\(repainted)")
        #expect(step(1..<23, older: "after the repaint").contains("␛[2;23r"))
    }

    @Test("a band covering the whole screen needs no region")
    func wholeScreen() {
        var harness = RenderHarness(rows: 6, cols: 30)
        let before = RenderFixture.buffer((1...6).map { "line \($0) with some text" }, width: 30)
        var after = Self.scrolled(before, rows: 0..<6, by: 1)
        after.put("line 7 with some text", x: 0, y: 5)
        harness.show(before)
        let bytes = harness.show(after, cursor: nil, scrollHint: (rows: 0..<6, by: 1))
        #expect(!RenderFixture.contains(bytes, "r\u{1B}"), "\(RenderFixture.readable(bytes))")
        #expect(RenderFixture.contains(bytes, "\u{1B}[S"))
        #expect(harness.terminal.lines == after.lines)
    }

    @Test("a wrong or impossible hint costs bytes, never correctness", arguments: [
        (0..<23, 2), (0..<23, -3), (5..<10, 1), (0..<23, 0), (0..<23, 23), (-1..<5, 1), (20..<30, 1), (0..<1, 1),
    ])
    func wrongHints(rows: Range<Int>, by: Int) {
        var harness = RenderHarness(rows: 24, cols: 80)
        harness.show(RenderFixture.chat(width: 80, height: 24, firstMessage: 1))
        let after = RenderFixture.chat(width: 80, height: 24, firstMessage: 4)
        harness.show(after, cursor: (x: 7, y: 23), scrollHint: (rows: rows, by: by))
        #expect(harness.terminal.lines == after.lines)
        #expect(harness.terminal.styleMismatches(against: after).isEmpty)
        #expect(harness.terminal.cursor == (x: 7, y: 23))
    }

    @Test("a hint is ignored when the frame size changed")
    func hintOnResize() {
        var harness = RenderHarness(rows: 5, cols: 20)
        harness.show(RenderFixture.chat(width: 20, height: 5, firstMessage: 1))
        harness.terminal.resize(rows: 6, cols: 20)
        let after = RenderFixture.chat(width: 20, height: 6, firstMessage: 2)
        let bytes = harness.show(after, scrollHint: (rows: 0..<4, by: 1))
        #expect(!RenderFixture.contains(bytes, "\u{1B}[S"))
        #expect(harness.terminal.lines == after.lines)
    }

    @Test("random scrolls with right and wrong hints match a full repaint", arguments: [11, 12, 13, 14] as [UInt64])
    func randomScrolls(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 4...30, using: &rng), height = Int.random(in: 3...10, using: &rng)
        var harness = RenderHarness(rows: height, cols: width)
        var frame = CellBuffer(width: width, height: height)
        for step in 0..<120 {
            let top = Int.random(in: 0..<(height - 1), using: &rng)
            let bottom = Int.random(in: (top + 2)...height, using: &rng)
            var by = Int.random(in: 1..<(bottom - top), using: &rng)
            if Bool.random(using: &rng) { by = -by }
            frame = Self.scrolled(frame, rows: top..<bottom, by: by)
            RenderRandomTests.mutate(&frame, &rng)
            let hint: (rows: Range<Int>, by: Int)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: hint = (top..<bottom, -by)  // the wrong way
            case 1: hint = (0..<height, by)  // the wrong band
            default: hint = (top..<bottom, by)
            }
            let bytes = harness.show(frame, cursor: (x: 0, y: height - 1), scrollHint: hint)
            let context = "seed \(seed) step \(step) hint \(hint)\n\(frame)\nbytes: \(RenderFixture.readable(bytes))"
            #expect(harness.terminal.lines == VTermScreen.visible(frame), "\(context)")
            #expect(harness.terminal.styleMismatches(against: frame).isEmpty, "\(context)")
            #expect(Self.sideEffects(harness.terminal).isEmpty, "\(context)")
            #expect(RenderFixture.foreignControls(in: bytes).isEmpty, "\(context)")
            if harness.terminal.lines != VTermScreen.visible(frame) { return }
        }
        var fresh = RenderHarness(rows: height, cols: width, renderer: AnsiRenderer(strategy: .fullRedraw))
        fresh.show(frame)
        #expect(fresh.terminal.lines == harness.terminal.lines)
    }
}
