import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: keyset paging and jump-to")
struct PagingTests {
    /// `count` messages, seven per date (so ties are broken by id), with ids in random
    /// order relative to insertion, inserted shuffled; and the sorted model.
    static func fixture(count: Int = 1_000) throws -> (store: ConversationStore, model: [Message]) {
        var random = SplitMix(seed: 42)
        let messages = (0..<count).map { index in
            Fixture.message(
                "x\(random.next() % 1_000_000_000)-\(index)", .text("#\(index)"),
                from: Fixture.senders[index % 5], at: Double(index / 7) * 60)
        }
        let store = try ConversationStore.inMemory()
        try store.insert(contentsOf: messages.shuffled(using: &random))
        let model = messages.sorted { $0.date == $1.date ? $0.id < $1.id : $0.date < $1.date }
        return (store, model)
    }

    @Test("paging back from the newest visits every message once, in (date, id) order, for several page sizes")
    func walkBack() throws {
        let (store, model) = try Self.fixture()
        for limit in [1, 6, 7, 50, 333, 999, 1_000, 5_000] {
            var window = try store.newestPage(limit: limit)
            var seen = window.messages
            #expect(!window.hasNewer)
            var pages = 1
            while window.hasOlder, let cursor = window.olderCursor {
                window = try store.page(olderThan: cursor, limit: limit)
                #expect(window.hasNewer)
                #expect(window.messages.count == min(limit, model.count - seen.count))
                seen = window.messages + seen
                pages += 1
            }
            #expect(seen.map(\.id) == model.map(\.id), "limit \(limit)")
            #expect(pages == (model.count + limit - 1) / limit, "limit \(limit)")
        }
    }

    @Test("paging forward from the oldest visits every message once, in order")
    func walkForward() throws {
        let (store, model) = try Self.fixture(count: 300)
        for limit in [1, 7, 64, 300] {
            var window = try store.oldestPage(limit: limit)
            var seen = window.messages
            #expect(!window.hasOlder)
            while window.hasNewer, let cursor = window.newerCursor {
                window = try store.page(newerThan: cursor, limit: limit)
                #expect(window.hasOlder)
                seen += window.messages
            }
            #expect(seen.map(\.id) == model.map(\.id), "limit \(limit)")
        }
    }

    @Test("as a HistorySource behind a HistoryPager, the conversation ends up with every message in order")
    func pagerLoadsEverything() async throws {
        let (store, model) = try Self.fixture(count: 500)
        let chat = Conversation(me: Fixture.me, messages: try store.newestPage(limit: 40).messages)
        let pager = HistoryPager(conversation: chat, source: store, pageSize: 64, mode: .manual)
        for _ in 0..<100 where pager.state != .exhausted {
            let outcome = await pager.loadEarlier()
            if case .failed(let reason) = outcome { Issue.record("page failed: \(reason)") }
        }
        #expect(chat.messages.map(\.id) == model.map(\.id))
    }

    @Test("page(around: id) centres the message and fills from the other side near either end")
    func aroundID() throws {
        let (store, model) = try Self.fixture(count: 200)
        for index in [0, 1, 5, 99, 100, 194, 198, 199] {
            for limit in [1, 2, 10, 11, 200, 250] {
                let window = try store.page(around: model[index].id, limit: limit)
                let expected = Self.expectedWindow(around: index, limit: limit, in: model)
                #expect(window.messages.map(\.id) == expected.map(\.id), "index \(index) limit \(limit)")
                #expect(window.anchor == model[index].id)
                #expect(window.hasOlder == (expected.first?.id != model.first?.id))
                #expect(window.hasNewer == (expected.last?.id != model.last?.id))
            }
        }
        #expect(throws: StoreError.unknownMessage("nope")) { try store.page(around: MessageID("nope"), limit: 10) }
    }

    @Test("page(around: date) splits at the first message at or after the date")
    func aroundDate() throws {
        let (store, model) = try Self.fixture(count: 200)
        let dates = [-100.0, 0, 59.5, 60, 61, 840, 1_700, 1_710, 1_000_000].map { Date(timeIntervalSinceReferenceDate: $0) }
        for date in dates {
            for limit in [1, 9, 10, 300] {
                let split = model.firstIndex { $0.date >= date } ?? model.count
                let window = try store.page(around: date, limit: limit)
                let expected = Self.expectedWindow(around: split, limit: limit, in: model)
                #expect(window.messages.map(\.id) == expected.map(\.id), "date \(date) limit \(limit)")
                #expect(window.anchor == (split < model.count ? model[split].id : model.last?.id))
            }
        }
    }

    @Test("the OFFSET pager returns the same pages as the keyset pager")
    func offsetMatchesKeyset() throws {
        let (store, model) = try Self.fixture(count: 120)
        for offset in [0, 1, 50, 119, 120, 500] {
            let window = try store.page(offset: offset, limit: 25)
            let upper = max(0, model.count - offset)
            #expect(window.messages.map(\.id) == model[max(0, upper - 25)..<upper].map(\.id))
            #expect(window.hasOlder == (upper > 25))
        }
    }

    @Test("page sizes of 0, negative or Int.max are clamped to 1…1e9, never a crash")
    func oddLimits() throws {
        let (store, model) = try Self.fixture(count: 30)
        #expect(try store.newestPage(limit: 0).messages.map(\.id) == [model[29].id])
        #expect(try store.newestPage(limit: -5).hasOlder)
        #expect(try store.newestPage(limit: .max).messages.count == 30)
        #expect(try store.page(around: model[3].id, limit: .max).messages.count == 30)
        #expect(try store.page(offset: .max, limit: .max).messages.isEmpty)
        let cursor = try #require(try store.newestPage(limit: 1).olderCursor)
        #expect(try store.page(olderThan: cursor, limit: .max).messages.count == 29)
    }

    @Test("an empty store has empty pages with nothing on either side")
    func empty() async throws {
        let store = try ConversationStore.inMemory()
        let newest = try store.newestPage(limit: 10)
        #expect(newest.messages.isEmpty && !newest.hasOlder && !newest.hasNewer)
        #expect(try store.page(around: Date(), limit: 10).messages.isEmpty)
        #expect(try await store.page(before: nil, limit: 10).messages.isEmpty)
        #expect(try store.count() == 0)
    }

    /// The model's window: `limit` messages starting `(limit - 1) / 2` before `index`,
    /// shifted to stay inside the conversation.
    static func expectedWindow(around index: Int, limit: Int, in model: [Message]) -> [Message] {
        let start = max(0, min(index - (limit - 1) / 2, model.count - limit))
        return Array(model[start..<min(model.count, start + limit)])
    }
}

/// The suite's seeded generator (same seed, same sequence).
typealias SplitMix = SeededRandom
