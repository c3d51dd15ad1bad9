import Foundation
import ParleyCore
import Testing

@testable import ParleyMarkdown

@Suite("Search snippets of Markdown messages")
@MainActor
struct MarkdownSearchTests {
    let me = Sender(id: "me", name: "Me")
    let alice = Sender(id: "alice", name: "Alice")

    /// A searcher that knows nothing of Markdown: it answers the three-argument call only.
    struct SourceSearch: MessageSearching {
        let messages: [Message]
        func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) async throws -> SearchPage {
            SearchPage(results: messages.filter { SearchText.matches(of: query, in: $0.content.summary) != nil }.map { SearchResult($0, query: query) }, hasMore: false)
        }
    }

    func presenter(_ messages: [Message], formatted: Bool = true) -> ChatPresenter {
        var style = ChatStyle.light.withMetrics(.cells)
        if formatted { style = style.formattingMarkdown }
        return ChatPresenter(
            conversation: Conversation(me: me, messages: messages), style: style, units: .cells,
            measurer: MonospaceMeasurer(), size: Size(width: 60, height: 20))
    }

    var menu: Message {
        Message(
            id: "menu", sender: alice, date: Date(timeIntervalSince1970: 100),
            content: .markdown("**Today's menu** at the café:\n- _soup_ of the day\n- `#42` the garden salad"))
    }

    @Test("the presenter's results show a Markdown message as drawn, the match marked in it")
    func drawnSnippet() async throws {
        let presenter = presenter([menu, Message(id: "plain", sender: me, date: Date(timeIntervalSince1970: 50), content: .text("**menu** as typed"))])
        let state = await presenter.search("menu")
        let snippets = state.results.map(\.snippet)
        #expect(state.results.map(\.messageID) == ["menu", "plain"])
        let drawn = try #require(snippets.first)
        #expect(drawn.text == "Today's menu at the café: • soup of the day • #42 the garden salad", "\(drawn.text)")
        #expect(drawn.matches.map { String(decoding: Array(drawn.text.utf8)[$0], as: UTF8.self) } == ["menu"])
        // Plain text keeps its asterisks: they are what the message says.
        #expect(snippets.last?.text == "**menu** as typed")
    }

    @Test("without a formatter, or with a searcher that does not take one, snippets keep the source")
    func sourceSnippet() async throws {
        let unformatted = await presenter([menu], formatted: false).search("menu")
        #expect(unformatted.results.first?.snippet.text.hasPrefix("**Today's menu**") == true)
        let other = presenter([menu])
        other.searcher = SourceSearch(messages: [menu])
        let state = await other.search("menu")
        #expect(state.results.first?.snippet.text.hasPrefix("**Today's menu**") == true)
    }

    @Test("a huge Markdown message's snippet formats only the beginning a snippet reads")
    func hugeSource() throws {
        let huge = Message(
            id: "huge", sender: alice, date: Date(), content: .markdown("**lunch** " + String(repeating: "word ", count: 400_000)))
        let result = SearchResult(huge, query: SearchQuery("lunch"), markdown: CommonMarkFormatter())
        #expect(result.snippet.text.hasPrefix("lunch word"))
        #expect(result.snippet.matches == [0..<5])
        #expect(result.snippet.text.count < 200)
    }

    @Test("a reply to a Markdown message shows the quote as drawn, however it was quoted; plain text keeps its asterisks")
    func quotedMarkdown() throws {
        let chat = Conversation(me: me, messages: [
            menu, Message(id: "stars", sender: alice, date: Date(timeIntervalSince1970: 110), content: .text("**not bold**")),
        ])
        let toMenu = chat.reply(to: "menu", with: .text("Soup for me"))
        let toStars = chat.reply(to: "stars", with: .text("ok"))
        #expect(chat.message(toMenu)?.replyTo?.format == .markdown)
        let style = ChatStyle.light.withMetrics(.cells).formattingMarkdown
        let engine = LayoutEngine(style: style, measurer: MonospaceMeasurer())
        func quoteText(_ id: MessageID, _ engine: LayoutEngine) throws -> String? {
            let message = try #require(chat.message(id))
            return engine.layout(.message(message), context: RowContext(side: .outgoing, position: .single), width: 60).quote?.text
        }
        #expect(try quoteText(toMenu, engine) == "Today's menu at the café: • soup of the day • #42 the garden salad")
        #expect(try quoteText(toStars, engine) == "**not bold**")
        // Without a formatter the quote is what was written.
        let plainEngine = LayoutEngine(style: ChatStyle.light.withMetrics(.cells), measurer: MonospaceMeasurer())
        #expect(try quoteText(toMenu, plainEngine)?.hasPrefix("**Today's menu**") == true)
        // A quote that draws no words says the message is unavailable, as an empty one.
        let rule = Message(id: "rule", sender: alice, date: Date(timeIntervalSince1970: 120), content: .markdown("---"))
        try chat.append(rule)
        let toRule = chat.reply(to: "rule", with: .text("?"))
        let ruleReply = try #require(chat.message(toRule))
        let ruleQuote = try #require(engine.layout(.message(ruleReply), context: RowContext(side: .outgoing, position: .single), width: 60).quote)
        #expect(ruleQuote.isUnavailable && ruleQuote.text == style.strings.quoteUnavailable)
        // A long source is cut with "…", which the quote shows at its end.
        let long = Message(id: "long", sender: alice, date: Date(timeIntervalSince1970: 130), content: .markdown("**lunch** " + String(repeating: "word ", count: 100)))
        #expect(ReplyQuote(long).summary.hasSuffix("…") && ReplyQuote(long).summary.count == ReplyQuote.maximumLength + 1)
        // The presenter's own reply quotes the drawn text, as plain text.
        let presenter = presenter([menu])
        let bar = InputBar(metrics: .cells)
        presenter.inputBar = bar
        #expect(presenter.reply(to: "menu"))
        let target = try #require(bar.replyTarget)
        #expect(target.format == .plain && target.summary.hasPrefix("Today's menu at the café"))
        // An app's own quote of Markdown source keeps the banner on one line.
        bar.replyTarget = ReplyQuote(menu)
        let banner = try #require(bar.layout(width: 80, measurer: MonospaceMeasurer()).replyBanner)
        #expect(banner.summary == "**Today's menu** at the café: - _soup_ of the day - `#42` the garden salad")
    }
}
