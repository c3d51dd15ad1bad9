import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: a row this build cannot read is skipped and reported, never fatal to the page (#10)")
struct UnreadableRowTests {
    /// 40 messages q00…q39 one second apart, then four damaged in different ways with a
    /// raw connection: an unknown status, an unknown kind, a missing sender row, an
    /// unknown avatar (a sender of its own).
    static func damagedHistory(at path: String) throws -> Set<MessageID> {
        let store = try ConversationStore(path: path)
        let loner = Sender(id: "loner", name: "Loner")
        try store.insert(contentsOf: (0..<40).map { index in
            Fixture.message(
                String(format: "q%02d", index), .text("message \(index)"), from: index == 30 ? loner : Fixture.alice,
                at: Double(index))
        })
        store.close()
        let raw = try rawConnection(path)
        try raw.execute("""
            UPDATE messages SET status = 99 WHERE id = 'q10';
            UPDATE messages SET kind = 'hologram' WHERE id = 'q20';
            UPDATE messages SET sender = 9999 WHERE id = 'q25';
            UPDATE senders SET avatar = 'aura:blue' WHERE id = 'loner';
            UPDATE messages SET status = 42 WHERE id = 'q39';
            """)
        raw.close()
        return ["q10", "q20", "q25", "q30", "q39"]
    }

    static func ids(_ range: Range<Int>, except bad: Set<MessageID>) -> [MessageID] {
        range.map { MessageID(String(format: "q%02d", $0)) }.filter { !bad.contains($0) }
    }

    @Test("pages back from the newest and forward from the oldest show every readable message once; bad rows are counted once each")
    func pagesSkipBadRows() async throws {
        try await withDatabase { path in
            let bad = try Self.damagedHistory(at: path)
            let store = try ConversationStore(path: path)
            let told = ErrorLog()
            store.onSkippedMessage { told.append($0) }
            let readable = Self.ids(0..<40, except: bad)

            // Before #10 the first page failed with .corrupt: the newest row is bad.
            var window = try store.newestPage(limit: 7)
            #expect(window.messages.count == 7)
            var back = window.messages.map(\.id)
            while window.hasOlder, let cursor = window.olderCursor {
                window = try store.page(olderThan: cursor, limit: 7)
                back.insert(contentsOf: window.messages.map(\.id), at: 0)
            }
            #expect(back == readable)

            window = try store.oldestPage(limit: 5)
            var forward = window.messages.map(\.id)
            while window.hasNewer, let cursor = window.newerCursor {
                window = try store.page(newerThan: cursor, limit: 5)
                forward += window.messages.map(\.id)
            }
            #expect(forward == readable)

            // Each bad row reported once, however often it was met, naming it and why.
            let skipped = store.skippedMessages
            #expect(Set(skipped.compactMap { if case .unreadableMessage(let id, path, _) = $0 { id } else { nil } }) == bad)
            #expect(skipped.count == bad.count)
            let reasons = skipped.map(\.description).joined(separator: "\n")
            for reason in ["unknown status 99", "“hologram”", "no sender", "unknown avatar “aura:blue”"] {
                #expect(reasons.contains(reason), "\(reasons)")
            }
            try await eventually { told.all.count == bad.count }
            #expect(Set(told.all.map(\.description)) == Set(skipped.map(\.description)))
        }
    }

    @Test("a bad row at a page's edge does not end the paging early: hasOlder still says what is left")
    func badRowAtThePageEdge() async throws {
        try await withDatabase { path in
            let bad = try Self.damagedHistory(at: path)
            let store = try ConversationStore(path: path)
            // q20 is bad: the page of q21…q24 asks for one row more, and meets it first.
            let page = try store.page(olderThan: HistoryCursor(date: Date(timeIntervalSinceReferenceDate: 25), id: "q25"), limit: 4)
            #expect(page.messages.map(\.id) == ["q21", "q22", "q23", "q24"])
            #expect(page.hasOlder)
            let rest = try store.page(olderThan: try #require(page.olderCursor), limit: 100)
            #expect(rest.messages.map(\.id) == Self.ids(0..<20, except: bad))
            #expect(!rest.hasOlder)
        }
    }

    @Test("windows, jumps, offsets and lookups: the bad rows are left out, the rest shows; a lookup of a bad row says why")
    func everyOtherReadPath() async throws {
        try await withDatabase { path in
            let bad = try Self.damagedHistory(at: path)
            let store = try ConversationStore(path: path)
            // Jump to a date, to a good message, to the bad one itself (lands where it is).
            let byDate = try store.page(around: Date(timeIntervalSinceReferenceDate: 20), limit: 6)
            #expect(byDate.messages.map(\.id) == ["q18", "q19", "q21", "q22", "q23", "q24"])
            #expect(byDate.anchor == "q21")
            let byID = try store.page(around: "q11", limit: 4)
            #expect(byID.messages.map(\.id) == ["q09", "q11", "q12", "q13"])
            #expect(byID.anchor == "q11")
            let onBad = try store.page(around: "q10", limit: 4)
            #expect(onBad.messages.map(\.id) == ["q09", "q11", "q12", "q13"])
            #expect(onBad.anchor == "q11")
            expectStoreError(.unknownMessage("nope")) { _ = try store.page(around: "nope", limit: 4) }

            // Offset pages (the scroll bar's jumps).
            let offset = try store.page(offset: 10, limit: 5)
            #expect(offset.messages.allSatisfy { !bad.contains($0.id) })
            #expect(offset.messages.count == 5)

            // Lookups: a good one reads, a bad one throws naming it and why; counts count rows.
            #expect(try store.message("q11")?.content == .text("message 11"))
            expectStoreError(.unreadableMessage("q10", path: path, reason: "an unknown status 99")) { _ = try store.message("q10") }
            #expect(try store.count() == 40)

            // As a HistoryPager's source: the conversation loads every readable message.
            let chat = Conversation(me: Fixture.me)
            let pager = HistoryPager(conversation: chat, source: store, pageSize: 6)
            for _ in 0..<20 { await pager.loadEarlier() }
            #expect(chat.messages.map(\.id) == Self.ids(0..<40, except: bad))

            // The bad rows are left as they are: a write elsewhere does not touch them.
            try store.insert(Fixture.message("q40", .text("new"), at: 40))
            store.close()
            let raw = try rawConnection(path)
            #expect(try raw.integer("SELECT status FROM messages WHERE id = 'q10'") == 99)
            raw.close()
        }
    }
}
