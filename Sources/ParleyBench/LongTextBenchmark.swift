import Foundation
import ParleyCore
import ParleyGTK
import ParleyTerminal

/// `parley-bench longtext`: what laying out one long message costs, Parley's way beside
/// the whole text measured as it is.
///
/// Parley lays out the drawn form (``DisplayText``: a preview within ``TextLimit``, long
/// unbroken runs given break opportunities); the baseline measures the received string
/// whole with the same Pango layout at the same width, which is what a label given the
/// message does. Pango's line breaking is quadratic in a run without a break opportunity,
/// so the baseline stops at `--baseline-limit` characters.
@MainActor
enum LongTextBenchmark {
    static func run(sizes: [Int], baselineLimit: Int, repeats: Int) {
        let pango = PangoMeasurer()
        let points = ChatStyle.light.adapted(to: .points)
        let cells = ChatStyle.light.adapted(to: .cells)
        let shapes: [(String, (Int) -> String)] = [
            ("one word", { String(repeating: "x", count: $0) }),
            ("words", { count in String(String(repeating: "All work and no play. ", count: count / 22 + 1).prefix(count)) }),
        ]
        print("One message of N characters laid out in a 420 pt GTK list (Pango) and an 80-column terminal;")
        print("median of \(repeats), a fresh layout engine each time (nothing cached).\n")
        var rows: [[String]] = []
        for (shape, make) in shapes {
            for size in sizes {
                let text = make(size)
                let message = Message(sender: Sender(id: "a", name: "Ann"), content: .text(text))
                func median(_ body: () -> Void) -> Double { Stats(Measure.samples(repeats) { _ in body() }).median }
                let gtk = median {
                    _ = LayoutEngine(style: points, measurer: pango).layout(.message(message), context: nil, width: 420)
                }
                let terminal = median {
                    _ = LayoutEngine(style: cells, measurer: TerminalMeasurer()).layout(.message(message), context: nil, width: 80)
                }
                let whole: String
                if size <= baselineLimit {
                    whole = Format.time(median { _ = pango.measure(text, font: points.bodyFont, maxWidth: 280) })
                } else {
                    whole = "not run (past --baseline-limit)"
                }
                rows.append([shape, Format.count(size), Format.time(gtk), Format.time(terminal), whole])
            }
        }
        Format.table(["text", "characters", "Parley, GTK row", "Parley, terminal row", "whole text in Pango"], rows)
    }
}
