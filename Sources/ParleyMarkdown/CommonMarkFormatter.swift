internal import CCmarkGFM
import Foundation
import ParleyCore
import Synchronization

/// Markdown messages drawn formatted: CommonMark with GitHub's extensions (strikethrough,
/// tables, task lists, autolinks), parsed by cmark-gfm, turned into the core's
/// `FormattedText`.
///
/// What is drawn: bold, italic, strike, inline code and code blocks (monospace, on the
/// code background), links (tappable, by their targets), headings (bold), lists with
/// "•" or their numbers, task items with ☐/☑, quotes after "▎", tables as rows of cells
/// between "│", rules as a line. Raw HTML is never interpreted (it shows as its text) and
/// images are never loaded (they show as "🖼" and their description). Links lead only to
/// `http`, `https` and `mailto` targets.
///
/// Parsing is linear in the source; nesting deeper than ``deepestNesting`` is drawn at
/// that depth, so a hostile message cannot make its drawn form quadratic.
///
/// ```swift
/// var style = ChatStyle.iMessage
/// style.markdown = CommonMarkFormatter()    // both front ends do this by themselves
/// chat.append(.text(TextContent(markdown: "**Lunch** at _noon_?")), from: alice)
/// ```
public struct CommonMarkFormatter: TextFormatter {
    /// The deepest quote or list nesting drawn as such.
    public static let deepestNesting = 8

    /// Creates the formatter.
    public init() {}

    public func format(_ source: String) -> FormattedText {
        Self.parseAlone(source, decorated: true)
    }

    /// `source`'s words on one line, without quote bars and rules: "Today's menu at the
    /// café: • soup of the day book before noon See the menu". Bullets and numbers stay
    /// (they separate items); a table's cells are separated by commas.
    public func summary(_ source: String) -> String {
        FormattedText.oneLine(Self.parseAlone(source, decorated: false).content.string)
    }

    /// ``parse(_:decorated:)`` with no other parse running: cmark-gfm keeps the inline
    /// parser's special characters in one process-wide table that attaching an extension
    /// adds to and freeing a parser takes from, so two parsers at once would lose "~" from
    /// each other.
    private static func parseAlone(_ source: String, decorated: Bool) -> FormattedText {
        lock.withLock { registered in
            if !registered {
                cmark_gfm_core_extensions_ensure_registered()
                registered = true
            }
            return parse(source, decorated: decorated)
        }
    }

    private static func parse(_ source: String, decorated: Bool) -> FormattedText {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return plain(source) }
        defer { cmark_parser_free(parser) }
        for name in ["strikethrough", "table", "tasklist", "autolink"] {
            if let extensionSyntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionSyntax)
            }
        }
        source.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, max(0, buffer.count - 1))
        }
        guard let document = cmark_parser_finish(parser) else { return plain(source) }
        defer { cmark_node_free(document) }
        var writer = MarkdownWriter(decorated: decorated)
        writer.write(document)
        return writer.result()
    }

    /// The source as it is, when cmark cannot parse (out of memory).
    private static func plain(_ source: String) -> FormattedText {
        FormattedText(content: TextContent(source), spans: [])
    }

    /// Whether cmark-gfm's extensions are registered (once per process), and the lock
    /// every parse holds.
    private static let lock = Mutex(false)
}
