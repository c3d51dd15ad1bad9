import Foundation
import ParleyCore
import Testing

@testable import ParleyMarkdown

@Suite("CommonMarkFormatter: Markdown to drawn text and spans")
struct CommonMarkFormatterTests {
    let formatter = CommonMarkFormatter()

    /// The drawn string and, for each span, its style and the text it covers.
    func drawn(_ source: String) -> (String, [(SpanStyle, String)]) {
        let formatted = formatter.format(source)
        let string = formatted.content.string
        let bytes = Array(string.utf8)
        return (string, formatted.spans.map { span in
            (span.style, String(decoding: bytes[span.utf8Range], as: UTF8.self))
        })
    }

    func covered(_ source: String, _ style: SpanStyle) -> [String] {
        drawn(source).1.filter { $0.0 == style }.map(\.1)
    }

    @Test("emphasis, strong, strike and inline code become spans over the drawn text (#13)")
    func inline() {
        let (string, _) = drawn("**Lunch** at _noon_? ~~Monday~~ `git pull`")
        #expect(string == "Lunch at noon? Monday git pull")
        #expect(covered("**Lunch** at _noon_? ~~Monday~~ `git pull`", .bold) == ["Lunch"])
        #expect(covered("**Lunch** at _noon_?", .italic) == ["noon"])
        #expect(covered("~~Monday~~", .strikethrough) == ["Monday"])
        #expect(covered("run `git pull` now", .code) == ["git pull"])
        // Nesting: italic inside bold.
        #expect(covered("**a _b_ c**", .bold) == ["a b c"])
        #expect(covered("**a _b_ c**", .italic) == ["b"])
    }

    @Test("links are tappable by their target; unsafe schemes are text only (#13)")
    func links() {
        let formatted = formatter.format("see [the menu](https://cafe.example.com/menu) or [x](javascript:alert(1))")
        #expect(formatted.content.string == "see the menu or x")
        let links = formatted.content.detections.compactMap { detection -> String? in
            if case .link(let url) = detection.kind { return url.absoluteString } else { return nil }
        }
        #expect(links == ["https://cafe.example.com/menu"])
        // Bare addresses are still found (GitHub's autolinks, or the core's detector).
        let bare = formatter.format("mail lunch@example.com or https://a.io")
        #expect(bare.content.detections.count == 2)
    }

    @Test("lists, task items, quotes, headings, rules and tables are drawn as lines (#13)")
    func blocks() {
        #expect(drawn("- one\n- two").0 == "• one\n• two")
        #expect(drawn("3. three\n4. four").0 == "3. three\n4. four")
        #expect(drawn("- [ ] buy\n- [x] cook").0 == "☐ buy\n☑ cook")
        #expect(drawn("> quoted\n> still").0 == "▎ quoted still")
        #expect(drawn("> a\n>\n> b").0 == "▎ a\n▎ \n▎ b")
        #expect(covered("> quoted", .quote) == ["▎ quoted"] || covered("> quoted", .quote) == ["quoted"])
        #expect(drawn("# Title\n\nbody").0 == "Title\n\nbody")
        #expect(covered("# Title\n\nbody", .heading) == ["Title"])
        #expect(drawn("a\n\n---\n\nb").0 == "a\n\n──────────\n\nb")
        #expect(drawn("| a | b |\n|---|---|\n| 1 | 2 |").0 == "a │ b\n1 │ 2")
        #expect(drawn("- outer\n  - inner").0 == "• outer\n   • inner")
    }

    @Test("a code block keeps its lines, in monospace on its background (#13)")
    func codeBlock() {
        let source = "look:\n\n```swift\nlet x = 1\nprint(x)\n```"
        let (string, spans) = drawn(source)
        #expect(string == "look:\n\nlet x = 1\nprint(x)")
        #expect(spans.contains { $0.0 == .codeBlock && $0.1 == "let x = 1\nprint(x)" })
    }

    @Test("raw HTML shows as written and images are never loaded: their description shows (#13)")
    func htmlAndImages() {
        #expect(drawn("hi <b>there</b>").0 == "hi <b>there</b>")
        #expect(drawn("<script>alert(1)</script>").0 == "<script>alert(1)</script>")
        let image = formatter.format("![a cat](https://evil.example/cat.png)")
        #expect(image.content.string == "🖼 a cat")
        #expect(image.content.detections.isEmpty, "no link to the image")
    }

    @Test("hostile nesting and size stay bounded and never crash (#13)")
    func hostile() {
        // 10 000 nested quotes: drawn at most deepestNesting bars deep.
        let quotes = formatter.format(String(repeating: ">", count: 10_000) + " deep\nline two")
        #expect(quotes.content.string.contains("deep"))
        let bars = quotes.content.string.components(separatedBy: "▎").count - 1
        #expect(bars <= 2 * CommonMarkFormatter.deepestNesting)
        // Nested lists and emphasis.
        let lists = formatter.format(String(repeating: "- ", count: 5_000) + "x")
        #expect(lists.content.string.hasSuffix("x"))
        #expect(lists.content.string.utf8.count < 200_000)
        let stars = formatter.format(String(repeating: "*", count: 50_000) + "a")
        #expect(stars.content.string.hasSuffix("a"))
        // A 10 MB code block parses and keeps its text.
        let big = "```\n" + String(repeating: "0123456789abcdef\n", count: 640_000) + "```"
        let code = formatter.format(big)
        #expect(code.spans.first?.style == .codeBlock)
        // Empty, control characters and malformed input.
        #expect(formatter.format("").content.string == "")
        #expect(formatter.format("\u{0}\u{1B}[31m red").content.string.contains("[31m red"))
        #expect(formatter.format("[unclosed](").content.string == "[unclosed](")
    }

    @Test("spans are in order and inside the drawn text (#13)")
    func spansAreValid() {
        let samples = ["**a** _b_ `c` ~~d~~", "> q **b**\n\n- x\n- y `z`", "```\ncode\n```\n\n| h |\n|---|\n| c |", "[**bold link**](https://a.io)"]
        for sample in samples {
            let formatted = formatter.format(sample)
            let count = formatted.content.string.utf8.count
            #expect(formatted.spans.allSatisfy { $0.utf8Range.lowerBound >= 0 && $0.utf8Range.upperBound <= count && !$0.utf8Range.isEmpty }, "\(sample)")
            #expect(formatted.spans.map(\.utf8Range.lowerBound) == formatted.spans.map(\.utf8Range.lowerBound).sorted(), "\(sample)")
        }
    }

    @Test("a summary is the words on one line: no quote bars, rules or table borders for a screen reader to read out")
    func summaryLine() {
        let source = "**Menu**:\n- _soup_\n- salad\n\n> book before noon\n\n---\n\n| day | dish |\n|---|---|\n| Mon | soup |"
        let summary = formatter.summary(source)
        #expect(summary == "Menu: • soup • salad book before noon day, dish Mon, soup", "\(summary)")
        #expect(!summary.contains("▎") && !summary.contains("─") && !summary.contains("│") && !summary.contains("  "))
        // Drawn, the same source keeps its decorations.
        let drawn = formatter.format(source).content.string
        #expect(drawn.contains("▎ book before noon") && drawn.contains("──") && drawn.contains(" │ "))
        // Deep quotes and a hostile source stay one bounded line.
        let deep = formatter.summary(String(repeating: "> ", count: 5_000) + "deep")
        #expect(deep == "deep")
    }
}
