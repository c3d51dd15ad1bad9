import Dispatch
import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyDemoKit

/// A transcript's newest page is read from the file's end before the file is indexed
/// (#15): what the end answers is what the index answers whenever the file is in order,
/// and a file out of order has its newest page shown again once it is indexed.
@Suite("Transcripts shown from their end while indexed (#15)")
struct TranscriptTailTests {
    static let me = TranscriptLazyTests.me

    /// A file whose message lines are in message order (times rising), with lines that
    /// are not messages between them, CRLF ends, and now and then a line longer than the
    /// tail's first read.
    static func orderedFile(_ random: inout SeededRandom, lines: Int) -> [UInt8] {
        var data: [UInt8] = []
        var time = 1_700_000_000 + Int(random.next() % 1000)
        for index in 0..<lines {
            switch random.next() % 8 {
            case 0:
                // A hostile line, kept only when it is no message.
                let line = TranscriptFuzzTests.line(&random)
                let verdict = line.withUnsafeBufferPointer { TranscriptLine.examine($0) }
                if case .message = verdict { continue }
                data += line
            case 1 where random.next() % 20 == 0:
                time += 1
                data += Array("\(time)\tLong\t".utf8) + Array(repeating: 0x61, count: TranscriptTail.chunkSize + Int(random.next() % 5000))
            default:
                time += 1 + Int(random.next() % 90)
                data += Array("\(time)\t\(TranscriptFuzzTests.pick(["Alice", "Bob", "Me"], &random))\tline \(index) é 🙂".utf8)
                if random.next() % 5 == 0 { data.append(0x0D) }
            }
            if index < lines - 1 || random.next() % 2 == 0 { data.append(0x0A) }
        }
        return data
    }

    /// Opens `path` as a file and as an index.
    static func both(_ path: String) throws -> (file: TranscriptFile, index: TranscriptIndex) {
        let file = try TranscriptFile(path: path, maximumBytes: TranscriptSource.maximumBytes)
        return (file, try TranscriptIndex(file: file, describedProblems: 5))
    }

    @Test("a file in order: its last lines are the index's newest entries, and every page they answer is the index's")
    func orderedFiles() async throws {
        var random = SeededRandom(seed: 0x5441_494C)
        try await TranscriptLazyTests.withFolder { folder in
            for round in 0..<80 {
                let lines = round % 20 == 0 ? 2_000 : Int(random.next() % 300)
                let path = try TranscriptLazyTests.write(Self.orderedFile(&random, lines: lines), in: folder, name: "ordered-\(round).txt")
                let (file, index) = try Self.both(path)
                let source = TranscriptSource(index: index, me: Self.me)
                for limit in [1, 2, 7, 64, 256] {
                    let tail = try TranscriptTail(file: file, limit: limit)
                    let note = "round \(round), \(lines) lines, limit \(limit)"
                    #expect(tail.entries == Array(index.entries.suffix(limit)), "\(note)")
                    #expect(!tail.reachesStart || tail.entries == index.entries, "\(note)")
                    #expect(tail.agrees(with: index), "\(note)")
                    // Page back with the tail while it answers; each page is the index's.
                    var cursor: HistoryCursor?
                    for pageLimit in [1, 3, 50, 1, 2, 400] {
                        guard let page = tail.page(before: cursor, limit: pageLimit) else { break }
                        let want = try await source.page(before: cursor, limit: pageLimit)
                        let got = tail.entries[page.range].map(source.message)
                        #expect(TranscriptLazyTests.fields(got) == TranscriptLazyTests.fields(want.messages), "\(note), page of \(pageLimit)")
                        #expect(page.hasMore || !want.hasMore, "\(note): says nothing more comes when more does")
                        guard let oldest = want.messages.first else { break }
                        cursor = HistoryCursor(before: oldest)
                    }
                }
            }
        }
    }

