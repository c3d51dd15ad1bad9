import Foundation
import ParleyTestSupport
import Testing
@testable import ParleyCore

@Suite("Text detection")
struct TextDetectorTests {
    private func found(_ text: String) -> [String] {
        TextContent(text).detections.map { detection in
            String(text[detection.range(in: text)])
        }
    }

    @Test("finds links with schemes, www and common bare domains", arguments: [
        ("see https://example.com/a?b=1.", ["https://example.com/a?b=1"]),
        ("(http://x.org/path)", ["http://x.org/path"]),
        ("wiki https://en.wikipedia.org/wiki/Swift_(language)!", ["https://en.wikipedia.org/wiki/Swift_(language)"]),
        ("go to www.swift.org now", ["www.swift.org"]),
        ("parley.dev, and github.com/x", ["parley.dev", "github.com/x"]),
        // The word's last byte is a mark; the one that makes it a link is before it.
        ("mail ada@example.org: thanks. see example.com.", ["ada@example.org", "example.com"]),
        ("end. note: http://localhost:8080/a.", ["http://localhost:8080/a"]),
        // Punctuation outside ASCII around a link is the sentence's, not the link's.
        ("he wrote “https://example.com/x” and «https://example.org/y».", ["https://example.com/x", "https://example.org/y"]),
        ("also https://example.net/z… and 「https://example.jp/a」。", ["https://example.net/z", "https://example.jp/a"]),
        ("詳しくは、（https://example.com/b）を見て。¿www.swift.org?", ["https://example.com/b", "www.swift.org"]),
        ("链接：https://example.cn/c。谢谢", ["https://example.cn/c"]),
        ("https://ja.wikipedia.org/wiki/東京（曖昧さ回避）", ["https://ja.wikipedia.org/wiki/東京（曖昧さ回避）"]),
        ("https://ja.wikipedia.org/wiki/東京", ["https://ja.wikipedia.org/wiki/東京"]),
        // Brackets balance: the outer pair is the sentence's, the inner the link's.
        ("（https://ja.wikipedia.org/wiki/東京（曖昧さ回避））", ["https://ja.wikipedia.org/wiki/東京（曖昧さ回避）"]),
        ("(https://en.wikipedia.org/wiki/Swift_(language))", ["https://en.wikipedia.org/wiki/Swift_(language)"]),
        ("see https://example.com/list[1].", ["https://example.com/list[1]"]),
        // Dots, apostrophes and middle dots inside words stay in the link.
        ("https://ja.wikipedia.org/wiki/レオナルド・ダ・ヴィンチ", ["https://ja.wikipedia.org/wiki/レオナルド・ダ・ヴィンチ"]),
        ("https://ca.wikipedia.org/wiki/Col·legi_de_Metges", ["https://ca.wikipedia.org/wiki/Col·legi_de_Metges"]),
        ("https://fr.wikipedia.org/wiki/L’Étranger", ["https://fr.wikipedia.org/wiki/L’Étranger"]),
    ])
    func links(text: String, expected: [String]) {
        #expect(found(text) == expected)
    }

    @Test("finds e-mail addresses and gives mailto targets")
    func emails() {
        let content = TextContent("write to ada.l+chat@example.co.uk.")
        #expect(content.detections.count == 1)
        #expect(content.detections[0].kind == .email("ada.l+chat@example.co.uk"))
        #expect(content.detections[0].target?.absoluteString == "mailto:ada.l+chat@example.co.uk")
    }

    @Test("finds phone numbers in common shapes", arguments: [
        "+1 555 123 4567", "(030) 1234567", "555-123-4567", "+44 20 7946 0958", "0301234567", "555-1234",
    ])
    func phones(number: String) {
        let content = TextContent("call \(number) today")
        #expect(content.detections.map(\.kind) == [.phone(number)])
    }

    @Test("leaves dates, versions, file names and plain numbers alone", arguments: [
        "on 2024-01-31", "at 31.01.2024", "v1.2.3", "notes.txt", "1.234.567 people", "e.g. this",
        "42", "12:30", "a@b", "user@localhost", "1 - 2 - 3 - 4", "+1 23 45",
    ])
    func negatives(text: String) {
        #expect(TextContent(text).detections.isEmpty)
    }

    @Test("phone target keeps only dialable characters")
    func telTarget() {
        let detection = TextContent("+1 (555) 123-4567").detections.first
        #expect(detection?.target?.absoluteString == "tel:+15551234567")
    }

