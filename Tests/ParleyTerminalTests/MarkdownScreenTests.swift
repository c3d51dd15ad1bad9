import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

@Suite("Markdown messages in the terminal")
@MainActor
struct MarkdownScreenTests {
    static let source = "**Today's menu** at the café:\n- _soup_ of the day\n- ~~pizza~~ sold out\n- `#42` the salad\n\n> book before noon\n\n```\nlet order = 42\n```\n\n[See the menu](https://cafe.example.com/menu) <b>raw</b>"

    static func screen(_ style: ChatStyle, usesColor: Bool = true) -> ChatScreen {
        let conversation = Conversation(me: Cast.me, messages: [
            Cast.message("md", Cast.alice, 0, .markdown(source)),
            Cast.message("mine", Cast.me, 1, .markdown("Sure — `git pull` first, then **push**")),
        ])
        return ChatScreen(conversation: conversation, style: Cast.style(style), title: "Lunch", columns: 60, rows: 30, usesColor: usesColor, density: .regular)
    }

    /// The cell where `text` starts on screen.
    func find(_ text: String, in buffer: CellBuffer) -> (x: Int, y: Int)? {
        for (y, line) in buffer.lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            return (TerminalWidth.columns(of: String(line[..<range.lowerBound])), y)
        }
        return nil
    }

    @Test("a Markdown message is summarised by what it shows: the reply banner, the quote sent, its accessible name")
    func summaries() throws {
        let screen = Self.screen(.light, usesColor: false)
        _ = screen.render()
        screen.inputBar.onSend { text, reply in screen.conversation.append(.text(text), replyTo: reply) }
        screen.presenter.reply(to: "md")
        let banner = try #require(screen.render().buffer.lines.first { $0.contains("↩ Replying to") })
        #expect(banner.contains("Today's menu at the café"), "\(banner)")
        #expect(!banner.contains("**") && !banner.contains("_soup_"), "\(banner)")
        screen.perform(.insert("Soup, please"))
        screen.perform(.send)
        let quote = try #require(screen.conversation.messages.last?.replyTo)
        #expect(quote.summary.hasPrefix("Today's menu at the café"), "\(quote.summary)")
        #expect(!quote.summary.contains("`#42`"))
        let row = try #require(screen.presenter.frame().rows.first { $0.id == .message("md") })
        let name = screen.presenter.accessibleLabel(for: row)
        #expect(name.contains("Today's menu at the café") && !name.contains("**"), "\(name)")
        // A plain message that looks like Markdown is summarised as written.
        #expect(screen.style.summary(of: .text("**not bold**")) == "**not bold**")
    }

    @Test("Markdown is drawn formatted with SGR: bold, italic, strike, code on its background, the link underlined (#13)")
    func formatted() throws {
        let (buffer, _) = Self.screen(.light).render()
        let lines = buffer.lines.joined(separator: "\n")
        #expect(lines.contains("• soup of the day"))
        #expect(lines.contains("▎ book before noon"))
        #expect(lines.contains("let order = 42"))
        #expect(lines.contains("<b>raw</b>"), "raw HTML shows as written")
        #expect(!lines.contains("**") && !lines.contains("~~") && !lines.contains("```"))
        let bold = try #require(find("Today", in: buffer))
        #expect(buffer[bold.x, bold.y].style.attributes.contains(.bold))
        let italic = try #require(find("soup", in: buffer))
        #expect(buffer[italic.x, italic.y].style.attributes.contains(.italic))
        let struck = try #require(find("pizza", in: buffer))
        #expect(buffer[struck.x, struck.y].style.attributes.contains(.strikethrough))
        let code = try #require(find("#42", in: buffer))
        let plain = try #require(find("the salad", in: buffer))
        #expect(buffer[code.x, code.y].style.background != buffer[plain.x + 1, plain.y].style.background)
        let link = try #require(find("See the menu", in: buffer))
        #expect(buffer[link.x, link.y].style.attributes.contains(.underline))
        // The code block's line is on the code background across the bubble's text width.
        let block = try #require(find("let order", in: buffer))
        #expect(buffer[block.x + 20, block.y].style.background == buffer[block.x, block.y].style.background)
    }

    @Test("Markdown snapshots in every theme, and without colour (#13)", arguments: ChatStyle.themes.map(\.name))
    func themes(_ name: String) {
        let style = ChatStyle.themes.first { $0.name == name }!
        let (buffer, _) = Self.screen(style).render()
        StyledSnapshot.check(buffer, named: "markdown-\(name)-60x30")
    }

    @Test("without colour, Markdown keeps its attributes (#13)")
    func noColor() {
        let (buffer, _) = Self.screen(.iMessage, usesColor: false).render()
        Snapshot.check(buffer, named: "markdown-imessage-nocolor-60x30")
    }
}