    @Test("seeded hostile files, out of order: each entry read from the end is the index's entry for that line")
    func hostileFiles() async throws {
        var random = SeededRandom(seed: 0x484F_5354)
        try await TranscriptLazyTests.withFolder { folder in
            var usable = 0
            for round in 0..<150 {
                var data: [UInt8] = []
                let lines = Int(random.next() % 80)
                for index in 0..<lines {
                    data += TranscriptFuzzTests.line(&random)
                    if index < lines - 1 || random.next() % 2 == 0 { data.append(0x0A) }
                }
                let path = try TranscriptLazyTests.write(data, in: folder, name: "hostile-\(round).txt")
                let (file, index) = try Self.both(path)
                let byOffset = Dictionary(index.entries.map { ($0.offset, $0) }, uniquingKeysWith: { first, _ in first })
                let tail = try TranscriptTail(file: file, limit: [1, 4, 30][round % 3])
                for entry in tail.entries {
                    #expect(byOffset[entry.offset] == entry, "round \(round): line \(entry.line) at \(entry.offset)")
                }
                if !tail.entries.isEmpty { usable += 1 }
                if tail.reachesStart { #expect(tail.entries == index.entries, "round \(round): the whole file, sorted") }
                // Whatever it answers, it answers the index's when it says it agrees.
                if tail.agrees(with: index), let page = tail.page(before: nil, limit: 3) {
                    #expect(Array(tail.entries[page.range]) == Array(index.entries.suffix(page.range.count)), "round \(round)")
                }
            }
            #expect(usable > 30, "the tail answered in \(usable) of 150 rounds")
        }
    }

    @Test("a last line longer than the tail may read, or a count that no longer fits: the tail answers nothing")
    func unusableTails() async throws {
        try await TranscriptLazyTests.withFolder { folder in
            var data = Array("1\tAlice\tfirst\n2\tBob\t".utf8)
            data += Array(repeating: 0x62, count: TranscriptTail.maximumReach + 10)
            let path = try TranscriptLazyTests.write(data, in: folder, name: "long.txt")
            let (file, index) = try Self.both(path)
            let tail = try TranscriptTail(file: file, limit: 5)
            #expect(tail.entries.isEmpty && !tail.reachesStart)
            #expect(tail.page(before: nil, limit: 1) == nil)
            #expect(index.entries.count == 2, "the index still reads it")

            let short = try TranscriptLazyTests.write(Array("1\tA\ta\n2\tB\tb\n3\tC\tc\n".utf8), in: folder, name: "short.txt")
            let shortFile = try TranscriptFile(path: short, maximumBytes: 1 << 20)
            let fits = try TranscriptTail.lines(of: shortFile, end: 18, lastLine: 4, limit: 10)
            #expect(fits.reachesStart && fits.complete && fits.newestFirst.map(\.line) == [3, 2, 1])
            let tooFew = try TranscriptTail.lines(of: shortFile, end: 18, lastLine: 2, limit: 10)
            #expect(!tooFew.complete, "fewer lines counted than there are")
            let tooMany = try TranscriptTail.lines(of: shortFile, end: 18, lastLine: 6, limit: 10)
            #expect(!tooMany.complete, "more lines counted than there are")
        }
    }

    @Test("an empty file, line feeds only, CRLF ends, blank lines first: the end is the whole file, as the index reads it")
    func edgeFiles() async throws {
        try await TranscriptLazyTests.withFolder { folder in
            let files = ["", "\n", "\n\n\n", "\r\n", "1\tA\ta", "1\tA\ta\r\n", "\n\n1\tA\ta\n2\tB\tb\r\n\n", "2\tB\tb\n1\tA\ta"]
            for (number, text) in files.enumerated() {
                let path = try TranscriptLazyTests.write(Array(text.utf8), in: folder, name: "edge-\(number).txt")
                let (file, index) = try Self.both(path)
                let tail = try TranscriptTail(file: file, limit: 5)
                #expect(tail.reachesStart && tail.entries == index.entries, "\(text.debugDescription)")
                #expect(tail.agrees(with: index))
            }
        }
    }

    /// An opening held before it indexes, and the semaphore that lets it go on.
    static func heldOpening(_ path: String, tailLimit: Int = 256) -> (TranscriptOpening, DispatchSemaphore) {
        let gate = DispatchSemaphore(value: 0)
        return (TranscriptOpening(path: path, me: me, tailLimit: tailLimit, beforeIndexing: { gate.wait() }), gate)
    }

    /// `count` message lines with times from `first`, a second apart, from line `number` on.
    static func run(from first: Int, count: Int) -> [UInt8] {
        (0..<count).flatMap { Array("\(first + $0)\tAlice\tmessage \(first + $0)\n".utf8) }
    }

    @Test("before the index: pages from the end, the rest waits for it; after: the same pages as the index, and they stand")
    func openingInOrder() async throws {
        try await TranscriptLazyTests.withFolder { folder in
            let path = try TranscriptLazyTests.write(Self.run(from: 1_000, count: 1_000), in: folder)
            let direct = try TranscriptSource(path: path, me: Self.me)
            let (opening, gate) = Self.heldOpening(path)
            try opening.waitForEnd()
            let first = try await opening.page(before: nil, limit: 100)
            let second = try await opening.page(before: HistoryCursor(before: try #require(first.messages.first)), limit: 100)
            #expect(TranscriptLazyTests.fields(first.messages) == TranscriptLazyTests.fields(try await direct.page(before: nil, limit: 100).messages))
            #expect(first.hasMore && second.hasMore && second.messages.count == 100)
            let secondCursor = HistoryCursor(before: try #require(first.messages.first))
            #expect(TranscriptLazyTests.fields(second.messages) == TranscriptLazyTests.fields(try await direct.page(before: secondCursor, limit: 100).messages))
            // The third page reaches past the 256 lines read from the end: it waits.
            let cursor = HistoryCursor(before: try #require(second.messages.first))
            let third = Task { try await opening.page(before: cursor, limit: 100) }
            gate.signal()
            let got = try await third.value
            #expect(TranscriptLazyTests.fields(got.messages) == TranscriptLazyTests.fields(try await direct.page(before: cursor, limit: 100).messages))
            let (source, stand) = try await opening.indexed()
            #expect(stand && source.count == 1_000)
            let window = try await opening.window(around: Date(timeIntervalSince1970: 1_500), limit: 10)
            #expect(window.anchor == MessageID("line-501"))
        }
    }

    @Test("a file whose last lines are not its newest: the early pages do not stand, and the demo shows the newest page again")
    func openingOutOfOrder() async throws {
        try await TranscriptLazyTests.withFolder { folder in
            // Two logs joined, the newer first: the last lines are the oldest messages.
            let path = try TranscriptLazyTests.write(Self.run(from: 5_000, count: 400) + Self.run(from: 1_000, count: 400), in: folder)
            let direct = try TranscriptSource(path: path, me: Self.me)
            let newest = try await direct.page(before: nil, limit: 100).messages
            #expect(newest.last?.id == MessageID("line-400"))

            let (opening, gate) = Self.heldOpening(path)
            var options = DemoHistory.Options()
            options.transcript = path
            options.opening = opening
            let history = try DemoHistory(options: options, pageSize: 100)
            #expect(history.note?.hasPrefix("Opening ") == true, "\(history.note ?? "")")
            _ = await history.pager.loadEarlier()
            #expect(history.conversation.messages.last?.id == MessageID("line-800"), "shown from the end at once")
            gate.signal()
            let opened = await history.finishOpening()
            #expect(opened?.note.hasPrefix("Opened 800 messages from ") == true, "\(opened?.note ?? "")")
            #expect(opened?.showedNewestAgain == true)
            #expect(history.conversation.messages.map(\.id) == newest.map(\.id), "the newest page in place of the end's")
            // Older pages continue from there.
            _ = await history.pager.loadEarlier()
            #expect(history.conversation.messages.map(\.id) == (try await direct.page(before: nil, limit: 200)).messages.map(\.id))
        }
    }

    @Test("a file in order opened for the demo: shown from the end, then the count; nothing shown again")
    func demoInOrder() async throws {
        try await TranscriptLazyTests.withFolder { folder in
            let path = try TranscriptLazyTests.write(Self.run(from: 1_000, count: 300), in: folder)
            let (opening, gate) = Self.heldOpening(path)
            var options = DemoHistory.Options()
            options.transcript = path
            options.opening = opening
            let history = try DemoHistory(options: options, pageSize: 50)
            _ = await history.pager.loadEarlier()
            let shown = history.conversation.messages.map(\.id)
            #expect(shown.count == 50 && shown.last == MessageID("line-300"))
            gate.signal()
            let opened = await history.finishOpening()
            #expect(opened?.note.hasPrefix("Opened 300 messages from ") == true)
            #expect(opened?.showedNewestAgain == false, "the pages from the end stand")
            #expect(history.conversation.messages.map(\.id) == shown)

            var missing = DemoHistory.Options()
            missing.transcript = folder.appendingPathComponent("missing.txt").path
            missing.opening = TranscriptOpening(path: missing.transcript!, me: DemoCast.me)
            #expect(throws: TranscriptError.missing(path: missing.transcript!)) { try DemoHistory(options: missing) }
        }
    }
}