    @Test("ranges are UTF-8 offsets that survive non-ASCII text before them")
    func utf8Ranges() {
        let text = "héllo 日本 https://a.io"
        let detection = try! #require(TextContent(text).detections.first)
        #expect(detection.utf8Range == 14..<26)
        #expect(String(text[detection.range(in: text)]) == "https://a.io")
    }

    @Test("a link followed by thousands of closing brackets ends at the last one it opened")
    func bracketFlood() {
        // Brackets are counted in one pass (each closing one used to look for its opening
        // one from the word's start: a 120 KB word took a second).
        let path = "x.com/" + String(repeating: "a", count: 30_000)
        #expect(found(path + "（" + String(repeating: "）", count: 30_000)) == [path + "（）"])
        #expect(found(path + String(repeating: ")", count: 30_000)) == [path])
    }

    @Test("a megabyte of text is scanned and every link found")
    func megabyte() {
        let line = String(repeating: "lorem ipsum dolor ", count: 50) + "https://example.com/x\n"
        let text = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
        let content = TextContent(text)
        #expect(content.detections.count == text.components(separatedBy: "https://").count - 1)
    }

    @Test("malformed UTF-8 becomes U+FFFD and keeps the valid parts")
    func malformedUTF8() {
        let bytes: [UInt8] = [0x68, 0x69, 0xFF, 0xC3, 0x28, 0x20, 0xE2, 0x82, 0xAC]  // hi, bad, bad, " €"
        let content = TextContent(utf8: bytes)
        #expect(content.string == "hi\u{FFFD}\u{FFFD}( €")
    }
}

@Suite("Emoji-only messages")
struct EmojiOnlyTests {
    @Test("one to three emoji become large emoji content", arguments: [
        "😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", " 🎉🎉 ", "1️⃣", "\n #️⃣", "\u{A0}😀",
    ])
    func emoji(text: String) {
        #expect(MessageContent.text(text) == .emoji(text))
    }

    @Test("text, symbols and long runs stay text", arguments: [
        "hi 😀", "😀😀😀😀", "1", "©", "", "   ", "☺", "\t e\u{301}", "a\u{FE0F}", " Z😀",
    ])
    func notEmoji(text: String) {
        #expect(MessageContent.text(text) == .text(TextContent(text)))
    }
}

@Suite("Inert text")
struct InertTextTests {
    @Test("escape sequences, controls and bidi overrides are shown, never obeyed", arguments: [
        ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
        ("\u{1B}]0;pwned\u{07}", "␛]0;pwned␇"),
        ("\u{1B}]52;c;ZXZpbA==\u{1B}\\", "␛]52;c;ZXZpbA==␛\\"),
        ("\u{9B}31m red", "\u{FFFD}31m red"),
        ("file\u{202E}gpj.exe", "file\u{FFFD}gpj.exe"),
        ("a\u{2066}b\u{2069}", "a\u{FFFD}b\u{FFFD}"),
        ("nul\u{0}del\u{7F}", "nul␀del␡"),
        ("tab\there", "tab    here"),
        ("crlf\r\nnext\rcr", "crlf\nnext\ncr"),
        ("line\u{2028}sep", "line\nsep"),
    ])
    func hostile(input: String, shown: String) {
        #expect(InertText.display(input) == shown)
        #expect(!InertText.display(input).unicodeScalars.contains { InertText.needsReplacement($0) })
    }

    @Test("ordinary text comes back unchanged, line feeds, emoji and RTL included")
    func ordinary() {
        let text = "Hello\nשלום عالم 👨‍👩‍👧 e\u{301}"
        #expect(InertText.display(text) == text)
    }

    @Test("single-line form turns line breaks into spaces")
    func singleLine() {
        #expect(InertText.singleLine("Eve\n\u{1B}[31mAdmin") == "Eve ␛[31mAdmin")
    }
}

@Suite("Line breaking")
struct LineBreakerTests {
    private func wrap(_ text: String, _ columns: Int) -> [String] {
        LineBreaker.lines(text, maxColumns: columns, width: MonospaceMeasurer.columns(of:)).map { line in
            let utf8 = Array(text.utf8)[line.utf8Range]
            return String(decoding: utf8, as: UTF8.self)
        }
    }

    @Test("wraps at spaces, breaks words only when they are too long")
    func words() {
        #expect(wrap("the quick brown fox", 10) == ["the quick ", "brown fox"])
        #expect(wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"])
        #expect(wrap("hi abcdefghijkl", 5) == ["hi ", "abcde", "fghij", "kl"])
    }

