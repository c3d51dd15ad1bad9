import ParleyCore
import Testing
@testable import ParleyTerminal

@Suite("Cell buffer")
struct CellBufferTests {
    @Test("text reads back as written, wide characters whole")
    func lines() {
        let buffer = CellBuffer(lines: ["hello 日本", "👍🏽 ok"])
        #expect(buffer == CellBuffer(lines: ["hello 日本", "👍🏽 ok"]))
        #expect(buffer.lines == ["hello 日本", "👍🏽 ok     "])
        #expect(buffer.width == 10)
    }

    @Test("a cluster of 300,000 combining marks keeps a base and 30 marks in its cell (#10)")
    func combiningFlood() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.put("e" + String(repeating: "\u{0301}", count: 300_000) + "x", x: 0, y: 0)
        #expect(buffer[0, 0].symbol.unicodeScalars.count == Glyph.mostScalars)
        #expect(buffer[0, 0].symbol.unicodeScalars.first == "e")
        #expect(buffer[1, 0].symbol == "x")
        buffer.put("👨‍👩‍👧‍👦", x: 3, y: 0)
        #expect(buffer[3, 0].symbol == "👨‍👩‍👧‍👦")
    }

    @Test("a wide character straddling the right edge becomes nothing, not half")
    func rightEdge() {
        var buffer = CellBuffer(width: 5, height: 1)
        let used = buffer.put("abcd日", x: 0, y: 0)
        #expect(used == 4)
        #expect(buffer.lines == ["abcd "])
    }

    @Test("filling over half of a wide character blanks its other half", arguments: [0, 1])
    func fillHalf(column: Int) {
        var buffer = CellBuffer(lines: ["日本語"])
        buffer.fill(CellRect(x: column, y: 0, width: 1, height: 1), symbol: "x", style: .plain)
        let expected = column == 0 ? "x 本語" : " x本語"
        #expect(buffer.lines == [expected])
        #expect(!buffer.cells.enumerated().contains { $0.element.isContinuation && ($0.offset == 0 || buffer.cells[$0.offset - 1].isContinuation) })
    }

    /// One ASCII write over a line: what was there, what goes where, what shows after.
    struct Overwrite: Sendable, CustomTestStringConvertible {
        let before: String, text: String, x: Int, maxWidth: Int?, after: String, used: Int
        var testDescription: String { "\(text.debugDescription) at \(x) over \(before.debugDescription)" }
    }

    @Test("ASCII written over wide characters, off the left edge or cut before a mark leaves whole characters", arguments: [
        Overwrite(before: "日本語", text: "x", x: 1, maxWidth: nil, after: " x本語", used: 1),
        Overwrite(before: "日本語", text: "xy", x: 1, maxWidth: nil, after: " xy 語", used: 2),
        Overwrite(before: "日本語", text: "xy", x: 0, maxWidth: nil, after: "xy本語", used: 2),
        Overwrite(before: "日本語", text: "x", x: 2, maxWidth: nil, after: "日x 語", used: 1),
        Overwrite(before: "日本", text: "abcd", x: -2, maxWidth: nil, after: "cd本", used: 4),
        Overwrite(before: "日本", text: "ab", x: -5, maxWidth: nil, after: "日本", used: 2),
        Overwrite(before: "      ", text: "abe\u{301}z", x: 0, maxWidth: 3, after: "abé   ", used: 3),
        Overwrite(before: "      ", text: "ab日", x: 0, maxWidth: 3, after: "ab    ", used: 2),
        Overwrite(before: "日本語", text: "abcdefgh", x: 0, maxWidth: nil, after: "abcdef", used: 6),
    ])
    func asciiOverwrite(_ overwrite: Overwrite) {
        var buffer = CellBuffer(lines: [overwrite.before])
        let used = buffer.put(overwrite.text, x: overwrite.x, y: 0, maxWidth: overwrite.maxWidth)
        #expect(used == overwrite.used)
        #expect(buffer.lines == [overwrite.after])
        // No continuation is left without the wide character it belongs to.
        #expect(!buffer.cells.enumerated().contains { $0.element.isContinuation && ($0.offset == 0 || buffer.cells[$0.offset - 1].isContinuation || buffer.cells[$0.offset - 1].symbol == " ") })
    }

    @Test("controls in text are drawn as pictures, never stored raw")
    func inert() {
        var buffer = CellBuffer(width: 12, height: 1)
        buffer.put("a\u{1B}[2Jb\u{7}", x: 0, y: 0)
        #expect(buffer.lines == ["a␛[2Jb␇     "])
    }

    @Test("a layout rectangle covers the cells it touches; NaN, infinite and huge coordinates are held, never trap")
    func rectangleFromLayout() {
        #expect(CellRect(Rect(x: 1.5, y: 0.2, width: 2, height: 1), dy: 3) == CellRect(x: 1, y: 3, width: 3, height: 2))
        #expect(CellRect(Rect(x: -2.5, y: 4, width: 1, height: 0)) == CellRect(x: -3, y: 4, width: 2, height: 0))
        let held = CellRect(Rect(x: -.infinity, y: 1e300, width: 10, height: 5))
        #expect(held.x == -0x8000_0000 && held.y == 0x8000_0000 && held.width == 0 && held.height == 0)
        let unknown = CellRect(Rect(x: .nan, y: .nan, width: 3, height: .nan))
        #expect(unknown.x == 0 && unknown.y == 0 && unknown.width == 0 && unknown.height == 0)
    }
}
