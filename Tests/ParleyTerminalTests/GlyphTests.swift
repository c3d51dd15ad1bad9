import Testing
@testable import ParleyTerminal

/// A cell's cluster is held without a reference: in place up to 15 bytes of UTF-8, in the
/// shared table beyond; either way it reads back exactly, and equal clusters are equal
/// glyphs (#15).
@Suite("Glyph: a cell's cluster without a reference")
struct GlyphTests {
    static let clusters = [
        "", " ", "a", "~", "é", "e\u{301}", "中", "😀", "❤️", "👍🏽", "🇯🇵", "ก\u{E49}",
        String(repeating: "\u{301}", count: 7) + "a",  // 15 bytes: the most held in place
        "a" + String(repeating: "\u{301}", count: 8),  // 17 bytes: tabled
        "👩\u{200D}👩\u{200D}👧\u{200D}👦", "🏳️\u{200D}🌈", "a" + String(repeating: "\u{301}", count: 30),
    ]

    @Test("every cluster reads back exactly, as text and as bytes", arguments: clusters)
    func roundTrip(cluster: String) {
        let glyph = Glyph(cluster)
        #expect(glyph.text == cluster)
        var bytes: [UInt8] = []
        glyph.appendUTF8(to: &bytes)
        #expect(bytes == Array(cluster.utf8))
        #expect(glyph.firstByte == cluster.utf8.first)
        #expect(glyph.ascii == (cluster.utf8.count == 1 ? cluster.utf8.first : nil))
        #expect(glyph.isEmpty == cluster.isEmpty)
        var cell = Cell(symbol: cluster, style: CellStyle(foreground: .indexed(3)))
        #expect(cell.symbol == cluster)
        #expect(cell.isContinuation == cluster.isEmpty)
        #expect(cell.isSpace == (cluster == " "))
        cell.symbol = "x"
        #expect(cell.symbol == "x" && cell.glyph == Glyph(ascii: UInt8(ascii: "x")))
    }

    @Test("equal clusters are equal glyphs and hash alike; different ones differ")
    func equality() {
        for (index, cluster) in Self.clusters.enumerated() {
            #expect(Glyph(cluster) == Glyph(String(cluster.unicodeScalars)))
            #expect(Glyph(cluster).hashValue == Glyph(cluster).hashValue)
            for other in Self.clusters[(index + 1)...] { #expect(Glyph(cluster) != Glyph(other), "\(cluster) vs \(other)") }
        }
        #expect(Glyph(" ") == .space && Glyph("") == .none && Cell.blank().glyph == .space)
        #expect(Glyph(ascii: 0x41) == Glyph("A"))
        let before = GlyphTable.shared.count
        _ = Glyph("👩\u{200D}👩\u{200D}👧\u{200D}👦")
        #expect(GlyphTable.shared.count == before, "a known long cluster is not entered twice")
    }

    @Test("a full table gives no number, and a glyph would read as U+FFFD; unknown numbers read as U+FFFD")
    func fullTable() {
        let table = GlyphTable(capacity: 2)
        let first = table.number(for: "a" + String(repeating: "\u{301}", count: 9))
        let second = table.number(for: "b" + String(repeating: "\u{301}", count: 9))
        #expect(first == 0 && second == 1)
        #expect(table.number(for: "c" + String(repeating: "\u{301}", count: 9)) == nil)
        #expect(table.number(for: "a" + String(repeating: "\u{301}", count: 9)) == 0, "known ones still answer")
        #expect(table.text(1) == "b" + String(repeating: "\u{301}", count: 9))
        #expect(table.text(7) == "\u{FFFD}")
        #expect(table.count == 2)
        #expect(Glyph.replacement.text == "\u{FFFD}")
    }

    @Test("a cell is plain memory: copying it copies no reference")
    func plainMemory() {
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.size <= 32)
    }

    @Test("long clusters are told apart by their bytes, and a huge one keeps its first 31 scalars")
    func longClusters() {
        // The same marks in two orders: canonically equivalent strings, different bytes.
        let one = "a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}"
        let other = "a\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}"
        #expect(one == other, "Swift's strings call them equal")
        #expect(Glyph(one) != Glyph(other))
        #expect(Glyph(one).text.utf8.elementsEqual(one.utf8) && Glyph(other).text.utf8.elementsEqual(other.utf8))
        let flood = "e" + String(repeating: "\u{301}", count: 100_000)
        #expect(Glyph(flood).text.unicodeScalars.count == Glyph.mostScalars)
        #expect(Glyph(Character(flood)) == Glyph(flood))
        #expect(Cell(symbol: flood).symbol.unicodeScalars.count == Glyph.mostScalars)
    }
}
