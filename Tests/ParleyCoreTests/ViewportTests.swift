import Foundation
import Testing
@testable import ParleyCore

/// A conversation of `count` short messages, senders alternating every three messages.
func sampleMessages(_ count: Int, prefix: String = "m", startMinutes: Double = 0) -> [Message] {
    (0..<count).map { index in
        let sender = (index / 3) % 2 == 0 ? Fixture.alice : Fixture.bob
        return Fixture.message("\(prefix)\(index)", from: sender, minutes: startMinutes + Double(index) / 10, "message \(index)")
    }
}

struct Placed: Equatable, CustomStringConvertible {
    var id: RowID
    var y: Double
    var description: String { "\(id)@\(y)" }
}

extension Viewport {
    var placed: [Placed] { visibleRows().map { Placed(id: $0.id, y: $0.y) } }
}

@Suite("Viewport")
struct ViewportTests {
    private func viewport(_ count: Int, height: Double = 20, measurer: any TextMeasurer = MonospaceMeasurer()) -> Viewport {
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(count))
        return Viewport(conversation: chat, layoutEngine: Fixture.engine(measurer: measurer), size: Size(width: 40, height: height))
    }

    private func bottom(_ viewport: Viewport) -> Double {
        let last = viewport.visibleRows().last!
        return last.y + last.layout.height
    }

    @Test("starts pinned at the bottom with the newest message in view")
    func startsAtBottom() {
        let view = viewport(100)
        let rows = view.visibleRows()
        #expect(rows.last?.id == .message("m99"))
        #expect(bottom(view) == 20)
        #expect(rows.first!.y <= 0)
        #expect(view.isPinnedToBottom && view.isAtBottom)
        // Contiguous rows, each starting where the previous ended.
        for (upper, lower) in zip(rows, rows.dropFirst()) { #expect(upper.y + upper.layout.height == lower.y) }
    }

    @Test("pinned, new messages and the typing row keep the view at the bottom")
    func followsNewMessages() {
        let view = viewport(100)
        let id = view.conversation.append(.text("new"), from: Fixture.alice)
        #expect(view.visibleRows().last?.id == .message(id))
        #expect(bottom(view) == 20)
        view.conversation.setTyping(Fixture.bob)
        #expect(view.visibleRows().last?.id == .typing)
        #expect(bottom(view) == 20)
        #expect(view.unreadCount() == 0)
    }

    @Test("scrolled up, arrivals move nothing and are counted as unread")
    func scrolledUpArrivals() {
        let view = viewport(100)
        view.scroll(by: -15)
        #expect(!view.isPinnedToBottom && !view.isAtBottom)
        let before = view.placed
        view.conversation.append(.text("from alice"), from: Fixture.alice)
        view.conversation.append(.text("from me"))
        view.conversation.append(.text("from bob"), from: Fixture.bob)
        view.conversation.setTyping(Fixture.alice)
        #expect(view.placed == before)
        #expect(view.unreadCount() == 2)
        #expect(view.unreadCount(limit: 1) == 1)
        view.scrollToBottom()
        #expect(view.unreadCount() == 0)
        #expect(view.visibleRows().last?.id == .typing)
    }

    @Test("scrolling down to the newest message re-pins and clears the unread count")
    func scrollBackDown() {
        let view = viewport(100)
        view.scroll(by: -30)
        view.conversation.append(.text("hey"), from: Fixture.alice)
        #expect(view.unreadCount() == 1)
        view.scroll(by: 1000)
        #expect(view.isPinnedToBottom)
        #expect(view.unreadCount() == 0)
    }

    @Test("prepending history and re-measuring rows above move nothing on screen")
    func stableAbove() throws {
        let view = viewport(100)
        view.scroll(by: -40)
        let before = view.placed
        view.conversation.prependHistory(sampleMessages(500, prefix: "old", startMinutes: -1000))
        #expect(view.placed == before)
        let firstShown = view.visibleRows().first!.index
        let above = try #require(view.conversation.read { $0.message(at: firstShown - 3) })
        try view.conversation.replace(above.id, with: .text(String(repeating: "much longer text ", count: 20)))
        #expect(view.placed == before)
    }

    @Test("scrolls to a row at the top, centre or bottom")
    func scrollToRow() {
        let view = viewport(100)
        #expect(view.scroll(to: .message("m40"), at: .top))
        #expect(view.visibleRows().first { $0.id == .message("m40") }?.y == 0)
        view.scroll(to: .message("m40"), at: .bottom)
        let row = view.visibleRows().first { $0.id == .message("m40") }!
        #expect(row.y + row.layout.height == 20)
        view.scroll(to: .message("m40"), at: .center)
        let centred = view.visibleRows().first { $0.id == .message("m40") }!
        #expect(abs((centred.y + centred.layout.height / 2) - 10) <= 1)
        #expect(!view.scroll(to: .message("nope")))
    }

    @Test("cannot scroll past the first or the last row")
    func limits() {
        let view = viewport(100)
        view.scroll(by: -1e9)
        #expect(view.visibleRows().first?.id == .message("m0"))
        #expect(view.visibleRows().first?.y == 0)
        view.scroll(by: -10)
        #expect(view.visibleRows().first?.y == 0)
        view.scrollToTop()
        #expect(view.visibleRows().first?.y == 0)
        view.scroll(by: 1e9)
        #expect(bottom(view) == 20)
        #expect(view.isPinnedToBottom)
    }

    @Test("content shorter than the viewport sits at the bottom")
    func shortContent() {
        let view = viewport(2)
        #expect(bottom(view) == 20)
        #expect(view.visibleRows().count == 2)
        view.scroll(by: -5)
        #expect(bottom(view) == 20)
        #expect(view.isAtBottom)
    }

    @Test("an empty conversation shows nothing and does not fail")
    func empty() {
        let view = viewport(0)
        view.scroll(by: 10)
        view.scrollToTop()
        #expect(view.visibleRows().isEmpty)
        #expect(view.isAtBottom)
        #expect(view.unreadCount() == 0)
        #expect(view.hitTest(Point(x: 1, y: 1)) == nil)
    }

    @Test("resizing keeps the anchored row where it was")
    func resize() {
        let view = viewport(100)
        view.scroll(by: -25)
        let anchored = view.visibleRows().first { $0.y >= 0 }!
        view.resize(to: Size(width: 24, height: 30))
        let after = view.visibleRows().first { $0.id == anchored.id }
        #expect(after != nil)
        view.resize(to: Size(width: 40, height: 20))
        #expect(view.visibleRows().contains { $0.id == anchored.id })
        // Pinned views stay pinned through a resize.
        view.scrollToBottom()
        view.resize(to: Size(width: 30, height: 12))
        #expect(bottom(view) == 12)
    }

    @Test("removing the anchored row keeps the view near where it was")
    func removeAnchor() throws {
        let view = viewport(100)
        view.scroll(by: -30)
        let shown = view.visibleRows()
        let anchorID = try #require(view.anchor?.row)
        guard case .message(let id) = anchorID else { Issue.record("anchor is not a message"); return }
        try view.conversation.remove(id)
        let after = view.visibleRows()
        #expect(!after.isEmpty)
        #expect(Set(after.map(\.id)).intersection(shown.map(\.id)).count >= shown.count - 2)
    }

    @Test("the cost of scrolling does not grow with the conversation", arguments: [1_000, 200_000])
    func constantCost(count: Int) {
        let measurer = CountingMeasurer()
        let view = viewport(count, measurer: measurer)
        _ = view.visibleRows()
        view.scroll(by: -100)
        _ = view.visibleRows()
        measurer.reset()
        for _ in 0..<20 {
            view.scroll(by: -1)
            _ = view.visibleRows()
        }
        // Each step measures at most the row that scrolls into view (a row is one to three
        // measurements: name, text, label), whatever the conversation's length.
        #expect(measurer.count > 0)
        #expect(measurer.count <= 20 * 3)
    }

    @Test("the scroll bar estimate follows the position")
    func indicator() {
        let view = viewport(1000)
        let atBottom = view.scrollIndicator
        #expect(abs(atBottom.position + atBottom.length - 1) < 0.01)
        view.scroll(by: -1e9)
        #expect(view.scrollIndicator.position == 0)
        #expect(view.scrollIndicator.length < 0.05)
    }

    @Test("rows listed again while nothing changed are known identical; a changed row, a new width or a set property is not (#15)")
    func knownIdentical() throws {
        let view = viewport(40)
        let first = view.visibleRows()
        view.scroll(by: -3)
        let second = view.visibleRows()
        #expect(first.count > 3)
        // The same rows, moved: each row still shown is known identical to its earlier self.
        for row in second {
            guard let earlier = first.first(where: { $0.id == row.id }) else { continue }
            #expect(row.isKnownIdentical(to: earlier), "\(row.id)")
            #expect(row.y != earlier.y)
        }
        #expect(!second[0].isKnownIdentical(to: second[1]))
        // A changed message makes new rows, which tell the truth about their content.
        guard case .message(let id) = second[1].id else { Issue.record("not a message"); return }
        try view.conversation.replace(id, with: .text("changed"))
        let third = view.visibleRows()
        let changed = try #require(third.first { $0.id == .message(id) })
        #expect(!changed.isKnownIdentical(to: second[1]))
        #expect(changed.row.message?.content == .text("changed"))
        // A new width lays every row out again.
        view.resize(to: Size(width: 30, height: 20))
        let narrower = view.visibleRows()
        #expect(!narrower.contains { row in third.contains { row.isKnownIdentical(to: $0) } })
        // Setting a property makes the row its own.
        var moved = narrower[0]
        #expect(moved.isKnownIdentical(to: narrower[0]))
        moved.layout = narrower[1].layout
        #expect(!moved.isKnownIdentical(to: narrower[0]))
        #expect(moved.layout == narrower[1].layout && moved.id == narrower[0].id)
    }
}
