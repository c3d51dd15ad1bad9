import Foundation
import Testing
@testable import ParleyCore

@MainActor
private final class CardDelegate: MessengerDelegate {
    var calls: [String] = []
    func messenger(didTapFile action: FileAction, in message: MessageID) { calls.append("file \(action) \(message)") }
    func messenger(didTapLocationIn message: MessageID) { calls.append("location \(message)") }
    func messenger(didTapContact field: ContactField, in message: MessageID) { calls.append("contact \(field) \(message)") }
}

@Suite("Card taps (#13)")
@MainActor
struct CardEventTests {
    /// A file, a location and a contact, one a row, in a 60×40 viewport.
    private func viewport() -> Viewport {
        func message(_ id: MessageID, _ content: MessageContent) -> Message {
            Message(id: id, sender: Fixture.alice, date: Fixture.noon, content: content)
        }
        let chat = Conversation(me: Fixture.me, messages: [
            message("file", .file("report.pdf", bytes: 2_400_000)),
            message("here", .location(LocationContent(title: "Home", latitude: 1, longitude: 2))),
            message("ada", .contact(ContactContent(name: "Ada", phone: "+44 1", email: "ada@example.com"))),
        ])
        return Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 60, height: 40))
    }

    /// The middle of `rect` of row `id`'s card, in viewport coordinates.
    private func point(_ id: MessageID, in view: Viewport, _ part: (CardLayout) -> Rect?) -> Point {
        let visible = view.visibleRows().first { $0.id == .message(id) }!
        let rect = part(visible.layout.card!)!
        return Point(x: rect.minX + rect.width / 2, y: visible.y + rect.minY)
    }

    @Test("a file card's buttons open and save; the rest of it is the card")
    func file() {
        let view = viewport()
        #expect(view.event(at: point("file", in: view) { $0.buttons.first?.frame }) == .tapFile("file", .open))
        #expect(view.event(at: point("file", in: view) { $0.buttons.last?.frame }) == .tapFile("file", .save))
        #expect(view.event(at: point("file", in: view) { $0.lines.first?.frame }) == .tapFile("file", .card))
        #expect(view.event(at: point("file", in: view, \.iconFrame)) == .tapFile("file", .card))
        #expect(view.event(at: point("file", in: view) { $0.buttons.first?.frame }, gesture: .longPress) == .longPressBubble("file"))
    }

    @Test("a location card is one target")
    func location() {
        let view = viewport()
        #expect(view.event(at: point("here", in: view) { $0.lines.last?.frame }) == .tapLocation("here"))
        #expect(view.event(at: point("here", in: view, \.frame)) == .tapLocation("here"))
    }

    @Test("a contact card tells its phone, its e-mail and itself apart")
    func contact() {
        let view = viewport()
        #expect(view.event(at: point("ada", in: view) { $0.lines[1].frame }) == .tapContact("ada", .phone))
        #expect(view.event(at: point("ada", in: view) { $0.lines[2].frame }) == .tapContact("ada", .email))
        #expect(view.event(at: point("ada", in: view) { $0.lines[0].frame }) == .tapContact("ada", .card))
    }

    @Test("the delegate hears each card event through its own method")
    func delegate() {
        let events = MessengerEvents()
        let delegate = CardDelegate()
        events.delegate = delegate
        events.send(.tapFile("f", .save))
        events.send(.tapLocation("l"))
        events.send(.tapContact("c", .email))
        #expect(delegate.calls == ["file save f", "location l", "contact email c"])
    }

    @Test("setTransfer changes a file's progress and leaves other kinds alone")
    func transfer() throws {
        let chat = Conversation(me: Fixture.me)
        let file = chat.append(.file("a.zip"), from: Fixture.alice)
        let text = chat.append(.text("hi"), from: Fixture.alice)
        try chat.setTransfer(.downloading(0.5), of: file)
        try chat.setTransfer(.failed, of: text)
        #expect(chat.messages.first?.content == .file(FileContent(name: "a.zip", transfer: .downloading(0.5))))
        #expect(chat.messages.last?.content == .text("hi"))
        #expect(throws: ConversationError.self) { try chat.setTransfer(.idle, of: "nobody") }
    }
}
