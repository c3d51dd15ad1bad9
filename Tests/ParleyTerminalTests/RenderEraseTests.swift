import Testing
@testable import ParleyTerminal

/// Runs of blanks go as erases (EL to the end of the line, ECH within it) when the
/// terminal erases in the pen's colour, and the screen is the same as when they are
/// written out (#15).
@Suite("AnsiRenderer erasing runs of blanks")
struct RenderEraseTests {
    static let paper = CellStyle(foreground: .rgb(28, 28, 30), background: .rgb(255, 255, 255))
    static let bubble = CellStyle(foreground: .rgb(28, 28, 30), background: .rgb(236, 236, 240))

    /// A line like the terminal demo's: paper, a bubble with text, paper to the edge.
    static func frame(width: Int = 80, text: String = "Lunch?") -> CellBuffer {
        var frame = CellBuffer(width: width, height: 3)
        frame.fill(frame.area, symbol: " ", style: paper)
        frame.fill(CellRect(x: 4, y: 1, width: 30, height: 1), symbol: " ", style: bubble)
        frame.put(text, x: 6, y: 1, style: bubble)
        return frame
    }

    static func count(_ final: String, in bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}[").dropFirst().filter { part in
            part.drop { "0123456789;".contains($0) }.first.map(String.init) == final
        }.count
    }

    @Test("a coloured line to the edge is an erase, not eighty spaces, and looks the same")
    func eraseToEnd() {
        var harness = RenderHarness(rows: 3, cols: 80)
        let frame = Self.frame()
        let bytes = harness.show(frame)
        #expect(Self.count("K", in: bytes) == 3, "each line ends in an erase: \(RenderFixture.readable(bytes))")
        #expect(Self.count("X", in: bytes) == 1, "the bubble's 22 blanks after its text are erased by count")
        #expect(!RenderFixture.contains(bytes, String(repeating: " ", count: 20)))
        #expect(harness.terminal.lines == VTermScreen.visible(frame))
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)

        var written = RenderHarness(rows: 3, cols: 80, renderer: AnsiRenderer(strategy: .fullRedraw))
        let full = written.show(frame)
        #expect(Self.count("K", in: full) == 0, "the baseline writes every blank")
        #expect(bytes.count * 2 < full.count, "\(bytes.count) bytes against \(full.count)")
        #expect(written.terminal.lines == harness.terminal.lines)
    }

    @Test("a long run inside a line is erased by count, and the text after it lands right")
    func eraseWithin() {
        var harness = RenderHarness(rows: 3, cols: 80)
        var frame = Self.frame(text: "a long message that will be shortened")
        harness.show(frame)
        frame = Self.frame(text: "short")
        frame.put("|", x: 60, y: 1, style: Self.paper)
        let bytes = harness.show(frame)
        // The bubble's blanks after "short", and the paper from the bubble to "|".
        #expect(Self.count("X", in: bytes) == 2, "\(RenderFixture.readable(bytes))")
        #expect(harness.terminal.lines == VTermScreen.visible(frame))
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)
    }

    @Test("without background erase only default-coloured runs are erased")
    func noBackgroundErase() {
        var harness = RenderHarness(rows: 3, cols: 80, renderer: AnsiRenderer(erasesWithBackground: false))
        let frame = Self.frame()
        let bytes = harness.show(frame)
        #expect(Self.count("K", in: bytes) == 0 && Self.count("X", in: bytes) == 0)
        #expect(harness.terminal.styleMismatches(against: frame).isEmpty)

        var plain = CellBuffer(width: 80, height: 2)
        plain.put("hello", x: 0, y: 0)
        var other = RenderHarness(rows: 2, cols: 80, renderer: AnsiRenderer(erasesWithBackground: false))
        other.show(plain)
        var next = CellBuffer(width: 80, height: 2)
        next.put("h", x: 0, y: 0)
        let erased = other.show(next)
        #expect(Self.count("K", in: erased) == 1, "the default background erases everywhere")
        #expect(other.terminal.lines == VTermScreen.visible(next))
    }

    @Test("underlined, reversed or struck blanks are written, since an erase would not draw them")
    func visibleBlanks() {
        for attribute: CellStyle.Attributes in [.underline, .reverse, .strikethrough] {
            var harness = RenderHarness(rows: 1, cols: 40)
            var frame = CellBuffer(width: 40, height: 1)
            frame.fill(frame.area, symbol: " ", style: Self.paper.adding(attribute))
            let bytes = harness.show(frame)
            #expect(Self.count("K", in: bytes) == 0 && Self.count("X", in: bytes) == 0)
        }
    }

    @Test("GNU screen, tmux and unnamed terminals are taken not to erase in colour")
    func environment() {
        #expect(AnsiRenderer.erasesWithBackground(environment: ["TERM": "xterm-256color"]))
        #expect(AnsiRenderer.erasesWithBackground(environment: ["TERM": "linux"]))
        #expect(!AnsiRenderer.erasesWithBackground(environment: ["TERM": "screen-256color"]))
        #expect(!AnsiRenderer.erasesWithBackground(environment: ["TERM": "tmux-256color"]))
        #expect(!AnsiRenderer.erasesWithBackground(environment: ["TERM": "dumb"]))
        #expect(!AnsiRenderer.erasesWithBackground(environment: [:]))
    }

    @Test("random frames of long coloured runs show exactly each frame", arguments: [21, 22, 23, 24] as [UInt64])
    func randomRuns(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 12...70, using: &rng), height = Int.random(in: 2...6, using: &rng)
        var harness = RenderHarness(rows: height, cols: width)
        var frame = CellBuffer(width: width, height: height)
        let styles = [Self.paper, Self.bubble, .plain, Self.bubble.adding(.bold), Self.paper.adding(.underline)]
        for step in 0..<150 {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let x = Int.random(in: 0..<width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
                let style = styles.randomElement(using: &rng)!
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:
                    let area = CellRect(x: x, y: y, width: Int.random(in: 1...width, using: &rng), height: Int.random(in: 1...2, using: &rng))
                    frame.fill(area, symbol: " ", style: style)
                case 2:
                    frame.put(["Lunch?", "中文", "😀 ok", "▀▀▀▀", "e\u{301}"].randomElement(using: &rng)!, x: x, y: y, style: style)
                default:
                    frame.fill(CellRect(x: x, y: y, width: 3, height: 1), symbol: "▄", style: style)
                }
            }
            let bytes = harness.show(frame, cursor: Bool.random(using: &rng) ? (0, 0) : nil)
            let context = "seed \(seed) step \(step)\n\(frame)\nbytes: \(RenderFixture.readable(bytes))"
            #expect(harness.terminal.lines == VTermScreen.visible(frame), "\(context)")
            #expect(harness.terminal.styleMismatches(against: frame).isEmpty, "\(context)")
            if harness.terminal.lines != VTermScreen.visible(frame) { return }
        }
    }
}
