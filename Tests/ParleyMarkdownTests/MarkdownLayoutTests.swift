import Foundation
import ParleyCore
import Testing

@testable import ParleyMarkdown

@Suite("Markdown in the layout engine")
struct MarkdownLayoutTests {
    let me = Sender(id: "me", name: "Me")
    let alice = Sender(id: "alice", name: "Alice")

    func engine(formatted: Bool = true) -> LayoutEngine {
        var style = ChatStyle.light.withMetrics(.cells)
        style.direction = .leftToRight
        if formatted { style = style.formattingMarkdown }
        return LayoutEngine(style: style, measurer: MonospaceMeasurer())
    }

    func layout(_ source: String, engine: LayoutEngine, width: Double = 60) -> RowLayout {
        let message = Message(id: "m", sender: alice, date: Date(timeIntervalSince1970: 0), content: .markdown(source))
        return engine.layout(.message(message), context: RowContext(side: .incoming, position: .single), width: width)
    }

    @Test("a Markdown bubble is sized by its drawn text; without a formatter it shows as written (#13)")
    func sizedByDrawnText() throws {
        let formatted = layout("**bold** and `code`", engine: engine())
        let text = try #require(formatted.text)
        #expect(text.string == "bold and code")
        #expect(formatted.content?.width == Double("bold and code".count))
        #expect(text.spans.map(\.style) == [.bold, .code])
        let raw = layout("**bold** and `code`", engine: engine(formatted: false))
        #expect(raw.text?.string == "**bold** and `code`")
        #expect(raw.text?.spans.isEmpty == true)
    }

    @Test("a link in Markdown is tapped as a link to its target (#13)")
    func linkTaps() throws {
        var style = ChatStyle.light.withMetrics(.cells).formattingMarkdown
        style.direction = .leftToRight
        let chat = Conversation(me: me, messages: [
            Message(id: "m", sender: alice, date: Date(), content: .markdown("see [the menu](https://cafe.example.com/menu)")),
        ])
        let view = Viewport(conversation: chat, layoutEngine: LayoutEngine(style: style, measurer: MonospaceMeasurer()), size: Size(width: 60, height: 20))
        let row = try #require(view.visibleRows().first { $0.id == .message("m") })
        let content = try #require(row.layout.content)
        // "see the menu": "the menu" starts at column 4.
        let event = view.event(at: Point(x: content.minX + 5, y: row.y + content.minY))
        guard case .tapLink(_, let detection)? = event, case .link(let url) = detection.kind else {
            Issue.record("expected a link, got \(String(describing: event))")
            return
        }
        #expect(url.absoluteString == "https://cafe.example.com/menu")
    }

    @Test("a source past a megabyte is formatted from its beginning and offers more (#13)")
    func boundedSource() throws {
        let huge = "```\n" + String(repeating: "x", count: 3 << 20) + "\n```"
        let shown = try #require(layout(huge, engine: engine()).text)
        #expect(shown.isTruncated)
        #expect(shown.string.utf8.count < 100_000)
        // Deep nesting draws at a bounded depth; past the preview's share of source, cut.
        let nested = try #require(layout(String(repeating: "> ", count: 1_000) + "deep", engine: engine()).text)
        #expect(nested.string == String(repeating: "▎ ", count: CommonMarkFormatter.deepestNesting) + "deep")
        let deeper = try #require(layout(String(repeating: "> ", count: 20_000) + "deep", engine: engine()).text)
        #expect(deeper.isTruncated)
    }
}
