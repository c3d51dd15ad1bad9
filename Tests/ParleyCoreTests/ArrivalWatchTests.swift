import Foundation
import Testing

@testable import ParleyCore

@Suite("ArrivalWatch: what is news, and when to call the user")
struct ArrivalWatchTests {
    @Test("the opening conversation is not news; arrivals from others are, oldest first, and count while away (#14)")
    func arrivals() {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("old", "from before")])
        var watch = ArrivalWatch()
        #expect(watch.look(at: chat, isAway: true).arrivals.isEmpty)
        chat.append(.text("one"), from: Fixture.alice)
        chat.append(.text("mine"))
        chat.append(.text("two"), from: Fixture.alice)
        let news = watch.look(at: chat, isAway: true)
        #expect(news.arrivals.map(\.content) == [.text("one"), .text("two")])
        #expect(news.callsForAttention)
        #expect(news.unseenCount == 2)
        #expect(news.title(for: "Lunch", strings: .english) == "(2) Lunch")
        // Nothing new: no call, the count stays while away.
        let quiet = watch.look(at: chat, isAway: true)
        #expect(quiet.arrivals.isEmpty && !quiet.callsForAttention && quiet.unseenCount == 2)
        // Back: the count ends.
        let back = watch.look(at: chat, isAway: false)
        #expect(back.unseenCount == 0)
        #expect(back.title(for: "Lunch", strings: .english) == "Lunch")
    }

    @Test("in view, only a mention calls; history loaded above is never news (#14)")
    func mentionsAndHistory() {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("m", minutes: 10, "now")])
        var watch = ArrivalWatch()
        _ = watch.look(at: chat, isAway: false)
        chat.append(.text("just chatting"), from: Fixture.alice)
        let plain = watch.look(at: chat, isAway: false)
        #expect(plain.arrivals.count == 1 && !plain.callsForAttention && plain.unseenCount == 0)
        chat.append(.text(TextContent("@Me look", mentioning: [Fixture.me])), from: Fixture.alice)
        let mention = watch.look(at: chat, isAway: false)
        #expect(mention.mentionsMe && mention.callsForAttention)
        _ = chat.prependHistory([Fixture.message("older", minutes: -100, "history")])
        #expect(watch.look(at: chat, isAway: true).arrivals.isEmpty)
    }
}
