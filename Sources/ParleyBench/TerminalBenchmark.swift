import Foundation
import ParleyCore
import ParleyTerminal

/// `parley-bench terminal`: the terminal front end scrolling a long conversation one row
/// per frame, with the diff renderer (and its scroll hints) beside a full-redraw renderer
/// drawing the same screens.
@MainActor
enum TerminalBenchmark {
    ///
    /// - Parameter pause: Seconds between frames. Key presses come tens of milliseconds
    ///   apart, and by then other programs have taken the caches: a pause of 0.03 makes
    ///   the frames cold, as in `scripts/measure-terminal.py`; without one they run hot.
    /// - Parameter repeats: Whether the diff renderer sends runs of one character as a
    ///   repeat (REP), as it does on a terminal that carries REP out.
    /// - Parameter baseline: Whether the full-redraw renderer runs beside; without it a
    ///   profiler counts only the screen and the diff renderer.
    static func run(
        messages count: Int, frames: Int, columns: Int, rows: Int, byPage: Bool = false, pause: Double = 0, repeats: Bool = false,
        baseline: Bool = true
    ) {
        let spacing = pause > 0 ? ", \(Format.time(pause)) apart" : ""
        let repeating = repeats ? ", runs sent as repeats (REP)" : ""
        print("parley-bench terminal — \(Format.count(count)) messages, \(columns)×\(rows) cells, \(frames) frames scrolling up one \(byPage ? "page" : "row") each\(spacing)\(repeating)")
        print("")
        let chat = Conversation(me: Transcript.me)
        try? chat.append(contentsOf: Transcript.messages(count))
        let screen = ChatScreen(conversation: chat, style: .dark, columns: columns, rows: rows)
        var diff = AnsiRenderer(colorDepth: .trueColor)
        diff.repeatsCharacters = repeats
        var full = AnsiRenderer(colorDepth: .trueColor, strategy: .fullRedraw)
        _ = diff.render(screen.render().buffer, cursor: nil)

        var screenTimes: [Double] = [], diffTimes: [Double] = [], fullTimes: [Double] = []
        var diffBytes: [Double] = [], fullBytes: [Double] = []
        for _ in 0..<frames {
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            var buffer: CellBuffer!
            var cursor: (x: Int, y: Int)?
            screenTimes.append(Measure.seconds {
                screen.perform(byPage ? .page(-1) : .scroll(-1))
                (buffer, cursor) = screen.render()
            })
            let hint = screen.takeScrollHint()
            var bytes: [UInt8] = []
            diffTimes.append(Measure.seconds { bytes = diff.render(buffer, cursor: cursor, scrollHint: hint) })
            diffBytes.append(Double(bytes.count))
            guard baseline else { continue }
            fullTimes.append(Measure.seconds { bytes = full.render(buffer, cursor: cursor) })
            fullBytes.append(Double(bytes.count))
        }
        let layout = Stats(screenTimes), diffStats = Stats(diffTimes)
        let diffSize = Stats(diffBytes)
        var table = [
            ["diff + scroll regions", "\(Format.time(layout.median + diffStats.median)) / \(Format.time(layout.p99 + diffStats.p99))",
             Format.time(diffStats.median), "\(Int(diffSize.median)) / \(Int(diffSize.p99))", "\(Int(diffSize.mean))"]
        ]
        if baseline {
            let fullStats = Stats(fullTimes), fullSize = Stats(fullBytes)
            table.append(
                ["full redraw", "\(Format.time(layout.median + fullStats.median)) / \(Format.time(layout.p99 + fullStats.p99))",
                 Format.time(fullStats.median), "\(Int(fullSize.median)) / \(Int(fullSize.p99))", "\(Int(fullSize.mean))"])
        }
        Format.table(
            ["renderer", "frame time median / p99 (screen + encode)", "encode only median", "bytes per frame median / p99", "mean"],
            table)
        print("")
        print("Screen (viewport step + drawing into cells) alone: median \(Format.time(layout.median)), p99 \(Format.time(layout.p99)).")
    }
}
