import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyTerminal

/// The screen reuses what earlier frames drew (#15): message rows painted once are placed
/// again, lines are shared between frames. What it shows must be exactly what painting
/// every row afresh shows, whatever happened in between.
@Suite("Kept rows: frames reuse earlier rows and show the same (#15)")
@MainActor
struct KeptRowsTests {
    static func conversation() -> Conversation {
        let chat = Conversation(me: Cast.me)
        chat.isGroup = true
        var messages: [Message] = []
        for index in 0..<120 {
            let sender = [Cast.alice, Cast.bob, Cast.me][index % 3]
            let text = index % 7 == 0
                ? "Message \(index): a longer paragraph that wraps over more than one line of the screen, with 日本語 and 👍🏽"
                : "Message \(index) @Me"
            messages.append(Cast.message("m\(index)", sender, Double(index) * 3, .text(text)))
        }
        try? chat.append(contentsOf: messages)
        return chat
    }

    /// Two screens on one conversation, one keeping rows and one painting afresh, driven
    /// alike.
    @MainActor
    struct Pair {
        let chat: Conversation
        let kept: ChatScreen
        let fresh: ChatScreen

        init(columns: Int = 72, rows: Int = 30) {
            chat = KeptRowsTests.conversation()
            kept = ChatScreen(conversation: chat, style: Cast.style(.dark), columns: columns, rows: rows)
            fresh = ChatScreen(conversation: chat, style: Cast.style(.dark), columns: columns, rows: rows)
            fresh.keepsLines = false
        }

        func perform(_ command: MessengerCommand) {
            kept.perform(command)
            fresh.perform(command)
        }

        func both(_ change: (ChatScreen) -> Void) {
            change(kept)
            change(fresh)
        }

        func expectSame(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let (a, cursorA) = kept.render(time: 1), (b, cursorB) = fresh.render(time: 1)
            #expect(a == b, "after \(step):\nkept\n\(a)\nfresh\n\(b)", sourceLocation: sourceLocation)
            #expect(cursorA?.x == cursorB?.x && cursorA?.y == cursorB?.y, "the cursor after \(step)", sourceLocation: sourceLocation)
        }
    }

    @Test("scrolling, selecting, reacting, editing, deleting, restyling: kept rows show what fresh painting shows")
    func sameAsFresh() throws {
        let pair = Pair()
        pair.expectSame("opening")
        for step in 0..<12 {
            pair.perform(.scroll(-1))
            pair.expectSame("scrolling up \(step + 1) rows")
        }
        pair.perform(.page(-1))
        pair.expectSame("a page up")
        pair.perform(.selectPrevious)
        pair.expectSame("selecting")
        pair.perform(.selectPrevious)
        pair.expectSame("selecting the one before")
        pair.perform(.react(0))
        pair.expectSame("reacting to the selection")
        pair.perform(.cancel)
        pair.expectSame("clearing the selection")
        pair.perform(.scrollToBottom)
        pair.expectSame("back at the bottom")

        // Changes to messages on screen, each seen by both.
        try pair.chat.setStatus(.failed, of: "m119")
        pair.expectSame("a message failing")
        try pair.chat.edit("m118", to: .text("Edited to something else entirely"))
        pair.expectSame("an edit")
        try pair.chat.markDeleted("m117")
        pair.expectSame("a deletion")
        _ = pair.chat.toggleReaction("🎉", on: "m116", by: Cast.alice)
        pair.expectSame("someone else's reaction")
        _ = try pair.chat.markRead(upTo: "m115", by: Cast.bob)
        pair.expectSame("a read receipt")
        pair.chat.setTyping(Cast.alice)
        pair.expectSame("someone typing")
        try pair.chat.append(Cast.message("m120", Cast.alice, 400, .text("A new one")))
        pair.expectSame("a new message")
        pair.chat.isGroup = false
        pair.expectSame("the conversation no longer a group")

        // The composer and the title, which a frame takes from the last one while they
        // show the same.
        pair.perform(.insert("Hello"))
        pair.expectSame("typing")
        pair.perform(.scroll(-1))
        pair.expectSame("scrolling with a draft")
        pair.perform(.cursorLeft)
        pair.perform(.cursorLeft)
        pair.expectSame("moving the cursor")
        pair.perform(.insert(" there\nand a second line"))
        pair.expectSame("a draft of two lines")
        pair.both { $0.inputBar.replyTarget = ReplyQuote(pair.chat.message("m110")!) }
        pair.expectSame("replying")
        pair.both { $0.inputBar.replyTarget = nil }
        pair.expectSame("no longer replying")
        pair.both { $0.inputBar.text = "" }
        pair.expectSame("the draft cleared: the placeholder")
        pair.both { $0.inputBar.placeholder = "Say something" }
        pair.expectSame("another placeholder")
        pair.both { $0.title = "Another title" }
        pair.expectSame("another title")

        // The whole list's look changes.
        pair.both { $0.style = Cast.style(.light) }
        pair.expectSame("another theme")
        pair.both { $0.resize(columns: 50, rows: 20) }
        pair.expectSame("a narrower screen")
        pair.both { $0.resize(columns: 90, rows: 60) }
        pair.expectSame("a taller screen (the roomy layout)")
        for _ in 0..<3 {
            pair.perform(.page(-1))
            pair.expectSame("paging up in the taller screen")
        }

        // What the legibility pass reads, and what is drawn over kept rows' lines: those
        // lines, made legible when painted, pass again with what was drawn on them. No one
        // typing, so that a kept row ends the list.
        pair.chat.setTyping(Cast.alice, false)
        pair.perform(.scroll(-2))
        pair.both { $0.canvas = .light }
        pair.expectSame("a light terminal's colours")
        pair.both { $0.colorDepth = .palette256 }
        pair.expectSame("256 colours")
        pair.both { $0.canvas = .dark }
        pair.expectSame("a dark terminal's colours")
        pair.perform(.insert("@Bo"))
        pair.expectSame("suggestions over the list's last line")
        pair.both { $0.inputBar.text = "" }
        pair.perform(.lineUp)
        pair.expectSame("editing a sent message: the note over the list's last line")
        pair.perform(.cancel)
        pair.perform(.search)
        pair.perform(.insert("longer"))
        pair.expectSame("searching: the bar and the match's row")
        pair.perform(.cancel)
        pair.expectSame("the search closed")
    }

