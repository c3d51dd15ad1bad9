import Foundation
import Testing
@testable import ParleyCore

@MainActor
final class RecordingDelegate: MessengerDelegate {
    var calls: [String] = []
    func messenger(didTapAvatarOf sender: Sender, message: MessageID?) { calls.append("avatar \(sender.id)") }
    func messenger(didTapBubble message: MessageID) { calls.append("bubble \(message)") }
    func messenger(didTapLink detection: TextDetection, in message: MessageID) {
        calls.append("link \(detection.target?.absoluteString ?? "")")
    }
    func messengerDidTapLoadEarlier() { calls.append("load earlier") }
    func messenger(didLongPressBubble message: MessageID) { calls.append("long \(message)") }
}

@Suite("Events and hit testing")
@MainActor
struct EventTests {
    /// One incoming message with a link, one outgoing, a history row; a 40×20 viewport.
    private func viewport() -> Viewport {
        let chat = Conversation(me: Fixture.me, messages: [
            Fixture.message("in", "see https://a.io ok"),
            Fixture.message("out", from: Fixture.me, minutes: 1, "fine"),
        ])
        chat.historyIndicator = .loadEarlier
        return Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
    }

    private func point(_ row: RowID, in view: Viewport, _ part: (RowLayout) -> Rect?, dx: Double = 0) -> Point {
        let visible = view.visibleRows().first { $0.id == row }!
        let rect = part(visible.layout)!
        return Point(x: rect.minX + dx, y: visible.y + rect.minY)
    }

    @Test("taps on avatars, bubbles, links, status, cells and the history row become events")
    func taps() {
        let view = viewport()
        let incoming = RowID.message("in")
        #expect(view.event(at: point(incoming, in: view, \.avatar)) == .tapAvatar(Fixture.alice, message: "in"))
        #expect(view.event(at: point(incoming, in: view, \.content)) == .tapBubble("in"))
        let link = TextContent("see https://a.io ok").detections[0]
        #expect(view.event(at: point(incoming, in: view, \.content, dx: 6)) == .tapLink("in", link))
        #expect(view.event(at: point(incoming, in: view, \.bubble)) == .tapBubble("in"))
        let topLabel = point(incoming, in: view, \.topLabel)
        #expect(view.event(at: topLabel) == .tapCell("in", location: Point(x: topLabel.x, y: 1)))
        #expect(view.event(at: point(.message("out"), in: view, \.status)) == .tapStatus("out"))
        #expect(view.event(at: point(.history, in: view, \.content)) == .tapLoadEarlier)
        #expect(view.event(at: point(incoming, in: view, \.content), gesture: .longPress) == .longPressBubble("in"))
        #expect(view.event(at: point(incoming, in: view, \.avatar), gesture: .longPress) == nil)
    }

    @Test("“Not delivered · Tap to retry” under a failed message of mine is the retry target (#14)")
    func retryLabel() {
        var failed = Fixture.message("out", from: Fixture.me, minutes: 1, "lost")
        failed.status = .failed
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("in", "hi"), failed])
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        let row = view.visibleRows().first { $0.id == .message("out") }!
        #expect(row.context?.bottomLabel == "Not delivered · Tap to retry")
        #expect(view.event(at: point(.message("out"), in: view, \.bottomLabel)) == .tapStatus("out"))
        // Anyone else's label under a bubble is only the cell.
        let sent = Conversation(me: Fixture.me, messages: [Fixture.message("x", from: Fixture.me, "fine")])
        let other = Viewport(conversation: sent, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        #expect(other.visibleRows().first?.layout.bottomLabel == nil)
    }

    @Test("a failed message of mine, once deleted, has no delivery mark, no retry and says no status")
    func deletedFailedMessage() throws {
        var failed = Fixture.message("out", from: Fixture.me, minutes: 1, "lost")
        failed.status = .failed
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("in", "hi"), failed])
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        let before = try #require(view.visibleRows().first { $0.id == .message("out") })
        let status = try #require(before.layout.status)
        let retry = point(.message("out"), in: view, \.bottomLabel)
        #expect(ChatPresenter.accessibleLabel(for: before.row, context: before.context, style: .iMessage).hasSuffix("(not delivered)"))

        try chat.markDeleted("out")
        let after = try #require(view.visibleRows().first { $0.id == .message("out") })
        #expect(after.layout.status == nil)
        #expect(after.layout.bottomLabel == nil)
        #expect(after.context?.bottomLabel == nil)
        // Where the mark and "Tap to retry" were, a tap retries nothing.
        for place in [Point(x: status.midX, y: after.y + status.midY), retry] {
            if case .tapStatus = view.event(at: place) { Issue.record("a tap at \(place) retries the deleted message") }
        }
        let label = ChatPresenter.accessibleLabel(for: after.row, context: after.context, style: .iMessage)
        #expect(label.hasSuffix(": Message deleted"), "\(label)")
        // Deleting is offered for my messages, until they are deleted.
        let presenter = ChatPresenter(conversation: chat, style: .iMessage, units: .cells, measurer: MonospaceMeasurer())
        #expect(presenter.canDelete(after.row.message!) == false)
        #expect(presenter.canDelete(Fixture.message("mine", from: Fixture.me, "x")))
        #expect(presenter.canDelete(Fixture.message("theirs", "x")) == false)
    }

    @Test("a link in text with control characters before it is still found where it is drawn")
    func linkAfterControls() {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("x", "\t\u{1B}https://a.io")])
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        // Drawn as "    ␛https://a.io": the link starts at column 5.
        let event = view.event(at: point(.message("x"), in: view, \.content, dx: 6))
        guard case .tapLink(_, let detection) = event else {
            Issue.record("expected a link, got \(String(describing: event))")
            return
        }
        #expect(detection.target?.absoluteString == "https://a.io")
    }

    @Test("events reach the delegate, handlers and every stream, in order")
    func fanOut() async {
        let events = MessengerEvents()
        let delegate = RecordingDelegate()
        events.delegate = delegate
        var handled: [MessengerEvent] = []
        events.onEvent { handled.append($0) }
        let streamA = events.stream()
        let streamB = events.stream()
        let sent: [MessengerEvent] = [.tapBubble("a"), .tapLoadEarlier, .longPressBubble("b"), .tapAvatar(Fixture.bob, message: nil)]
        sent.forEach(events.send)
        events.finish()
        #expect(delegate.calls == ["bubble a", "load earlier", "long b", "avatar bob"])
        #expect(handled == sent)
        var a: [MessengerEvent] = []
        for await event in streamA { a.append(event) }
        var b: [MessengerEvent] = []
        for await event in streamB { b.append(event) }
        #expect(a == sent && b == sent)
    }
}
