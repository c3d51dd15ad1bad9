import Foundation
import ParleyCore

/// `parley-bench core`: the engine at 10k, 100k and 1M messages, beside a plain array and
/// an offset-scrolled table on the same transcript.
enum CoreBenchmark {
    struct Row {
        var size: Int
        var append: Double = 0
        var appendBaseline: Double = 0
        var grouping: Double = 0
        var bytesPerMessage: Double = 0
        var firstFrame: Double = 0
        var firstFrameBaseline: Double = 0
        var step: Stats = Stats([])
        var stepBaseline: Stats = Stats([])
        var jump: Stats = Stats([])
        var query: Stats = Stats([])
        var prepend: Double = 0
        var prependBaseline: Double?
    }

    static func run(sizes: [Int], steps: Int, baselineLimit: Int) {
        print("parley-bench core — \(ProcessInfo.processInfo.processorCount) cores, viewport 200×60 cells")
        print("Message stride \(MemoryLayout<Message>.stride) B, content \(MemoryLayout<MessageContent>.stride) B, sender \(MemoryLayout<Sender>.stride) B")
        print("")
        var rows: [Row] = []
        for size in sizes {
            rows.append(measure(size: size, steps: steps, baseline: size <= baselineLimit))
            FileHandle.standardError.write("  measured \(Format.count(size))\n".data(using: .utf8)!)
        }
        Format.table(
            ["messages", "append all", "array append (floor)", "grouping pass", "bytes/msg beyond text"],
            rows.map { row in
                [Format.count(row.size), Format.time(row.append), Format.time(row.appendBaseline),
                 Format.time(row.grouping), Format.bytes(row.bytesPerMessage)]
            })
        print("")
        Format.table(
            ["messages", "first frame", "offset table: first frame", "1-row step median / p99",
             "offset table step median / p99", "far jump median / p99", "visible-rows query median"],
            rows.map { row in
                [Format.count(row.size), Format.time(row.firstFrame),
                 row.firstFrameBaseline > 0 ? Format.time(row.firstFrameBaseline) : "—",
                 "\(Format.time(row.step.median)) / \(Format.time(row.step.p99))",
                 row.firstFrameBaseline > 0 ? "\(Format.time(row.stepBaseline.median)) / \(Format.time(row.stepBaseline.p99))" : "—",
                 "\(Format.time(row.jump.median)) / \(Format.time(row.jump.p99))",
                 Format.time(row.query.median)]
            })
        print("")
        Format.table(
            ["messages", "prepend 50-message page", "offset table: prepend 50"],
            rows.map { row in
                [Format.count(row.size), Format.time(row.prepend), row.prependBaseline.map(Format.time) ?? "—"]
            })
        print("")
        print("Offset table = every row laid out to know its pixel offset (what a table view does);")
        print("skipped (—) above \(Format.count(baselineLimit)) messages, where it takes too long to be worth waiting for.")
    }

    static func measure(size: Int, steps: Int, baseline: Bool) -> Row {
        var row = Row(size: size)
        let messages = Transcript.messages(size)
        let style = ChatStyle.light.withMetrics(.cells)

        // Appends through the add-and-forget API, one call per message, as an app would.
        let heapBefore = Measure.heapBytes()
        let chat = Conversation(me: Transcript.me)
        row.append = Measure.seconds {
            for message in messages { try? chat.append(message, animated: false) }
        }
        if let before = heapBefore, let after = Measure.heapBytes() {
            // The texts are shared with `messages`, so the growth is the structure alone.
            row.bytesPerMessage = Double(after - before) / Double(size)
        }
        var floor: [Message] = []
        row.appendBaseline = Measure.seconds {
            for message in messages { floor.append(message) }
        }
        precondition(floor.count == chat.count)

        let grouping = Grouping(style: style)
        row.grouping = Measure.seconds {
            var groups = 0
            chat.read { rows in
                for index in 0..<rows.count where grouping.context(at: index, in: rows)?.position.isGroupStart == true {
                    groups += 1
                }
            }
            precondition(groups > 0)
        }

        // The viewport: open at the bottom, step one row at a time, jump far, query.
        let engine = LayoutEngine(style: style, measurer: MonospaceMeasurer())
        let size2D = Size(width: 200, height: 60)
        var viewport: Viewport!
        row.firstFrame = Measure.seconds {
            viewport = Viewport(conversation: chat, layoutEngine: engine, size: size2D)
            precondition(!viewport.visibleRows().isEmpty)
        }
        row.step = Stats(Measure.samples(steps) { _ in
            viewport.scroll(by: -1)
            _ = viewport.visibleRows()
        })
        var random = UInt64(0x2545_F491_4F6C_DD1D)
        row.jump = Stats(Measure.samples(max(10, steps / 5)) { _ in
            random = random &* 6_364_136_223_846_793_005 &+ 1
            let target = Int(random >> 33) % size
            viewport.scroll(to: .message(MessageID("t\(target)")), at: .center)
            _ = viewport.visibleRows()
        })
        row.query = Stats(Measure.samples(steps) { _ in _ = viewport.visibleRows() })
        let page = (1...50).map { Transcript.message(-$0) }
        row.prepend = Measure.seconds { chat.prependHistory(page) }

        if baseline {
            var table: OffsetTimeline!
            row.firstFrameBaseline = Measure.seconds {
                table = OffsetTimeline(messages: messages, engine: LayoutEngine(style: style, measurer: MonospaceMeasurer(), cacheSize: size * 2 + 100), width: 200, height: 60, me: Transcript.me)
                precondition(!table.visibleRange().isEmpty)
            }
            row.stepBaseline = Stats(Measure.samples(steps) { _ in
                table.scroll(by: -1)
                _ = table.visibleLayouts()
            })
            row.prependBaseline = Measure.seconds { table.prepend(page) }
        }
        return row
    }
}
