import Foundation
import Testing
import ParleyCore

/// The README's tour, kept compiling and behaving as the README says.
@Suite("README example")
@MainActor
struct ReadmeExampleTests {
    @Test("the tour runs as written")
    func tour() throws {
        let me = Sender(id: "me", name: "Me")
        let alice = Sender(id: "alice", name: "Alice Liddell")

        let chat = Conversation(me: me)
        let hi = chat.append(.text("Lunch? https://cafe.example.com"), from: alice)
        chat.append(.text("🎉"))
        chat.append(.image(.file(path: "/tmp/cat.jpg"), size: Size(width: 1200, height: 800)), from: alice)
        chat.setTyping(alice)
        let lateMessage = Message(sender: alice, date: Date().addingTimeInterval(-3600), content: .text("sent an hour ago"))
        try chat.insertByDate(lateMessage)
        try chat.update(hi) { $0.status = .read }

        try chat.setMessages(chat.messages.filter { $0.id != hi })

        let observation = chat.observe { change in print(change.inserted) }

        let presenter = ChatPresenter(conversation: chat, style: .iMessage, units: .cells, measurer: MonospaceMeasurer())
        presenter.pager = HistoryPager(conversation: chat, source: ArrayHistorySource([]))
        presenter.resize(to: Size(width: 80, height: 24))
        for row in presenter.frame().rows {
            print(row.y, row.id, row.layout.bubble ?? .zero)
        }
        presenter.scroll(by: -10)
        let badge = presenter.frame().badge?.text

        let bar = InputBar.iMessage()
        bar.onSend { text in chat.append(.text(text)) }
        bar.text = "See you at noon"
        bar.send()

        #expect(badge == nil || badge == "↓")
        #expect(chat.count == 4)
        #expect(chat.messages.first?.id == lateMessage.id)
        #expect(chat.messages.last?.content == .text("See you at noon"))
        #expect(bar.text.isEmpty)
        #expect(chat.messages[1].content == .emoji("🎉"))
        observation.cancel()
    }
}
