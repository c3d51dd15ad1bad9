import ParleyCore
import Testing

@testable import ParleyTerminal

/// The measurer's memo of wrapped texts answers what wrapping again would, whatever the
/// texts, widths and changes in between (#15).
@Suite("Wrapped lines remembered")
struct WrapMemoTests {
    static func fresh(_ text: String, _ columns: Double) -> [LineBreaker.Line] {
        LineBreaker.lines(text, maxColumns: Int(columns), width: TerminalWidth.columns(of:))
    }

    @Test("the same text at several widths, long and short, many times over a full memo")
    func sameAsWrapping() {
        let measurer = TerminalMeasurer()
        let texts = (0..<400).map { index in
            String(repeating: "word\(index) ", count: index % 37) + (index % 5 == 0 ? "日本語のテキスト 👩‍👩‍👧 é" : "")
        }
        for round in 0..<3 {
            for (index, text) in texts.enumerated() {
                let columns = Double(10 + (index + round) % 50)
                #expect(measurer.wrap(text, maxWidth: columns) == Self.fresh(text, columns), "text \(index), round \(round)")
            }
        }
    }

    @Test("a text changed in place after it was wrapped is wrapped anew")
    func changedText() {
        let measurer = TerminalMeasurer()
        var text = String(repeating: "abc ", count: 40)
        let before = measurer.wrap(text, maxWidth: 20)
        text.append(String(repeating: " defghij", count: 30))
        let after = measurer.wrap(text, maxWidth: 20)
        #expect(before == Self.fresh(String(repeating: "abc ", count: 40), 20))
        #expect(after == Self.fresh(text, 20))
        #expect(after.count > before.count)
        // A copy of the measurer shares the memo and answers the same.
        let copy = measurer
        #expect(copy.wrap(text, maxWidth: 20) == after)
    }
}
