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

        let engine = LayoutEngine(style: .iMessage.withMetrics(.cells), measurer: MonospaceMeasurer())
        let viewport = Viewport(conversation: chat, layoutEngine: engine, size: Size(width: 80, height: 24))
        viewport.pager = HistoryPager(conversation: chat, source: ArrayHistorySource([]))
        for row in viewport.visibleRows() {
            print(row.y, row.id, row.layout.bubble ?? .zero)
        }
        viewport.scroll(by: -10)
        let badge = viewport.unreadCount()

        let bar = InputBar.iMessage()
        bar.onSend { text in chat.append(.text(text)) }
        bar.text = "See you at noon"
        bar.send()

        #expect(badge == 0)
        #expect(chat.count == 4)
        #expect(chat.messages.first?.id == lateMessage.id)
        #expect(chat.messages.last?.content == .text("See you at noon"))
        #expect(bar.text.isEmpty)
        #expect(chat.messages[1].content == .emoji("🎉"))
        observation.cancel()
    }
}
