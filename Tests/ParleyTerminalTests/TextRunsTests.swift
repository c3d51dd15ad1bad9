import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// A bubble's text is put a run of one look at a time, the look worked out only where a
/// link, a span or a search mark starts or ends (#15). Every character must still take
/// the look at its first byte: wide characters, emoji and combining marks included, with
/// bounds that fall inside a cluster.
@Suite("Terminal: text put in runs of one look")
@MainActor
struct TextRunsTests {
    /// Texts, and a search for each, mixing scripts and widths with formatting and links.
    nonisolated static let texts: [(MessageContent, String)] = [
        (.markdown("Q **bold 中文 and** _it é\u{301}_ https://x.example/a?b=1 tail e\u{301}x and more"), "and"),
        (.markdown("Q 👍🏽 `code 東京` [the link](https://y.example) ~~gone 🇯🇵~~ 😀 end **b _bi_ b** end"), "end"),
        (.text(TextContent("Q see www.example.com/path 東京 or call +1 555 0100 now, now and then now")), "now"),
        (.markdown("Q > quoted **bold in quote** and ~~struck [link](https://z.example) struck~~ x"), "struck"),
        (.text(TextContent("Q " + String(repeating: "ab中 https://w.example/", count: 6) + " wraps over lines")), "ab"),
    ]

    @Test("every character takes the look at its first byte", arguments: texts.indices)
    func looks(index: Int) throws {
        let (content, query) = Self.texts[index]
        let conversation = Conversation(me: Cast.me, messages: [Cast.message("t", Cast.alice, 0, content)])
        let screen = ChatScreen(
            conversation: conversation, style: Cast.style(.light), columns: 70, rows: 30, usesColor: true, density: .regular)
        var painter = RowPainter(
            style: screen.style, palette: TerminalPalette(style: screen.style, usesColor: true), measurer: screen.measurer,
            time: 0, customRenderers: [:])
        let rows = screen.presenter.frame().rows.filter { $0.layout.text != nil }
        let row = try #require(rows.first)
        let shown = try #require(row.layout.text)
        let match = SearchMatch(messageID: "t", utf8Ranges: [], query: SearchQuery(query))
        painter.searchMatch = match
        let marks = match.ranges(in: shown.string)
        #expect(!marks.isEmpty, "the search marks something")
        #expect(!shown.detections.isEmpty || !shown.spans.isEmpty, "the text has links or formatting")

        var buffer = CellBuffer(width: 70, height: 60)
        painter.top = 10 - Int(row.y.rounded(.down))
        painter.draw(row, into: &buffer)
        let area = CellRect(try #require(row.layout.content), dy: row.y.rounded(.down) + Double(painter.top))
        var checked = 0
        for (lineIndex, line) in screen.measurer.wrap(shown.string, maxWidth: row.layout.wrapWidth).enumerated() {
            let y = area.y + lineIndex
            var column = area.x, offset = line.utf8Range.lowerBound
            for character in TerminalMeasurer.text(of: line, in: shown.string) {
                defer { offset += character.utf8.count }
                let columns = TerminalWidth.columns(of: character)
                guard columns > 0, column + columns <= area.maxX else { continue }
                let cell = buffer[column, y]
                let spans = shown.spans.filter { $0.utf8Range.contains(offset) }.reduce(SpanStyle()) { $0.union($1.style) }
                let isLink = shown.detections.contains { $0.utf8Range.contains(offset) }
                let isMarked = marks.contains { $0.contains(offset) }
                let attributes = cell.style.attributes
                let place = "\(character) at byte \(offset) of \(shown.string.debugDescription)"
                #expect(cell.symbol == String(character), "\(place)")
                #expect(attributes.contains(.underline) == isLink, "\(place)")
                #expect(attributes.contains(.reverse) == isMarked, "\(place)")
                #expect(attributes.contains(.bold) == (spans.isBold || isMarked), "\(place)")
                #expect(attributes.contains(.italic) == spans.contains(.italic), "\(place)")
                #expect(attributes.contains(.strikethrough) == spans.contains(.strikethrough), "\(place)")
                #expect(attributes.contains(.dim) == spans.contains(.quote), "\(place)")
                column += columns
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
