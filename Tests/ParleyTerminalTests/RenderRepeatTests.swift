import Testing
@testable import ParleyTerminal

/// Where the terminal carries out REP, a run of one character in one style (a bubble's
/// edge of half blocks) goes as the character and a repeat, and the screen is the same as
/// when it is written out (#15).
@Suite("AnsiRenderer repeating characters")
struct RenderRepeatTests {
    static let paper = CellStyle(foreground: .rgb(28, 28, 30), background: .rgb(255, 255, 255))
    static let edge = CellStyle(foreground: .rgb(47, 111, 235), background: .rgb(255, 255, 255))

    static func repeating() -> AnsiRenderer {
        var renderer = AnsiRenderer()
        renderer.repeatsCharacters = true
        return renderer
    }

    /// A bubble's top edge: a corner, `width` half blocks, a corner.
    static func frame(width: Int = 60, columns: Int = 80) -> CellBuffer {
        var frame = CellBuffer(width: columns, height: 3)
        frame.fill(frame.area, symbol: " ", style: paper)
        frame.put("▗" + String(repeating: "▄", count: width) + "▖", x: 4, y: 1, style: edge)
        frame.put("hi", x: 6, y: 2, style: paper)
        return frame
    }

    @Test("a bubble's edge is one half block and a repeat, and looks the same")
    func edge() {
        var harness = RenderHarness(rows: 3, cols: 80, renderer: Self.repeating())
        let frame = Self.frame()
        let bytes = harness.show(frame)
        #expect(RenderFixture.contains(bytes, "▄\u{1B}[59b▖"), "\(RenderFixture.readable(bytes))")
        #expect(harness.terminal.lines == VTermScreen.visible(frame))
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)

        var plain = RenderHarness(rows: 3, cols: 80)
        let written = plain.show(frame)
        #expect(!RenderFixture.contains(written, "b▖"), "off by default")
        #expect(bytes.count + 150 < written.count, "\(bytes.count) bytes against \(written.count)")
        #expect(plain.terminal.lines == harness.terminal.lines)
    }

    /// Whether `bytes` hold a repeat (`ESC[` digits `b`).
    static func repeats(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}[").dropFirst().contains { part in
            part.drop { $0.isASCII && $0.isNumber }.first == "b"
        }
    }

    @Test("short runs, runs to the right edge, and runs broken by a style are right", arguments: [1, 2, 3, 4, 74, 75])
    func runs(width: Int) {
        var harness = RenderHarness(rows: 3, cols: 80, renderer: Self.repeating())
        var frame = Self.frame(width: width)
        frame.restyle(CellRect(x: 10, y: 1, width: 1, height: 1)) { $0.foreground = .rgb(200, 0, 0) }
        let bytes = harness.show(frame, cursor: (x: 2, y: 2))
        let text = RenderFixture.readable(bytes)
        #expect(harness.terminal.lines == VTermScreen.visible(frame), "\(text)")
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty, "\(text)")
        #expect(harness.terminal.cursor == (x: 2, y: 2), "the cursor lands right after a run to the edge")
        // A run is three cells at least (the corner after two half blocks breaks it).
        #expect(Self.repeats(bytes) == (width >= 3), "\(text)")
    }

    @Test("a run of a letter and a combining mark is written out: xterm would repeat the bare letter")
    func combiningRun() {
        var harness = RenderHarness(rows: 3, cols: 80, renderer: Self.repeating())
        var frame = CellBuffer(width: 80, height: 3)
        frame.put(String(repeating: "e\u{301}", count: 20), x: 2, y: 1)
        frame.put(String(repeating: "\u{E9}", count: 20), x: 30, y: 1)
        let bytes = harness.show(frame)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.unicodeScalars.filter { $0 == "\u{301}" }.count == 20, "every mark is sent")
        #expect(RenderFixture.contains(bytes, "\u{E9}\u{1B}[19b"), "the one-scalar letter is repeated")
        #expect(harness.terminal.lines == VTermScreen.visible(frame))
    }

    @Test("random frames of runs, with scrolls, show exactly each frame", arguments: [51, 52, 53, 54] as [UInt64])
    func randomRuns(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 4...40, using: &rng), height = Int.random(in: 3...8, using: &rng)
        var harness = RenderHarness(rows: height, cols: width, renderer: Self.repeating())
        var frame = CellBuffer(width: width, height: height)
        let symbols = ["▀", "▄", "─", "=", "é", "中"]
        let styles = [Self.paper, Self.edge, Self.edge.adding(.bold), CellStyle.plain]
        for step in 0..<150 {
            let by = Int.random(in: -2...2, using: &rng)
            if by != 0 { frame = RenderScrollTests.scrolled(frame, rows: 0..<height - 1, by: by) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let symbol = symbols.randomElement(using: &rng)!
                let count = Int.random(in: 1...width, using: &rng)
                frame.put(String(repeating: symbol, count: count), x: Int.random(in: -2..<width, using: &rng),
                    y: Int.random(in: 0..<height, using: &rng), style: styles.randomElement(using: &rng)!)
            }
            RenderRandomTests.mutate(&frame, &rng)
            let bytes = harness.show(frame, cursor: (x: 0, y: height - 1), scrollHint: by == 0 ? nil : (rows: 0..<height - 1, by: by))
            let context = "seed \(seed) step \(step)\n\(frame)\nbytes: \(RenderFixture.readable(bytes))"
            #expect(harness.terminal.lines == VTermScreen.visible(frame), "\(context)")
            #expect(harness.terminal.styleMismatches(against: frame).isEmpty, "\(context)")
            #expect(harness.terminal.cursor == (x: 0, y: height - 1), "\(context)")
            if harness.terminal.lines != VTermScreen.visible(frame) { return }
        }
    }
}
