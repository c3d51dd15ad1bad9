internal import CCmarkGFM
import Foundation
import ParleyCore

/// Walks a cmark document (iteratively: no recursion, whatever the nesting) and writes
/// the drawn string, its spans and its links.
struct MarkdownWriter {
    /// Whether quote bars, rules and table borders are written: not for a one-line
    /// summary, where a screen reader would read them out.
    let decorated: Bool
    private var out = ""
    private var spans: [FormatSpan] = []
    private var links: [(utf8Range: Range<Int>, url: URL)] = []
    /// Styles opened by the nodes entered so far, with where each started.
    private var open: [(style: SpanStyle, start: Int, url: URL?)] = []
    /// The lists entered: whether ordered, and the next number.
    private var lists: [(ordered: Bool, next: Int, tight: Bool)] = []
    /// How many quotes the current line is inside.
    private var quoteDepth = 0
    /// Whether anything has been written on the current block level yet.
    private var wroteBlock = false
    /// Cells written in the current table row.
    private var cellsInRow = 0
    /// Inside an image: its description is drawn as plain text.
    private var imageDepth = 0

    private var offset: Int { out.utf8.count }

    init(decorated: Bool = true) {
        self.decorated = decorated
    }

    mutating func write(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER { enter(node) } else { exit(node) }
        }
    }

    func result() -> FormattedText {
        var text = out
        // No trailing line breaks: the bubble ends with its last line.
        while text.hasSuffix("\n") { text.removeLast() }
        let end = text.utf8.count
        let kept = spans.compactMap { span -> FormatSpan? in
            let range = span.utf8Range.clamped(to: 0..<end)
            return range.isEmpty ? nil : FormatSpan(span.style, utf8Range: range)
        }
        let keptLinks = links.filter { $0.utf8Range.upperBound <= end }
        return FormattedText(content: TextContent(text, links: keptLinks), spans: kept.sorted { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound })
    }

    // MARK: Nodes

    private mutating func enter(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH:
            startBlock(gap: isInTightList ? 1 : 2)
        case CMARK_NODE_HEADING:
            startBlock(gap: 2)
            push(.heading)
        case CMARK_NODE_BLOCK_QUOTE:
            startBlock(gap: 2)
            quoteDepth += 1
            // Later lines get their bars from `newLine()`; this one gets its own here.
            if decorated, quoteDepth <= CommonMarkFormatter.deepestNesting { out += "▎ " }
            push(.quote)
            wroteBlock = false
        case CMARK_NODE_LIST:
            let gap = 1  // a list follows its lead-in line directly, as chat apps draw it
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            lists.append((ordered, Int(cmark_node_get_list_start(node)), cmark_node_get_list_tight(node) != 0))
            // After the push: a nested list's first line takes its indent.
            startBlock(gap: gap)
            wroteBlock = false
        case CMARK_NODE_ITEM:
            startBlock(gap: 1)
            writeMarker(for: node)
            // The item's first paragraph goes on the marker's line.
            wroteBlock = false
            suppressNextGap = true
        case CMARK_NODE_CODE_BLOCK:
            startBlock(gap: 2)
            let start = offset
            var literal = Self.literal(node)
            while literal.hasSuffix("\n") { literal.removeLast() }
            writeLines(literal)
            spans.append(FormatSpan(.codeBlock, utf8Range: start..<offset))
            wroteBlock = true
        case CMARK_NODE_HTML_BLOCK:
            // Never interpreted: the HTML shows as written.
            startBlock(gap: 2)
            var literal = Self.literal(node)
            while literal.hasSuffix("\n") { literal.removeLast() }
            writeLines(literal)
            wroteBlock = true
        case CMARK_NODE_THEMATIC_BREAK:
            startBlock(gap: 2)
            if decorated { out += "──────────" }
            wroteBlock = true
        case CMARK_NODE_TEXT:
            writeLines(Self.literal(node))
        case CMARK_NODE_HTML_INLINE:
            writeLines(Self.literal(node))
        case CMARK_NODE_CODE:
            let start = offset
            writeLines(Self.literal(node))
            spans.append(FormatSpan(.code, utf8Range: start..<offset))
        case CMARK_NODE_SOFTBREAK:
            out += " "
        case CMARK_NODE_LINEBREAK:
            newLine()
        case CMARK_NODE_EMPH:
            push(.italic)
        case CMARK_NODE_STRONG:
            push(.bold)
        case CMARK_NODE_LINK:
            if imageDepth > 0 { break }
            push(.link, url: Self.safeURL(cmark_node_get_url(node)))
        case CMARK_NODE_IMAGE:
            // Never loaded: "🖼" and the description.
            imageDepth += 1
            out += "🖼 "
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            writeLines(Self.literal(node))
        default:
            enterExtension(node)
        }
    }

    private mutating func exit(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH:
            wroteBlock = true
        case CMARK_NODE_HEADING:
            pop()
            wroteBlock = true
        case CMARK_NODE_BLOCK_QUOTE:
            pop()
            quoteDepth -= 1
            wroteBlock = true
        case CMARK_NODE_LIST:
            lists.removeLast()
            wroteBlock = true
        case CMARK_NODE_ITEM:
            wroteBlock = true
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
            pop()
        case CMARK_NODE_LINK:
            if imageDepth > 0 { break }
            closeLink()
        case CMARK_NODE_IMAGE:
            imageDepth -= 1
        default:
            exitExtension(node)
        }
    }

    /// GitHub's extensions, known by their type names.
    private mutating func enterExtension(_ node: OpaquePointer) {
        switch Self.typeName(node) {
        case "strikethrough": push(.strikethrough)
        case "table":
            startBlock(gap: 2)
            wroteBlock = false
        case "table_row", "table_header":
            startBlock(gap: 1)
            cellsInRow = 0
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0 { push(.bold) }
        case "table_cell":
            if cellsInRow > 0 { out += decorated ? " │ " : ", " }
            cellsInRow += 1
        default: break
        }
    }

    private mutating func exitExtension(_ node: OpaquePointer) {
        switch Self.typeName(node) {
        case "strikethrough": pop()
        case "table_row", "table_header":
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0 { pop() }
            wroteBlock = true
        case "table": wroteBlock = true
        default: break
        }
    }

    // MARK: Writing

    /// A node's text, empty when it has none.
    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func typeName(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    /// A link target drawn as a link: web and mail addresses only.
    private static func safeURL(_ pointer: UnsafePointer<CChar>?) -> URL? {
        guard let pointer else { return nil }
        let text = String(cString: pointer)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https", "mailto"].contains(scheme)
        else { return nil }
        return url
    }

    private var isInTightList: Bool { lists.last?.tight ?? false }

    /// Set by an item's marker: its first block starts on the marker's line.
    private var suppressNextGap = false

    /// Starts a block: `gap` line breaks after what came before (none at the start).
    private mutating func startBlock(gap: Int) {
        if suppressNextGap {
            suppressNextGap = false
            return
        }
        // The first block of a container starts where the container does.
        guard wroteBlock else { return }
        for _ in 0..<gap { newLine() }
    }

    /// A line break, then what starts every line here: the quote bars and the list's
    /// indent.
    private mutating func newLine() {
        out += "\n"
        let quotes = min(quoteDepth, CommonMarkFormatter.deepestNesting)
        if decorated, quotes > 0 { out += String(repeating: "▎ ", count: quotes) }
        let indent = min(max(0, lists.count - 1), CommonMarkFormatter.deepestNesting)
        if indent > 0 { out += String(repeating: "   ", count: indent) }
    }

    /// Text that may hold line breaks (a code block's): each new line gets the prefix.
    private mutating func writeLines(_ text: String) {
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { newLine() }
            out += line
            first = false
        }
    }

    /// "• ", "3. ", "☐ " or "☑ ", at the item's line start.
    private mutating func writeMarker(for item: OpaquePointer) {
        guard var list = lists.popLast() else { return }
        if Self.typeName(item) == "tasklist" {
            out += cmark_gfm_extensions_get_tasklist_item_checked(item) ? "☑ " : "☐ "
        } else if list.ordered {
            out += "\(list.next). "
            list.next += 1
        } else {
            out += "• "
        }
        lists.append(list)
    }

    private mutating func push(_ style: SpanStyle, url: URL? = nil) {
        open.append((style, offset, url))
    }

    private mutating func pop() {
        guard let last = open.popLast() else { return }
        if offset > last.start { spans.append(FormatSpan(last.style, utf8Range: last.start..<offset)) }
    }

    private mutating func closeLink() {
        guard let last = open.popLast() else { return }
        if offset == last.start, let url = last.url {
            // A link without text shows its target.
            out += url.absoluteString
        }
        guard offset > last.start else { return }
        spans.append(FormatSpan(.link, utf8Range: last.start..<offset))
        if let url = last.url { links.append((last.start..<offset, url)) }
    }
}
