import Testing
@testable import ParleyTerminal

@Suite("BufferDiff")
struct DiffTests {
    /// The changed positions, for compact expectations.
    private func positions(_ diff: BufferDiff) -> [String] {
        diff.changes.map { "\($0.x),\($0.y)" }
    }

    @Test("the same frame has no changes")
    func same() {
        let frame = CellBuffer(lines: ["hello", "中文 ok"])
        let diff = BufferDiff(from: frame, to: frame)
        #expect(diff.isEmpty)
        #expect(!diff.replacesEverything)
    }

    @Test("a changed cell, and a changed style, are listed once each in screen order")
    func cells() {
        let before = CellBuffer(lines: ["abc", "def"])
        var after = before
        after.put("X", x: 2, y: 1)
        after.restyle(CellRect(x: 0, y: 0, width: 1, height: 1)) { $0.attributes = .bold }
        let diff = BufferDiff(from: before, to: after)
        #expect(diff.changes == [
            BufferDiff.Change(x: 0, y: 0, cell: Cell(symbol: "a", style: CellStyle(attributes: .bold))),
            BufferDiff.Change(x: 2, y: 1, cell: Cell(symbol: "X")),
        ])
    }

    @Test("no previous frame, or another size, means everything")
    func everything() {
        let frame = CellBuffer(lines: ["ab", "cd"])
        for previous in [nil, CellBuffer(width: 3, height: 2), CellBuffer(width: 2, height: 1)] {
            let diff = BufferDiff(from: previous, to: frame)
            #expect(diff.replacesEverything)
            #expect(positions(diff) == ["0,0", "1,0", "0,1", "1,1"])
        }
    }

    @Test("a wide character replaced by a narrow one redraws the cell after it")
    func wideToNarrow() {
        let before = CellBuffer(lines: ["中bc"])
        var after = before
        after.put("a", x: 0, y: 0)  // 中's right half becomes a blank
        let diff = BufferDiff(from: before, to: after)
        #expect(diff.changes == [
            BufferDiff.Change(x: 0, y: 0, cell: Cell(symbol: "a")),
            BufferDiff.Change(x: 1, y: 0, cell: .blank()),
        ])
    }

    @Test("a narrow character replaced by a wide one lists both halves")
    func narrowToWide() {
        let before = CellBuffer(lines: ["abcd"])
        var after = before
        after.put("中", x: 1, y: 0)
        #expect(positions(BufferDiff(from: before, to: after)) == ["1,0", "2,0"])
    }

    @Test("a wide character moved by one column lists every cell it touched")
    func wideShift() {
        let before = CellBuffer(lines: ["中  "])
        let after = CellBuffer(lines: [" 中 "])
        #expect(positions(BufferDiff(from: before, to: after)) == ["0,0", "1,0", "2,0"])
    }

    @Test("restyling only the right half of a wide character lists its left half too")
    func rightHalfRestyled() {
        let before = CellBuffer(lines: ["a中b"])
        var after = before
        after.restyle(CellRect(x: 2, y: 0, width: 1, height: 1)) { $0.foreground = .indexed(3) }
        #expect(positions(BufferDiff(from: before, to: after)) == ["1,0", "2,0"])
    }

    @Test("a wide character changed for another keeps both halves together")
    func wideToWide() {
        let before = CellBuffer(lines: ["x中y"])
        var after = before
        after.put("文", x: 1, y: 0)
        let diff = BufferDiff(from: before, to: after)
        #expect(positions(diff) == ["1,0", "2,0"])
        #expect(diff.changes.last?.cell.isContinuation == true)
    }

    /// The cells the diff lists, by the rule cell by cell: a cell that differs, or the
    /// other half of a wide character (in either frame) whose other half differs.
    private static func listed(from before: CellBuffer, to after: CellBuffer) -> [String] {
        var positions: [String] = []
        for y in 0..<after.height {
            func differs(_ x: Int) -> Bool { x >= 0 && x < after.width && before[x, y] != after[x, y] }
            func isHalf(_ x: Int) -> Bool { before[x, y].isContinuation || after[x, y].isContinuation }
            for x in 0..<after.width
            where differs(x) || (differs(x + 1) && isHalf(x + 1)) || (differs(x - 1) && isHalf(x)) {
                positions.append("\(x),\(y)")
            }
        }
        return positions
    }

    @Test("on random frames the diff lists what the rule cell by cell lists, in runs that neither touch nor overlap", arguments: [7, 8, 9] as [UInt64])
    func randomFrames(seed: UInt64) {
        var rng = RenderRandom(seed: seed)
        let width = Int.random(in: 1...24, using: &rng), height = Int.random(in: 1...6, using: &rng)
        var before = CellBuffer(width: width, height: height)
        for step in 0..<300 {
            var after = before
            RenderRandomTests.mutate(&after, &rng)
            let diff = BufferDiff(from: before, to: after)
            #expect(positions(diff) == Self.listed(from: before, to: after), "seed \(seed) step \(step)\n\(before)\n\(after)")
            #expect(diff.changes.allSatisfy { $0.cell == after[$0.x, $0.y] })
            for (first, second) in zip(diff.spans, diff.spans.dropFirst()) {
                #expect(first.start < first.end && (first.y < second.y || first.end < second.start), "seed \(seed) step \(step)")
            }
            before = after
        }
    }
}
