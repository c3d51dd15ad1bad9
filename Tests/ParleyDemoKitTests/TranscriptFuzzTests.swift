import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyDemoKit

/// Seeded hostile chat logs through ``TranscriptSource``, checked against a plain model of
/// its format: one message a line, `seconds ⇥ sender ⇥ text` (#10).
@Suite("Fuzzing: hostile transcripts (#10)")
struct TranscriptFuzzTests {
    /// Files per run: 400 in the suite; `PARLEY_FUZZ_ROUNDS` (and `PARLEY_FUZZ_SEED`) for
    /// a longer or another run.
    static let rounds = ProcessInfo.processInfo.environment["PARLEY_FUZZ_ROUNDS"].flatMap(Int.init) ?? 400
    static let seed = ProcessInfo.processInfo.environment["PARLEY_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5452_414E_5343

    static let me = Sender(id: "me", name: "Me")

    /// Pieces of a time field: ordinary, huge, tiny, not finite, not numbers, at and past
    /// the calendar's ends, padded.
    static let times: [String] = [
        "1700000000", "0", "-1", "1.5", "1e300", "-1e300", "9e999", "-9e999", "nan", "NaN", "inf", "-inf", "1e-400",
        "253402300799", "253402300800", "-62135596800", "-62135596801", "0x1p3", "1_000", "  12  ", "", " ", "abc",
        "1" + String(repeating: "0", count: 400), "9223372036854775808", "-0", "+5", "１２３", "\u{0}1", "1\u{1B}[2J",
    ]

    /// Pieces of a name or a text: escapes, controls, tabs, carriage returns, marks, emoji.
    static let words: [String] = [
        "Alice", "Me", "Bob Stone", "hi", " ", "\t", "\r", "\u{1B}]0;t\u{07}", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[2J", "\u{9B}6n",
        "\u{202E}", "e\u{0301}", "👨‍👩‍👧‍👦", "日本語", "\u{0}", "\u{7F}", "\u{2028}", String(repeating: "x", count: 300),
    ]

    /// Bytes that are not UTF-8: stray continuations, truncated sequences, overlongs,
    /// surrogates, bytes never used.
    static let badBytes: [[UInt8]] = [[0xFF], [0xFE], [0x80], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    static func pick<T>(_ items: [T], _ random: inout SeededRandom) -> T { items[Int(random.next() % UInt64(items.count))] }

    /// One line's bytes, without its line feed.
    static func line(_ random: inout SeededRandom) -> [UInt8] {
        func text(_ random: inout SeededRandom, pieces: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<pieces {
                switch random.next() % 5 {
                case 0: bytes += pick(badBytes, &random)
                case 1: bytes += (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                default: bytes += Array(pick(words, &random).utf8)
                }
            }
            return bytes
        }
        switch random.next() % 10 {
        case 0: return text(&random, pieces: Int(random.next() % 6))  // no tabs, or some at random
        case 1: return Array(pick(times, &random).utf8) + [0x09] + text(&random, pieces: 2)  // two fields
        case 2: return Array(repeating: 0x09, count: Int(random.next() % 5))  // tabs only
        case 3: return [0x0D]  // a blank line from a CRLF file
        default:
            var bytes = Array(pick(times, &random).utf8) + [0x09] + text(&random, pieces: Int(random.next() % 3))
            bytes += [0x09] + text(&random, pieces: Int(random.next() % 6))
            if random.next() % 4 == 0 { bytes += [0x0D] }
            return bytes
        }
    }

    /// What the format says of a file: its non-empty lines, and how many are messages.
    static func model(_ data: [UInt8]) -> (lines: Int, messages: Int) {
        var lines = 0, messages = 0
        for var line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.last == 0x0D { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            lines += 1
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let time = String(decoding: fields[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let seconds = Double(time), seconds.isFinite,
                Message.dateRange.contains(Date(timeIntervalSince1970: seconds))
            else { continue }
            guard !String(decoding: fields[2], as: UTF8.self).allSatisfy(\.isWhitespace) else { continue }
            messages += 1
        }
        return (lines, messages)
    }

    @Test("seeded hostile files: no trap, messages and skipped lines add up to the non-empty lines, problems bounded and inert")
    func fuzz() async throws {
        var random = SeededRandom(seed: Self.seed)
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var totals = (messages: 0, skipped: 0)
        for round in 0..<Self.rounds {
            var data: [UInt8] = []
            let lines = round % 50 == 0 ? 2_000 : Int(random.next() % 60)
            for index in 0..<lines {
                data += Self.line(&random)
                // Most lines end with a line feed; the file's last may not.
                if index < lines - 1 || random.next() % 2 == 0 { data.append(0x0A) }
            }
            let path = folder.appendingPathComponent("round-\(round).txt").path
            try Data(data).write(to: URL(fileURLWithPath: path))

            let transcript = try TranscriptSource(path: path, me: Self.me)
            let expected = Self.model(data)
            #expect(transcript.count + transcript.skipped == expected.lines, "round \(round)")
            #expect(transcript.count == expected.messages, "round \(round)")
            #expect(transcript.problems.count == min(transcript.skipped, TranscriptSource.describedProblems), "round \(round)")
            for problem in transcript.problems {
                #expect(problem.hasPrefix("line "), "round \(round): \(problem)")
                #expect(problem.count < 200, "round \(round): a problem of \(problem.count) characters")
                #expect(!problem.unicodeScalars.contains(where: InertText.needsReplacement), "round \(round): \(problem.debugDescription)")
                let number = problem.dropFirst(5).prefix { $0.isNumber }
                let fileLines = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
                #expect(Int(number).map { (1...fileLines).contains($0) } == true, "round \(round): \(problem)")
            }
            // Every message is there, once, dated within the calendar, with some text.
            let page = try await transcript.page(before: nil, limit: .max)
            #expect(page.messages.count == transcript.count, "round \(round)")
            #expect(Set(page.messages.map(\.id)).count == page.messages.count, "round \(round)")
            for message in page.messages {
                #expect(Message.dateRange.contains(message.date), "round \(round)")
                // A text of a few emoji alone becomes an emoji message, as everywhere.
                let shown: String
                switch message.content {
                case .text(let text): shown = text.string
                case .emoji(let emoji): shown = emoji
                default:
                    Issue.record("round \(round): not a text message")
                    continue
                }
                let blank = shown.allSatisfy(\.isWhitespace)
                #expect(!blank, "round \(round)")
            }
            totals.messages += transcript.count
            totals.skipped += transcript.skipped
        }
        // The generator makes both: a run that parsed everything, or nothing, tested little.
        #expect(totals.messages > Self.rounds && totals.skipped > Self.rounds)
    }

    @Test("files with no line ending, only line endings, or nothing at all")
    func edges() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(bytes: String, messages: Int, skipped: Int)] = [
            ("", 0, 0), ("\n\n\n", 0, 0), ("\r\n\r\n", 0, 0), ("\r", 0, 0), ("\t\t", 0, 1),
            ("1\tA\thi", 1, 0), ("1\tA\thi\r", 1, 0), ("1\tA\thi\n1e300\tA\thi\nnan\tA\thi\n-9e999\tA\thi\n", 1, 3),
            ("1\tA\t\t\t", 0, 1), ("1\t\tx", 1, 0), ("1\tA\tx\ty\tz", 1, 0),
        ]
        for (index, test) in cases.enumerated() {
            let path = folder.appendingPathComponent("case-\(index).txt").path
            try Data(test.bytes.utf8).write(to: URL(fileURLWithPath: path))
            let transcript = try TranscriptSource(path: path, me: Self.me)
            #expect(transcript.count == test.messages && transcript.skipped == test.skipped, "\(test.bytes.debugDescription)")
        }
    }
}
