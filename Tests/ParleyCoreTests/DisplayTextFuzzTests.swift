import Foundation
import ParleyTestSupport
import Testing
@testable import ParleyCore

/// Hostile text, the way a peer could send it: controls, escapes, marks, long runs,
/// emoji sequences, bidi overrides, links, invalid UTF-8 turned into U+FFFD.
enum HostileText {
    static let pieces: [String] = [
        "a", "word ", " ", "\n", "\r\n", "\r", "\t", "\u{1B}[2J", "\u{1B}]0;t\u{07}", "\u{1B}]52;c;aGk=\u{07}", "\u{9B}31m",
        "\u{0301}", "\u{0301}\u{0302}\u{0303}", "e\u{0301}", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{2066}",
        "日本語", "한국어", "مرحبا", "https://example.com/", "a@b.co", "+44 20 7946 0958", "-", "/", "\u{200B}", "\u{FFFD}",
        "\u{0}", "\u{7F}", "\u{2028}", "\u{2029}", String(repeating: "x", count: 70), String(repeating: "\u{0300}", count: 40),
    ]

    static func make(_ random: inout SeededRandom, pieces count: Int) -> String {
        var text = ""
        for _ in 0..<count { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }
}

@Suite("Fuzzing: hostile text through DisplayText, layout and hit tests (#10)")
struct DisplayTextFuzzTests {
    /// Rounds per run: 2,000 in the suite; `PARLEY_FUZZ_ROUNDS` (and `PARLEY_FUZZ_SEED`)
    /// for a longer or another run.
    static let rounds = ProcessInfo.processInfo.environment["PARLEY_FUZZ_ROUNDS"].flatMap(Int.init) ?? 2_000
    static let seed = ProcessInfo.processInfo.environment["PARLEY_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5041_524C_4559

    @Test("seeded hostile texts: drawn inert, bounded, breakable, detections on the drawn text, no trap")
    func fuzz() {
        var random = SeededRandom(seed: Self.seed)
        let engine = Fixture.engine()
        for round in 0..<Self.rounds {
            let text = HostileText.make(&random, pieces: Int(random.next() % 120))
            let limit = round % 3 == 0 ? TextLimit(characters: 1 + Int(random.next() % 200), lines: 1 + Int(random.next() % 10)) : .preview
            let content = TextContent(text)
            let shown = DisplayText(content, limit: limit)
            #expect(!shown.string.unicodeScalars.contains(where: InertText.needsReplacement), "round \(round)")
            var run = 0
            for character in shown.string {
                #expect(character.unicodeScalars.count <= DisplayText.mostScalarsPerCluster)
                let cjk = (0x2E80...0xD7AF).contains(character.unicodeScalars.first!.value)
                let first = character.unicodeScalars.first!
                if first.properties.isWhitespace || "\u{200B}-/".unicodeScalars.contains(first) || cjk { run = 0 } else { run += 1 }
                // (The ellipsis after a cut text may follow a full run.)
                #expect(run <= DisplayText.longestUnbrokenRun + (shown.isTruncated ? 1 : 0), "round \(round): a run of \(run)")
            }
            let visible = shown.string.filter { $0 != "\u{200B}" }.count
            // A tab is drawn as four spaces; nothing else grows.
            #expect(visible <= 4 * limit.characters || !shown.isTruncated)
            let utf8 = shown.string.utf8
            for detection in shown.detections {
                #expect(detection.utf8Range.lowerBound >= 0 && detection.utf8Range.upperBound <= utf8.count)
                let lower = utf8.index(utf8.startIndex, offsetBy: detection.utf8Range.lowerBound)
                #expect(lower.samePosition(in: shown.string.unicodeScalars) != nil, "round \(round): a range inside a scalar")
            }
            let message = Message(id: MessageID("f\(round)"), sender: Fixture.alice, date: Fixture.noon, content: .text(text))
            let layout = engine.layout(.message(message), context: nil, width: Double(8 + random.next() % 80))
            #expect(layout.height.isFinite && layout.height >= 0)
            for _ in 0..<4 {
                let point = Point(x: Double(random.next() % 100) - 10, y: Double(random.next() % 60) - 5)
                _ = layout.part(at: point)
                if let content = layout.content, let drawn = layout.text {
                    _ = engine.measurer.utf8Offset(
                        at: Point(x: point.x - content.minX, y: point.y - content.minY), in: drawn.string,
                        font: engine.style.bodyFont, maxWidth: layout.wrapWidth)
                }
            }
        }
    }
}
