import Foundation
import ParleyCore
import ParleySQLite

/// `parley-bench history`: a ParleySQLite history of 10k, 100k and 1M messages — seeding,
/// opening at the newest page, and paging back — keyset pages beside a naive
/// `OFFSET`/`LIMIT` pager on the same file.
enum HistoryBenchmark {
    struct Row {
        var size: Int
        var seed = SeedCommand.Result(written: 0, seconds: 0)
        var fileBytes = 0
        var open = Stats([])
        var newest = Stats([])
        var quickCheck = 0.0
        var spread = Stats([])
        var spreadOffset = Stats([])
        var deepest = 0.0
        var deepestOffset = 0.0
        var walk = Stats([])
        var walkOffset = Stats([])
    }

    static let pageSize = 50

    static func run(sizes: [Int], pages: Int, folder: String, keep: Bool) {
        print("parley-bench history — \(ProcessInfo.processInfo.processorCount) cores, pages of \(pageSize), "
            + "\(pages) pages per walk, files in \(folder)")
        print("")
        var rows: [Row] = []
        do {
            for size in sizes {
                rows.append(try measure(size: size, pages: pages, folder: folder, keep: keep))
                FileHandle.standardError.write("  measured \(Format.count(size))\n".data(using: .utf8)!)
            }
        } catch {
            FileHandle.standardError.write("parley-bench history: \(InertText.singleLine("\(error)"))\n".data(using: .utf8)!)
            exit(1)
        }
        Format.table(
            ["messages", "seed rate", "file", "open median / p99", "newest page median / p99", "open with quick_check"],
            rows.map { row in
                [Format.count(row.size), "\(Int(row.seed.rate)) msg/s", Format.bytes(Double(row.fileBytes)),
                 "\(Format.time(row.open.median)) / \(Format.time(row.open.p99))",
                 "\(Format.time(row.newest.median)) / \(Format.time(row.newest.p99))", Format.time(row.quickCheck)]
            })
        print("")
        Format.table(
            ["messages", "keyset page, spread over depth: median / p99", "OFFSET page, same pages: median / p99",
             "oldest page: keyset / OFFSET", "\(pages) pages back from the newest: keyset / OFFSET median"],
            rows.map { row in
                [Format.count(row.size),
                 "\(Format.time(row.spread.median)) / \(Format.time(row.spread.p99))",
                 "\(Format.time(row.spreadOffset.median)) / \(Format.time(row.spreadOffset.p99))",
                 "\(Format.time(row.deepest)) / \(Format.time(row.deepestOffset))",
                 "\(Format.time(row.walk.median)) / \(Format.time(row.walkOffset.median))"]
            })
        print("")
        print("Open = ConversationStore(path:) without the integrity check (header, WAL, schema), closed and")
        print("reopened each time; newest page = the first query after opening. Spread pages start at")
        print("\(pages) depths evenly spaced from the newest message to the oldest; the OFFSET pager reads the")
        print("same pages (checked equal) by skipping rows. The file is in the OS page cache (just seeded).")
    }

    static func measure(size: Int, pages: Int, folder: String, keep: Bool) throws -> Row {
        var row = Row(size: size)
        let path = URL(fileURLWithPath: folder).appendingPathComponent("parley-bench-history-\(size).sqlite").path
        removeFiles(at: path)
        defer { if !keep { removeFiles(at: path) } }
        row.seed = try SeedCommand.seed(path: path, count: size, batch: 10_000)
        row.fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

        let fast = StoreOptions(checksIntegrity: false)
        var opens: [Double] = [], newest: [Double] = []
        for _ in 0..<21 {
            var store: ConversationStore!
            opens.append(try Measure.seconds { store = try ConversationStore(path: path, options: fast) })
            var window: HistoryWindow!
            newest.append(try Measure.seconds { window = try store.newestPage(limit: pageSize) })
            precondition(window.messages.last?.id == SeedConversation.id(size - 1) && window.hasOlder == (size > pageSize))
            store.close()
        }
        row.open = Stats(opens)
        row.newest = Stats(newest)
        row.quickCheck = try Measure.seconds {
            try ConversationStore(path: path, options: StoreOptions(checksIntegrity: true)).close()
        }

        let store = try ConversationStore(path: path, options: fast)
        store.register(PollPayload.self)
        defer { store.close() }
        // Pages whose oldest message is `first`: keyset from the cursor after the page,
        // OFFSET by the number of newer messages; both must return the same messages.
        func pair(endingBefore end: Int) throws -> (Double, Double) {
            var keyset: HistoryWindow!, offset: HistoryWindow!
            let keysetTime = try Measure.seconds {
                keyset = end >= size ? try store.newestPage(limit: pageSize)
                    : try store.page(olderThan: SeedConversation.cursor(end), limit: pageSize)
            }
            let offsetTime = try Measure.seconds { offset = try store.page(offset: size - end, limit: pageSize) }
            precondition(keyset.messages.map(\.id) == offset.messages.map(\.id), "keyset and OFFSET pages differ")
            precondition(keyset.messages.first?.id == SeedConversation.id(max(0, end - pageSize)))
            return (keysetTime, offsetTime)
        }
        let count = max(2, pages)
        let spread = try (0..<count).map { step in
            try pair(endingBefore: size - (size - pageSize) * step / (count - 1))
        }
        row.spread = Stats(spread.map(\.0))
        row.spreadOffset = Stats(spread.map(\.1))
        (row.deepest, row.deepestOffset) = spread.last ?? (0, 0)
        let walk = try (0..<min(count, size / pageSize)).map { step in try pair(endingBefore: size - step * pageSize) }
        row.walk = Stats(walk.map(\.0))
        row.walkOffset = Stats(walk.map(\.1))
        return row
    }

    /// Removes the benchmark's own file and its WAL companions.
    private static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