    @Test("line feeds always break; empty text is one empty line")
    func newlines() {
        #expect(wrap("a\n\nb", 10) == ["a", "", "b"])
        #expect(wrap("", 10) == [""])
    }

    @Test("wide characters take two columns and are never split")
    func wide() {
        let lines = LineBreaker.lines("日本語テキスト", maxColumns: 5, width: MonospaceMeasurer.columns(of:))
        #expect(lines.map(\.columns) == [4, 4, 4, 2])
    }

    @Test("reported columns exclude trailing spaces")
    func trailing() {
        let lines = LineBreaker.lines("ab    cd", maxColumns: 4, width: { _ in 1 })
        #expect(lines.map(\.columns) == [2, 2])
    }

    @Test("in text with scalars outside ASCII, clusters are measured whole and in order, runs of ASCII byte by byte")
    func clustersInMixedText() {
        // Pieces that join what is before or after them: combining marks, a variation
        // selector, a keycap, joiners, flags, CR LF, controls, wide and astral scalars.
        let pieces = [
            "a", "b", " ", "e\u{301}", "\u{301}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "👩\u{200D}💻", "\u{200D}",
            "🇫🇷", "\r\n", "\r", "\n", "\t", "\u{7F}", "日", "😀", "\u{FE0F}", "x\u{0308}\u{0323}", "~", "\u{1F3FD}",
            "\u{600}", "\u{903}",  // a Prepend scalar (joins the next), a spacing mark (joins the one before)
        ]
        var generator = ParleyTestSupport.SeededRandom(seed: 15)
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var measured: [Character] = []
            let lines = LineBreaker.lines(text, maxColumns: 4) { character in
                measured.append(character)
                return MonospaceMeasurer.columns(of: character)
            }
            // Measured: every cluster but line feeds and a lone printable ASCII scalar that
            // an ASCII scalar (or the end) follows, which counts one column unasked.
            let characters = Array(text)
            let expected = characters.indices.filter { index in
                let character = characters[index]
                let scalars = character.unicodeScalars
                let lonePrintable = scalars.count == 1 && (0x20..<0x7F).contains(scalars.first!.value)
                let asciiFollows = index + 1 == characters.count || characters[index + 1].utf8.first! < 0x80
                return !(lonePrintable && asciiFollows) && character != "\n" && character != "\r\n"
            }.map { characters[$0] }
            #expect(measured == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // Every line starts and ends on a cluster boundary.
            let boundaries = Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count])
            for line in lines {
                #expect(boundaries.contains(line.utf8Range.lowerBound) && boundaries.contains(line.utf8Range.upperBound))
            }
        }
    }

    @Test("outside ASCII, a line feed and CR LF break a line, a lone CR does not, and a space with a mark on it is no break")
    func breaksBesideClusters() {
        func lines(_ text: String, _ columns: Int) -> [String] {
            LineBreaker.lines(text, maxColumns: columns, width: MonospaceMeasurer.columns(of:)).map { line in
                String(decoding: Array(text.utf8)[line.utf8Range], as: UTF8.self)
            }
        }
        #expect(lines("日\n本", 10) == ["日", "本"])
        #expect(lines("日\r\n本", 10) == ["日", "本"])
        #expect(lines("\r\n日", 10) == ["", "日"])
        #expect(lines("日\r本", 10).count == 1)
        // "a" and "é" with a space between: a plain space is where the line breaks; with a
        // combining mark on it, the space is part of a word, broken only when too wide.
        #expect(lines("日 é", 3) == ["日 ", "é"])
        #expect(lines("é éé", 3) == ["é ", "éé"])
        #expect(lines("日 \u{301}é", 4) == ["日 \u{301}é"])
        // A line may end between the ideographs, not at the marked space.
        #expect(lines("日日 \u{301}é", 4) == ["日", "日 \u{301}é"])
    }

    @Test("CJK text breaks between its characters, not before its punctuation nor after an opening bracket")
    func breaksInCJK() {
        func lines(_ text: String, _ columns: Int) -> [String] {
            LineBreaker.lines(text, maxColumns: columns, width: MonospaceMeasurer.columns(of:)).map { line in
                String(decoding: Array(text.utf8)[line.utf8Range], as: UTF8.self)
            }
        }
        // After a Latin word, the CJK text goes on on the same line and fills it.
        #expect(lines("Note: 日本語のテキストです。", 12) == ["Note: 日本語", "のテキストで", "す。"])
        // "。" does not start a line: the character before it goes along.
        #expect(lines("あいう。", 6) == ["あい", "う。"])
        // Nor the prolonged sound mark or a small kana (unless nothing else can break).
        #expect(lines("カタカナーです", 8) == ["カタカ", "ナーです"])
        #expect(lines("きゃくさま", 6) == ["きゃく", "さま"])
        #expect(lines("あいう・えお", 6) == ["あい", "う・え", "お"])
        // A line may end before "「", not after it.
        #expect(lines("あい「うえ」", 6) == ["あい", "「う", "え」"])
        // Hangul syllables break anywhere too; Latin words only at spaces.
        #expect(lines("한국어 텍스트", 6) == ["한국어", "텍스트"])
        #expect(lines("abcdef 日本", 8) == ["abcdef ", "日本"])
    }

    @Test("a lone printable ASCII scalar is one column to the monospace measurer, as the byte-wise paths count it")
    func asciiWidths() {
        for value in UInt8(0x20)..<0x7F {
            let character = Character(Unicode.Scalar(value))
            #expect(MonospaceMeasurer.columns(of: character) == 1)
        }
    }

    @Test("measurer maps points back to the characters drawn there")
    func offsets() {
        let measurer = MonospaceMeasurer()
        let font = FontSpec(size: 11)
        #expect(measurer.utf8Offset(at: Point(x: 1.5, y: 0.2), in: "hello world", font: font, maxWidth: 6) == 1)
        #expect(measurer.utf8Offset(at: Point(x: 0, y: 1), in: "hello world", font: font, maxWidth: 6) == 6)
        #expect(measurer.utf8Offset(at: Point(x: 0, y: 5), in: "hello", font: font, maxWidth: 6) == nil)
    }
}

