import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyDemoKit

/// ``TranscriptSource`` reads lines only when a page asks for them (#15): its pages and
/// windows are checked against a reference that reads every message up front, as the
/// source itself did before, and against files that change after they were indexed.
@Suite("Transcripts read lazily (#15)")
struct TranscriptLazyTests {
    static let me = Sender(id: "me", name: "Me")

    /// Every message of `data`, read the eager way: the format's rules written plainly.
    static func reference(_ data: [UInt8]) -> ArrayHistorySource {
        var messages: [Message] = []
        var lineNumber = 0
        for var line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.last == 0x0D { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let time = String(decoding: fields[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let seconds = Double(time), seconds.isFinite else { continue }
            let date = Date(timeIntervalSince1970: seconds)
            guard Message.dateRange.contains(date) else { continue }
            let text = String(decoding: fields[2], as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else { continue }
            let name = String(decoding: fields[1], as: UTF8.self)
            let sender = name == me.name ? me : Sender(id: "t:" + name, name: name)
            messages.append(Message(id: MessageID("line-\(lineNumber)"), sender: sender, date: date, content: .text(text)))
        }
        return ArrayHistorySource(messages)
    }

    /// A temporary folder, removed when `body` returns.
    static func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// Writes `bytes` to a file in `folder`; its path.
    static func write(_ bytes: [UInt8], in folder: URL, name: String = "transcript.txt") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What a message is, field by field, for comparing two sources' messages.
    static func fields(_ message: Message) -> String {
        "\(message.id) \(message.sender.id) \(message.sender.name.debugDescription) \(message.date.timeIntervalSinceReferenceDate) \(message.content)"
    }

    static func fields(_ messages: [Message]) -> [String] { messages.map(fields) }

    /// Pages both sources from the newest back, `limit` at a time, expecting the same
    /// pages; returns how many messages were paged.
    @discardableResult
    static func expectSamePages(_ lazy: TranscriptSource, _ eager: ArrayHistorySource, limit: Int, _ note: String) async throws -> Int {
        var cursor: HistoryCursor?
        var total = 0
        while true {
            let got = try await lazy.page(before: cursor, limit: limit)
            let want = try await eager.page(before: cursor, limit: limit)
            #expect(fields(got.messages) == fields(want.messages), "\(note), limit \(limit), after \(total)")
            #expect(got.hasMore == want.hasMore, "\(note), limit \(limit), after \(total)")
            total += got.messages.count
            guard want.hasMore, let oldest = want.messages.first, got.messages.count == want.messages.count else { break }
            cursor = HistoryCursor(before: oldest)
        }
        return total
    }

    /// Windows of both sources around dates near and between the messages', and the pages
    /// after each of their messages, expecting the same.
    static func expectSameWindows(_ lazy: TranscriptSource, _ eager: ArrayHistorySource, _ note: String) async throws {
        let all = try await eager.page(before: nil, limit: .max).messages
        var dates = all.map(\.date)
        dates += all.map { $0.date.addingTimeInterval(0.25) } + all.map { $0.date.addingTimeInterval(-0.25) }
        dates += [Message.dateRange.lowerBound, Message.dateRange.upperBound, Date(timeIntervalSince1970: 0)]
        for (index, date) in dates.enumerated() where index % 3 == 0 || all.count < 30 {
            for limit in [1, 2, 5, 50, .max] {
                let got = try await lazy.window(around: date, limit: limit)
                let want = try await eager.window(around: date, limit: limit)
                #expect(fields(got.messages) == fields(want.messages), "\(note): around \(date), limit \(limit)")
                #expect(got.hasOlder == want.hasOlder && got.hasNewer == want.hasNewer, "\(note): around \(date), limit \(limit)")
                #expect(got.anchor == want.anchor, "\(note): around \(date), limit \(limit)")
            }
        }
        for message in all {
            for limit in [1, 3, 40] {
                let cursor = HistoryCursor(before: message)
                let got = try await lazy.window(after: cursor, limit: limit)
                let want = try await eager.window(after: cursor, limit: limit)
                #expect(fields(got.messages) == fields(want.messages), "\(note): after \(message.id), limit \(limit)")
                #expect(got.hasOlder == want.hasOlder && got.hasNewer == want.hasNewer, "\(note): after \(message.id), limit \(limit)")
            }
        }
    }

    @Test("seeded hostile files: the same pages, in the same order, as reading every message up front")
    func fuzzPages() async throws {
        var random = SeededRandom(seed: 0x4C41_5A59)
        try await Self.withFolder { folder in
            for round in 0..<120 {
                var data: [UInt8] = []
                let lines = round % 40 == 0 ? 1_500 : Int(random.next() % 60)
                for index in 0..<lines {
                    data += TranscriptFuzzTests.line(&random)
                    if index < lines - 1 || random.next() % 2 == 0 { data.append(0x0A) }
                }
                let path = try Self.write(data, in: folder, name: "round-\(round).txt")
                let lazy = try TranscriptSource(path: path, me: Self.me)
                let eager = Self.reference(data)
                let limit = [1, 7, 100, .max][Int(random.next() % 4)]
                let paged = try await Self.expectSamePages(lazy, eager, limit: limit, "round \(round)")
                #expect(paged == lazy.count, "round \(round)")
                if round % 10 == 0 { try await Self.expectSameWindows(lazy, eager, "round \(round)") }
            }
        }
    }

    @Test("a file out of order, with equal times: ordered by date, then by id as a string (line-10 before line-9)")
    func outOfOrder() async throws {
        try await Self.withFolder { folder in
            let times = [5, 3, 5, 5, 1, 3, 5, 9, 0, 3, 5, 5, 1, 1, 7, 5, 3, 3, 2, 5, 5, 4]
            var text = times.enumerated().map { "\($0.element)\tAlice\tmessage \($0.offset)" }.joined(separator: "\n")
            text += "\n12.5\tMe\tmine\n-3\tBob\tbefore 1970\n"
            let data = Array(text.utf8)
            let path = try Self.write(data, in: folder)
            let lazy = try TranscriptSource(path: path, me: Self.me)
            let eager = Self.reference(data)
            #expect(lazy.count == times.count + 2 && lazy.skipped == 0)
            for limit in [1, 2, 3, 5, 100] { try await Self.expectSamePages(lazy, eager, limit: limit, "out of order") }
            try await Self.expectSameWindows(lazy, eager, "out of order")
            let all = try await lazy.page(before: nil, limit: .max).messages
            #expect(all.first?.id == "line-24" && all.first?.sender.id == "t:Bob")
            #expect(all.first(where: { $0.id == "line-23" })?.sender == Self.me)
            // Equal times: line-11, line-12, line-20, line-21 (5 s) sort before line-3 as strings do.
            let atFive = all.filter { $0.date == Date(timeIntervalSince1970: 5) }.map(\.id.rawValue)
            #expect(atFive == ["line-1", "line-11", "line-12", "line-16", "line-20", "line-21", "line-3", "line-4", "line-7"])
        }
    }

    @Test("dates equal only by their seconds' digits sort once: a file in order by date with ties, and one in order")
    func inOrderWithTies() async throws {
        try await Self.withFolder { folder in
            // Dates in order but ids not (line-9, line-10 share a second): only the tie is sorted.
            let text = (1...30).map { "\(1_700_000_000 + $0 / 4)\tAlice\tm\($0)" }.joined(separator: "\n")
            let data = Array(text.utf8)
            let lazy = try TranscriptSource(path: try Self.write(data, in: folder), me: Self.me)
            try await Self.expectSamePages(lazy, Self.reference(data), limit: 4, "ties")
            let ordered = (1...30).map { "\(1_700_000_000 + $0).5\tAlice\tm\($0)" }.joined(separator: "\n")
            let lazyOrdered = try TranscriptSource(path: try Self.write(Array(ordered.utf8), in: folder, name: "b"), me: Self.me)
            try await Self.expectSamePages(lazyOrdered, Self.reference(Array(ordered.utf8)), limit: 4, "in order")
        }
    }

    @Test("a line longer than a read while indexing, CRLF line ends, and no final line feed")
    func longLinesAndLineEnds() async throws {
        try await Self.withFolder { folder in
            let long = String(repeating: "long é ", count: TranscriptIndex.chunkSize / 3)  // 3 MB
            let text = "1\tAlice\tbefore\r\n2\tBob\t\(long)\r\n3\tMe\tCR\rinside\r\n\r\n4\tAlice\tlast, no line feed"
            let data = Array(text.utf8)
            let lazy = try TranscriptSource(path: try Self.write(data, in: folder), me: Self.me)
            #expect(lazy.count == 4 && lazy.skipped == 0)
            for limit in [1, 2, 10] { try await Self.expectSamePages(lazy, Self.reference(data), limit: limit, "long") }
            let all = try await lazy.page(before: nil, limit: 10).messages
            #expect(all.map(\.content.summary) == ["before", long, "CR\rinside", "last, no line feed"])
            #expect(all.map(\.id.rawValue) == ["line-1", "line-2", "line-3", "line-5"])
        }
    }

    @Test("a file cut short or rewritten after it was indexed: no crash, unchanged lines as before, changed ones a notice")
    func changedAfterIndexing() async throws {
        try await Self.withFolder { folder in
            let lines = (0..<40).map { "\(1_000 + $0)\tAlice\tmessage \($0)" }
            let data = Array(lines.joined(separator: "\n").utf8)
            let path = try Self.write(data, in: folder)
            let eager = try await Self.reference(data).page(before: nil, limit: .max).messages

            // Cut in the middle of line 21: lines 1 to 20 stay, the rest are gone.
            let cut = try TranscriptSource(path: path, me: Self.me)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            let keep = lines.prefix(20).joined(separator: "\n").utf8.count + 6
            try handle.truncate(atOffset: UInt64(keep))
            try handle.close()
            let afterCut = try await cut.page(before: nil, limit: .max)
            #expect(afterCut.messages.count == 40)
            #expect(Self.fields(Array(afterCut.messages.prefix(20))) == Self.fields(Array(eager.prefix(20))))
            for message in afterCut.messages.dropFirst(20) {
                #expect(message.content == .notice(Notice(text: "Line \(message.id.rawValue.dropFirst(5)) of the transcript changed after it was opened.")))
                #expect(message.sender == TranscriptSource.noticeSender)
            }
            let window = try await cut.window(around: Date(timeIntervalSince1970: 1_030), limit: 6)
            #expect(window.messages.map(\.id.rawValue) == (28...33).map { "line-\($0)" })

            // Emptied: every line a notice, the pages as long as before.
            try Self.overwrite(path, with: [])
            let emptied = try await cut.page(before: nil, limit: 15)
            #expect(emptied.messages.count == 15 && emptied.hasMore)
            #expect(emptied.messages.allSatisfy { $0.sender == TranscriptSource.noticeSender })

            // Rewritten in place with other times, texts and a line with no line feed at
            // all: what still parses with its time shows as the file has it now.
            var rewritten = lines
            // Lines of the same lengths, so the others stay where they were.
            rewritten[3] = "1003\tBob\tedited     "  // same time: shown edited
            rewritten[5] = "9999\tAlice\tmessage 5"  // another time: a notice
            let rewrittenBytes = Array(rewritten.joined(separator: "\n").utf8) + Array(repeating: UInt8(ascii: "x"), count: 5_000)
            let other = try Self.write(data, in: folder, name: "b")
            let rewrite = try TranscriptSource(path: other, me: Self.me)
            try Self.overwrite(other, with: rewrittenBytes)
            let afterRewrite = try await rewrite.page(before: nil, limit: .max).messages
            #expect(afterRewrite.count == 40)
            #expect(afterRewrite[3].content.summary == "edited     " && afterRewrite[3].sender.name == "Bob")
            #expect(afterRewrite[5].sender == TranscriptSource.noticeSender)
            #expect(afterRewrite.enumerated().allSatisfy { $0.offset == 5 || $0.element.sender != TranscriptSource.noticeSender })
            // Line 40 now runs on into 5,000 x's: still the same time, so shown with them.
            #expect(afterRewrite[39].content.summary.hasSuffix("xxxx"))
        }
    }

    /// Replaces the contents of the file at `path` in place (the same file, not a new one
    /// renamed over it).
    static func overwrite(_ path: String, with bytes: [UInt8]) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    @Test("the file is closed when the last copy of the source goes")
    func closesTheFile() async throws {
        try await Self.withFolder { folder in
            let path = try Self.write(Array("1\tAlice\thi\n".utf8), in: folder, name: "closes-\(UUID().uuidString).txt")
            var descriptor: Int32 = -1
            do {
                let source = try TranscriptSource(path: path, me: Self.me)
                descriptor = source.index.file.descriptor
                let copy = source
                #expect(Self.openedPath(descriptor) == path)
                _ = try await copy.page(before: nil, limit: 1)
            }
            // The number may be reused by another test's file at once, never for this one.
            #expect(Self.openedPath(descriptor) != path)
        }
    }

    /// The file descriptor `descriptor` of this process has open, per /proc.
    static func openedPath(_ descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    @Test("plain times parse as Double(String) parses them, after the same trimming")
    func plainTimes() {
        var random = SeededRandom(seed: 0x5449_4D45)
        var fields: [String] = [
            "0", "-0", "00", "1700000000", " 1700000000 ", "1.5", "-1.25", "0.1", "0.3", "123456789012345",
            "1234567890123456", "99999999999999.9", "1.000000000000001", "1.", ".5", "-", "", "  ", "1 2", "+5",
            "1e3", "1.2.3", "--1", "-.5", "253402300799", "-62135596800", "0000000000000001",
        ]
        for _ in 0..<20_000 {
            let digits = 1 + Int(random.next() % 16)
            var field = (0..<digits).map { _ in String(random.next() % 10) }.joined()
            if random.next() % 2 == 0 { field.insert(".", at: field.index(field.startIndex, offsetBy: Int(random.next() % UInt64(digits)))) }
            if random.next() % 3 == 0 { field = "-" + field }
            if random.next() % 4 == 0 { field = " " + field + "  " }
            fields.append(field)
        }
        for field in fields {
            let bytes = Array(field.utf8)
            let plain = bytes.withUnsafeBufferPointer(TranscriptLine.plainSeconds)
            let trimmed = bytes.withUnsafeBufferPointer(TranscriptLine.trimmedTime)
            if let plain {
                let expected = Double(trimmed)
                #expect(expected.map { $0.bitPattern == plain.bitPattern } == true, "\(field.debugDescription): \(plain)")
            }
        }
        // The fast path takes the usual times.
        #expect(Array("1700000000".utf8).withUnsafeBufferPointer(TranscriptLine.plainSeconds) == 1_700_000_000)
        #expect(Array(" 12.5 ".utf8).withUnsafeBufferPointer(TranscriptLine.plainSeconds) == 12.5)
    }

    @Test("blank texts are found as String finds them, non-ASCII whitespace and marks included")
    func blankTexts() {
        var random = SeededRandom(seed: 0x424C_414E)
        let pieces: [[UInt8]] = [
            [0x20], [0x09], [0x0B], [0x0C], [0x0D], [0x1F], [0x00], [0x7F], Array("a".utf8), Array("\u{A0}".utf8),
            Array("\u{3000}".utf8), Array("\u{2028}".utf8), Array("\u{301}".utf8), Array("\u{200D}".utf8), Array("\u{85}".utf8),
            Array("\u{600}".utf8), [0xFF], [0xCC], Array("é".utf8), Array("\u{1680}".utf8), Array("👍🏽".utf8),
            Array("日".utf8), [0xE6, 0x97], [0xF0, 0x9F], [0xC0, 0xA0], [0xED, 0xA0, 0x80], Array("\u{FEFF}".utf8),
        ]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 5)
            let text = (0..<count).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = String(decoding: text, as: UTF8.self).allSatisfy(\.isWhitespace)
            #expect(text.withUnsafeBufferPointer(TranscriptLine.isBlank) == expected, "\(text)")
        }
    }

    @Test("whitespace past ASCII is Unicode's White_Space, for every scalar")
    func whitespaceScalars() {
        var wrong: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TranscriptLine.isWhitespace(scalar) != scalar.properties.isWhitespace { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.map { String($0, radix: 16) })")
    }

    @Test("a transcript opened on its own thread is the same source; a bad path fails the same way")
    func openingAside() async throws {
        var random = SeededRandom(seed: 0x4F50_454E)
        try await Self.withFolder { folder in
            var data: [UInt8] = []
            for _ in 0..<800 { data += TranscriptFuzzTests.line(&random) + [0x0A] }
            let path = try Self.write(data, in: folder)
            let opening = TranscriptOpening(path: path, me: Self.me)
            let direct = try TranscriptSource(path: path, me: Self.me)
            let aside = try opening.source()
            #expect(try opening.source().count == aside.count, "asking again gives the same source")
            #expect(aside.count == direct.count && aside.skipped == direct.skipped && aside.problems == direct.problems)
            let paged = try await Self.expectSamePages(aside, Self.reference(data), limit: 50, "opened aside")
            #expect(paged == direct.count)
            let missing = folder.appendingPathComponent("missing.txt").path
            var expected: TranscriptError?
            do { _ = try TranscriptSource(path: missing, me: Self.me) } catch let error as TranscriptError { expected = error }
            var got: TranscriptError?
            do { _ = try TranscriptOpening(path: missing, me: Self.me).source() } catch let error as TranscriptError { got = error }
            #expect(expected != nil && got == expected)

            var history = DemoHistory.Options()
            history.transcript = path
            history.opening = opening
            let demo = try DemoHistory(options: history)
            #expect(demo.isTranscript)
            #expect(demo.note?.hasPrefix("Opening ") == true, "\(demo.note ?? "")")
            let note = await demo.finishOpening()?.note
            #expect(note?.contains("\(direct.count) message") == true, "\(note ?? "")")
        }
    }

    @Test("ids order as their strings do")
    func idOrder() {
        var random = SeededRandom(seed: 0x4944)
        for _ in 0..<20_000 {
            let a = UInt32(truncatingIfNeeded: random.next() >> UInt64(random.next() % 32))
            let b = UInt32(truncatingIfNeeded: random.next() >> UInt64(random.next() % 32))
            #expect(TranscriptEntry.decimalPrecedes(a, b) == ("\(a)" < "\(b)"), "\(a) \(b)")
        }
        #expect(TranscriptEntry.decimalPrecedes(10, 9) && !TranscriptEntry.decimalPrecedes(9, 10))
        #expect(TranscriptEntry.decimalPrecedes(1, 10) && !TranscriptEntry.decimalPrecedes(10, 1))
        #expect(!TranscriptEntry.decimalPrecedes(7, 7))
    }

    @Test("the index keeps 16 bytes a message")
    func indexSize() {
        #expect(MemoryLayout<TranscriptEntry>.stride == 16)
    }
}
