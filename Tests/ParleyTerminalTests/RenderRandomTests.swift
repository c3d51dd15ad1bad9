import Testing
@testable import ParleyTerminal

@Suite("AnsiRenderer with random frames")
struct RenderRandomTests {
    /// Text the random frames are drawn from: ASCII, CJK, Hangul, emoji all terminals agree
    /// are wide, combining marks (also lone ones and piles of them), controls shown inert.
    static let texts = [
        "hello", "a", "lunch?", "中文字", "한국어", "午饭", "😀", "🎉👍", "☕x", "🦀",
        "e\u{301}te\u{301}", "n\u{303}o", "ｱｲｳ", "ＡＢ", "\u{FFFD}", "α β γ", "x\u{1B}[2Jy",
        "tab\there", "\u{301}lone", "Z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}a", "—…",
    ]

    static func style(_ rng: inout RenderRandom) -> CellStyle {
        func color() -> TerminalColor {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .default
            case 1: return .indexed(UInt8.random(in: 0...255, using: &rng))
            default:
                let red = UInt8.random(in: 0...255, using: &rng), green = UInt8.random(in: 0...255, using: &rng)
                return .rgb(red, green, .random(in: 0...255, using: &rng))
            }
        }
        let attributes = CellStyle.Attributes(rawValue: UInt8.random(in: 0..<32, using: &rng))
        return CellStyle(foreground: color(), background: color(), attributes: attributes)
    }

    /// Changes `frame` the way widgets do: text, fills, restyles, sometimes a new frame.
    static func mutate(_ frame: inout CellBuffer, _ rng: inout RenderRandom) {
        if Int.random(in: 0..<12, using: &rng) == 0 { frame = CellBuffer(width: frame.width, height: frame.height) }
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let x = Int.random(in: -2..<frame.width, using: &rng)
            let y = Int.random(in: 0..<frame.height, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1, 2:
                frame.put(texts.randomElement(using: &rng)!, x: x, y: y, style: style(&rng))
            case 3:
                // A wide character at or just past the right edge.
                let text = ["中", "😀", "a中"].randomElement(using: &rng)!
                frame.put(text, x: frame.width - Int.random(in: 1...2, using: &rng), y: y, style: style(&rng))
            case 4:
                let area = CellRect(x: x, y: y, width: Int.random(in: 1...6, using: &rng), height: Int.random(in: 1...3, using: &rng))
                frame.fill(area, symbol: [" ", "."].randomElement(using: &rng)!, style: style(&rng))
            default:
                let area = CellRect(x: x, y: y, width: Int.random(in: 1...6, using: &rng), height: Int.random(in: 1...3, using: &rng))
                let next = style(&rng)
                frame.restyle(area) { $0 = next }
            }
        }
    }

    @Test("after every random frame the terminal shows exactly that frame", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomFrames(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 1...24, using: &rng), height = Int.random(in: 1...6, using: &rng)
        var harness = RenderHarness(rows: height, cols: width)
        var frame = CellBuffer(width: width, height: height)
        for step in 0..<200 {
            Self.mutate(&frame, &rng)
            let cursor: (x: Int, y: Int)? = Bool.random(using: &rng)
                ? (Int.random(in: 0..<width, using: &rng), Int.random(in: 0..<height, using: &rng)) : nil
            if Int.random(in: 0..<25, using: &rng) == 0 { harness.renderer.invalidate() }
            let bytes = harness.show(frame, cursor: cursor)
            let context = "seed \(seed) step \(step)\n\(frame)\nbytes: \(RenderFixture.readable(bytes))"
            let lines = harness.terminal.lines
            let mismatches = harness.terminal.styleMismatches(against: frame)
            #expect(lines == VTermScreen.visible(frame), "\(context)\n\(RenderFixture.scalarDiff(lines, VTermScreen.visible(frame)))")
            #expect(mismatches.isEmpty, "\(context)")
            #expect(harness.terminal.sideEffects.isEmpty, "\(context)")
            #expect(RenderFixture.foreignControls(in: bytes).isEmpty, "\(context)")
            if let cursor {
                #expect(harness.terminal.cursor == cursor && harness.terminal.cursorIsVisible, "\(context)")
            } else {
                #expect(!harness.terminal.cursorIsVisible, "\(context)")
            }
            if lines != VTermScreen.visible(frame) || !mismatches.isEmpty { return }
        }
        // The diffs added up to what a fresh full paint shows.
        var fresh = RenderHarness(rows: height, cols: width, renderer: AnsiRenderer(strategy: .fullRedraw))
        fresh.show(frame)
        #expect(fresh.terminal.lines == harness.terminal.lines)
        #expect(fresh.terminal.styleMismatches(against: frame).isEmpty)
    }

    @Test("runs of text written at once send the bytes that cell by cell sends (#15)", arguments: [7, 8, 9, 10] as [UInt64])
    func textRunsSameBytes(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 8...40, using: &rng), height = Int.random(in: 2...8, using: &rng)
        var runs = AnsiRenderer(colorDepth: .trueColor)
        var cells = AnsiRenderer(colorDepth: .trueColor)
        cells.writesTextRuns = false
        var frame = CellBuffer(width: width, height: height)
        var sawRun = false
        for step in 0..<300 {
            Self.mutate(&frame, &rng)
            let cursor: (x: Int, y: Int)? = Bool.random(using: &rng) ? (0, height - 1) : nil
            let written = runs.render(frame, cursor: cursor), expected = cells.render(frame, cursor: cursor)
            #expect(written == expected, "seed \(seed) step \(step)\n\(frame)")
            if written != expected { return }
            sawRun = sawRun || String(decoding: written, as: UTF8.self).contains("hello")
        }
        #expect(sawRun, "some frame wrote a word")
    }

    @Test("random frames in 256 and 16 colours show the approximated colours", arguments: [ColorDepth.palette256, .basic16])
    func randomDepth(depth: ColorDepth) {
        var rng = RenderRandom(seed: 99)
        var harness = RenderHarness(rows: 4, cols: 16, renderer: AnsiRenderer(colorDepth: depth))
        var frame = CellBuffer(width: 16, height: 4)
        for _ in 0..<60 {
            Self.mutate(&frame, &rng)
            harness.show(frame)
            var expected = frame
            expected.restyle(expected.area) { $0 = depth.approximate($0) }
            #expect(harness.terminal.lines == VTermScreen.visible(frame))
            #expect(harness.terminal.styleMismatches(against: expected).isEmpty)
        }
    }
}