    @Test("past its capacity the screen keeps the rows used last, and shows what fresh painting shows")
    func eviction() {
        let pair = Pair(columns: 72, rows: 30)
        pair.kept.keptRowCapacity = 24
        pair.expectSame("opening")
        let opening = pair.kept.keptRowCount
        #expect(opening > 4 && opening <= 12, "\(opening) rows kept after the first frame")
        var counts: [Int] = []
        for step in 0..<8 {
            pair.perform(.page(-1))
            pair.expectSame("paging up \(step + 1)")
            counts.append(pair.kept.keptRowCount)
        }
        #expect(counts.allSatisfy { $0 <= 24 }, "rows kept: \(counts)")
        #expect(counts.contains { $0 < counts.max()! }, "no row was let go: \(counts)")
        // The rows on screen were used last, so they stay: scrolling one row places them
        // again instead of painting them.
        let before = pair.kept.render(time: 1).buffer
        pair.perform(.scroll(-1))
        pair.expectSame("a row up after the pages")
        let after = pair.kept.render(time: 1).buffer
        let moved = (2..<(before.height - 4)).filter { CellBuffer.sharesStorage(after.line($0), before.line($0 - 1)) }
        #expect(moved.count >= before.height - 12, "\(moved.count) of \(before.height) lines placed again")
        for step in 0..<8 {
            pair.perform(.page(1))
            pair.expectSame("paging down \(step + 1)")
        }
        #expect(pair.kept.keptRowCount <= 24)
    }

