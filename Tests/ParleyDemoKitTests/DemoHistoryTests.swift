import Foundation
import ParleyCore
import Testing

@testable import ParleyDemoKit

@Suite("The demos' history: an ephemeral store, seeded or not")
struct DemoHistoryTests {
    @Test("--ephemeral starts with the demo's conversation in a store in memory; under another history it starts empty")
    func ephemeralSeeding() async throws {
        var options = DemoHistory.Options()
        options.ephemeral = true
        let seeded = try DemoHistory(options: options)
        #expect(seeded.isFresh)
        #expect(try seeded.store?.count() ?? 0 > 5_000, "the weeks before now and today's")
        // A Matrix room is the history there: the store is only the draft's and the mirror's.
        options.seedsEphemeral = false
        let empty = try DemoHistory(options: options)
        #expect(!empty.isFresh, "no greeting, no unread line for a conversation that is not there")
        #expect(try empty.store?.count() == 0)
        _ = await empty.pager.loadEarlier()
        #expect(empty.conversation.messages.isEmpty, "a page of nothing")
    }

    @Test("the demo's poll is told with its options and votes, for a screen reader and the plain transcript")
    func pollSummary() {
        let poll = Poll(question: "Where?", options: ["Garden café", "Noodle bar", "Desk salad"], votes: [3, 1])
        #expect(poll.summary == "Poll: Where? Garden café 3 votes, Noodle bar 1 vote, Desk salad 0 votes")
        #expect(Poll(question: "Empty?", options: [], votes: []).summary == "Poll: Empty?")
    }
}
