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
        let report = chat.append(.file("report.pdf", bytes: 2_400_000), from: alice)
        try chat.setTransfer(.downloading(0.4), of: report)
        chat.append(.location(LocationContent(title: "Café", latitude: 51.508, longitude: -0.128)), from: alice)
        chat.append(.contact(ContactContent(name: "Ada", phone: "+44 20 7946 0958")), from: alice)
        chat.append(.voice(URL(fileURLWithPath: "/tmp/note.ogg"), duration: 42, waveform: [0.2, 0.9, 0.4]), from: alice)  // ▶ ▃█▅ 0:42
        #expect(chat.message(report)?.content.summary == "File: report.pdf, 2.4 MB")
        chat.setTyping(alice)
        let lateMessage = Message(sender: alice, date: Date().addingTimeInterval(-3600), content: .text("sent an hour ago"))
        try chat.insertByDate(lateMessage)
        try chat.update(hi) { $0.status = .read }

        let answer = chat.reply(to: hi, with: .text("Yes, at noon"))
        chat.toggleReaction("👍", on: hi)
        try chat.setReaction("❤️", on: answer, by: alice.id)
        try chat.edit(answer, to: .text("Yes, at half past twelve"))
        try chat.markDeleted(lateMessage.id)
        try chat.setLinkPreview(LinkPreview(url: URL(string: "https://cafe.example.com")!, title: "The Garden Café"), for: hi)
        #expect(chat.message(hi)?.linkPreview?.title == "The Garden Café")

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
        bar.onSend { text, reply in chat.append(.text(text), replyTo: reply) }
        presenter.inputBar = bar
        presenter.reply(to: answer)
        #expect(bar.replyTarget?.senderName == "Me")
        bar.text = "See you at noon"
        bar.send()

        #expect(badge == nil || badge == "↓")
        #expect(chat.count == 9)  // with the file, the place, the contact and the voice note
        #expect(chat.messages.first?.id == lateMessage.id)
        #expect(chat.messages.first?.isDeleted == true)
        #expect(chat.messages.last?.content == .text("See you at noon"))
        #expect(chat.messages.last?.replyTo?.id == answer)
        // The reply keeps its quote of a message the data source took away.
        #expect(chat.message(answer)?.replyTo?.summary == "Lunch? https://cafe.example.com")
        #expect(chat.message(answer)?.reactions == [Reaction("❤️", by: ["alice"])])
        #expect(chat.message(answer)?.edits.count == 1)
        #expect(bar.text.isEmpty)
        #expect(chat.messages[1].content == .emoji("🎉"))
        observation.cancel()
    }
}
