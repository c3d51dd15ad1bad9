import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyTerminal

/// The scroll hint tells the renderer how far the list's content moved since the last
/// frame, so that it scrolls the terminal's region instead of redrawing it (#15). A hint
/// that is off by a row would cost a redraw of the band; these tests hold it to what the
/// frames show.
@Suite("Scroll hint: how far the list moved between frames")
@MainActor
struct ScrollHintTests {
    static func screen() -> ChatScreen {
        ChatScreen(conversation: KeptRowsTests.conversation(), style: Cast.style(.dark), columns: 72, rows: 30)
    }

    @Test("after a scroll, the list's lines are the last frame's moved by the hint", arguments: [1, 3, 7])
    func moved(rows: Int) throws {
        let screen = Self.screen()
        // Away from the bottom first, so that both frames show the "↓" badge alike.
        screen.perform(.scroll(-10))
        let before = screen.render(time: 1).buffer
        _ = screen.takeScrollHint()
        screen.perform(.scroll(-rows))
        let after = screen.render(time: 1).buffer
        let hint = try #require(screen.takeScrollHint())
        #expect(hint.by == -rows)
        // Every line of the band that has a line of the last frame to come from is that
        // line: the badge sits on the rule below the band, so the band holds only rows.
        var compared = 0
        for y in hint.rows where hint.rows.contains(y + hint.by) {
            #expect(after.line(y) == before.line(y + hint.by), "line \(y) after \(rows) rows up")
            compared += 1
        }
        #expect(compared == hint.rows.count - rows)
        // The badge is on the rule, the line after the band.
        #expect(after.lines[hint.rows.upperBound].contains("↓"))
        #expect(!hint.rows.contains { after.lines[$0].contains(" ↓ ") })
    }

    @Test("no hint without a scroll, and none once taken")
    func none() {
        let screen = Self.screen()
        _ = screen.render(time: 1)
        #expect(screen.takeScrollHint() == nil)
        screen.perform(.scroll(-2))
        _ = screen.render(time: 1)
        #expect(screen.takeScrollHint()?.by == -2)
        #expect(screen.takeScrollHint() == nil)
        _ = screen.render(time: 1)
        #expect(screen.takeScrollHint() == nil)
    }
}