    @Test("an unchanged message row is placed again: its lines are the last frame's, moved")
    func linesShared() throws {
        let chat = Self.conversation()
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), columns: 72, rows: 30)
        _ = screen.render()
        screen.perform(.scroll(-3))
        let before = screen.render().buffer
        screen.perform(.scroll(-1))
        let after = screen.render().buffer
        // Content moved down one row: most list lines of the new frame are the old frame's
        // line above them, the very same storage.
        let listRows = 1..<(before.height - 4)
        let shared = listRows.dropFirst().filter { CellBuffer.sharesStorage(after.line($0), before.line($0 - 1)) }
        #expect(shared.count >= listRows.count - 6, "\(shared.count) of \(listRows.count) lines reused")
        // The title, the rule above the composer and the composer are the last frame's
        // lines themselves.
        let chrome = [0, before.height - 2, before.height - 1]
        #expect(chrome.allSatisfy { CellBuffer.sharesStorage(after.line($0), before.line($0)) })
        // And the renderer, told of the scroll, sends only what the scroll brought in.
        var renderer = AnsiRenderer(colorDepth: .trueColor)
        _ = renderer.render(before, cursor: nil)
        let bytes = renderer.render(after, cursor: nil, scrollHint: (rows: listRows, by: -1))
        #expect(bytes.count < 72 * 20, "\(bytes.count) bytes for a one-row scroll")
    }

    @Test("lines a buffer shares stay apart when one is drawn on; the legibility pass remembers lines, never stale ones")
    func sharedLinesAndLegibility() {
        // A fill over whole lines shares one line; drawing on one row leaves the others.
        var buffer = CellBuffer(width: 20, height: 6)
        buffer.fill(CellRect(x: 0, y: 0, width: 20, height: 6), style: CellStyle(background: .rgb(40, 40, 40)))
        #expect(CellBuffer.sharesStorage(buffer.line(0), buffer.line(5)))
        let before = buffer
        buffer.put("hello", x: 2, y: 3, style: CellStyle(foreground: .rgb(60, 60, 60), background: .rgb(40, 40, 40)))
        #expect(buffer.lines[3].contains("hello"))
        #expect(buffer.lines[2] == before.lines[2] && !before.lines[3].contains("hello"))
        #expect(!CellBuffer.sharesStorage(buffer.line(3), buffer.line(2)))

        // Frame after frame, a remembering pass gives what a fresh pass gives, while lines
        // are kept, replaced, drawn on and dropped.
        var remembering = LegibleColors(canvas: .dark)
        var random = SeededRandom(seed: 15)
        var frame = buffer
        let looks: [CellStyle] = [
            CellStyle(foreground: .rgb(20, 20, 20)), CellStyle(foreground: .rgb(90, 90, 200), background: .rgb(0, 0, 60)),
            CellStyle(foreground: .default, attributes: .dim), CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(250, 250, 0)),
        ]
        for step in 0..<200 {
            let y = Int(random.next() % 6)
            switch random.next() % 3 {
            case 0: frame.put("x\(step)", x: Int(random.next() % 15), y: y, style: looks[Int(random.next() % 4)])
            case 1: frame.setLine(y, buffer.line(Int(random.next() % 6)))
            default: frame.fill(CellRect(x: 0, y: y, width: 20, height: 1), style: looks[Int(random.next() % 4)])
            }
            var kept = frame, fresh = frame
            remembering.apply(to: &kept)
            var once = LegibleColors(canvas: .dark)
            once.apply(to: &fresh)
            #expect(kept == fresh, "step \(step)")
        }
    }

    @Test("a pass that met hundreds of styles, crowding its recent answers' slots, makes lines as a fresh pass does")
    func crowdedLegibleSlots() {
        var random = SeededRandom(seed: 99)
        let styles = (0..<400).map { _ in RenderRandomTests.style(&random) }
        let glyphs = ["a", " ", "▀", "▄", "中", "😀", "é", "-"]
        for canvas in [TerminalCanvas.dark, .light, .painted(for: .dark)] {
            var remembering = LegibleColors(canvas: canvas)
            for _ in 0..<150 {
                var line = (0..<24).map { _ in
                    Cell(symbol: glyphs[Int(random.next() % UInt64(glyphs.count))], style: styles[Int(random.next() % 400)])
                }
                var fresh = line
                var once = LegibleColors(canvas: canvas)
                once.makeLegible(&fresh)
                remembering.makeLegible(&line)
                #expect(line == fresh)
            }
        }
    }

    @Test("a frame whose day changed relabels the rows without any change to the conversation")
    func dayRollsOver() throws {
        let clock = Clock(Cast.noon)
        var style = ChatStyle.dark
        style.grouping = GroupingRules(
            timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_GB"), now: { clock.now })
        let chat = Conversation(me: Cast.me)
        try chat.append(Cast.message("a", Cast.alice, -600, .text("An early one")))
        try chat.append(Cast.message("b", Cast.alice, 0, .text("One at noon")))
        let screen = ChatScreen(conversation: chat, style: style, columns: 60, rows: 20)
        let first = screen.render().buffer.lines.joined(separator: "\n")
        #expect(first.contains("Today"), "\(first)")
        clock.now = Cast.noon.addingTimeInterval(86_400 * 2)
        let later = screen.render().buffer.lines.joined(separator: "\n")
        #expect(!later.contains("Today"), "\(later)")
    }

    /// A clock a test moves.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var date: Date
        init(_ date: Date) { self.date = date }
        var now: Date {
            get { lock.withLock { date } }
            set { lock.withLock { date = newValue } }
        }
    }
}