@Suite("Display text")
struct DisplayTextTests {
    @Test("detections are mapped onto the drawn string when controls were replaced")
    func mapped() {
        let content = TextContent("\t\u{1B}[1m https://a.io\r\nmail bob@x.org")
        let shown = DisplayText(content)
        #expect(shown.string == "    ␛[1m https://a.io\nmail bob@x.org")
        let texts = shown.detections.map { String(shown.string[$0.range(in: shown.string)]) }
        #expect(texts == ["https://a.io", "bob@x.org"])
    }

    @Test("offsets map every UTF-8 position, end included")
    func offsets() {
        #expect(InertText.displayOffsets(of: "a\tb") == [0, 1, 5, 6])
        #expect(InertText.displayOffsets(of: "\r\né") == [0, 1, 1, 1, 3])
    }

    @Test("a text settled as shown as it is comes unchanged through every step, at the limits' edges (#15)")
    func shownAsIs() {
        let run = String(repeating: "x", count: 60)
        #expect(DisplayText.isShownAsIs("Lunch at noon?\nSure, 12:30 works " + run, limit: .preview))
        #expect(!DisplayText.isShownAsIs(run + "x", limit: .preview))
        #expect(DisplayText.isShownAsIs("abcde", limit: TextLimit(characters: 5, lines: 1)))
        #expect(!DisplayText.isShownAsIs("abcdef", limit: TextLimit(characters: 5, lines: 1)))
        #expect(DisplayText.isShownAsIs("a\nb", limit: TextLimit(characters: 50, lines: 2)))
        #expect(!DisplayText.isShownAsIs("a\nb\nc", limit: TextLimit(characters: 50, lines: 2)))
        for other in ["tab\there", "cr\r\n", "esc\u{1B}[2J", "del\u{7F}", "café", "\u{202E}"] {
            #expect(!DisplayText.isShownAsIs(other, limit: .preview), "\(other.debugDescription)")
        }
        // Seeded texts of mostly plain pieces: whatever is settled, the steps leave alone.
        let pieces = ["a", "word ", " ", "\n", "Lunch?", "x", String(repeating: "y", count: 20), "é", "\t", "https://a.io "]
        var random = ParleyTestSupport.SeededRandom(seed: 2612)
        var settled = 0
        for round in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 24) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let limit = TextLimit(characters: 1 + Int(random.next() % 120), lines: 1 + Int(random.next() % 6))
            guard DisplayText.isShownAsIs(text, limit: limit) else { continue }
            settled += 1
            let (prefix, cut) = DisplayText.prefix(of: text, limit: limit)
            #expect(prefix == text && !cut, "round \(round)")
            #expect(InertText.display(text) == text, "round \(round)")
            #expect(DisplayText.breakingLongRuns(text) == text, "round \(round)")
        }
        #expect(settled > 300, "too few texts settled to check the steps: \(settled)")
    }
}
