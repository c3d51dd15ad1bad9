import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

/// Replies, reactions, earlier versions and deletions in the store: schema version 2 (#12).
@Suite("ParleySQLite: replies, reactions, edits and deletions")
struct RelationsStoreTests {
    /// A question, a reply with reactions, an edited message with its history, a deleted one.
    static var related: [Message] {
        let question = Fixture.message("q", .text("Dinner at eight?"), at: 1_000)
        var reply = Fixture.message("r", .text("Yes!"), from: Fixture.me, at: 1_001)
        reply.replyTo = ReplyQuote(question)
        reply.reactions = [Reaction("👍", by: ["alice", "bob"]), Reaction("❤️", by: ["me"])]
        reply.readers = [Fixture.alice, Fixture.bob]
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 3])
        let edited = Message(
            id: "e", sender: Fixture.bob, date: Date(timeIntervalSinceReferenceDate: 1_002), content: .text("Nine, then"),
            edits: [
                MessageEdit(content: .text("Eight"), replacedAt: Date(timeIntervalSinceReferenceDate: 1_010)),
                MessageEdit(content: .image(ImageContent(source: .data(png), caption: "menu")), replacedAt: Date(timeIntervalSinceReferenceDate: 1_020)),
            ])
        let blind = Message(
            id: "b", sender: Fixture.alice, date: Date(timeIntervalSinceReferenceDate: 1_003), content: .text("?"),
            replyTo: ReplyQuote(id: "never-seen", senderName: "", summary: ""))
        let deleted = Fixture.message("d", .deleted, at: 1_004)
        let mention = Fixture.message("m", .text(TextContent("@Bob and @Me: 🎉 https://x.example", mentioning: [Fixture.bob, Fixture.me])), at: 1_005)
        // A reply to a Markdown message quotes its source, marked so.
        let menu = Fixture.message("k", .markdown("**Menu**: _soup_"), at: 1_006)
        var answer = Fixture.message("a", .text("Soup!"), from: Fixture.me, at: 1_007)
        answer.replyTo = ReplyQuote(menu)
        return [question, reply, edited, blind, deleted, mention, menu, answer]
    }

    @Test("quotes, reactions, earlier versions and the deleted placeholder come back equal from a file")
    func roundTrip() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            try store.insert(contentsOf: Self.related)
            store.close()
            let reopened = try ConversationStore(path: path)
            for original in Self.related { expectSame(try reopened.message(original.id), original) }
            #expect(try reopened.message("e")?.isEdited == true)
            #expect(try reopened.message("d")?.isDeleted == true)
            guard case .text(let text)? = try reopened.message("m")?.content else { throw StoreError.closed(path: path) }
            #expect(text.mentionedIDs == ["bob", "me"])
            #expect(text.detections.count == 3, "the link is found again")
            #expect(try reopened.message("a")?.replyTo?.format == .markdown)
            #expect(try reopened.message("r")?.replyTo?.format == .plain)
            // A message without relations stores NULL, not an empty record.
            let raw = try rawConnection(path)
            #expect(try raw.integer("SELECT count(*) FROM messages WHERE relations IS NULL") == 4)
            // Plain quotes keep the JSON they had: no "format" key.
            #expect(try raw.integer("SELECT count(*) FROM messages WHERE relations LIKE '%\"format\"%'") == 1)
            raw.close()
        }
    }

    @Test("a version 1 file is migrated: its messages read back, and take relations from then on")
    func fromVersionOne() async throws {
        try await withDatabase { path in
            // A file as Parley 0.1 wrote it.
            let raw = try rawConnection(path)
            try Schema.migrate(raw, migrations: [Schema.version1])
            try raw.execute("INSERT INTO senders (row, id, name, avatar) VALUES (1, 'alice', 'Alice', 'initials')")
            try raw.execute("""
                INSERT INTO messages (id, date, sender, status, edited, kind, body) \
                VALUES ('old', 500, 1, 1, 1, 'text', 'from before')
                """)
            #expect(try raw.integer("PRAGMA user_version") == 1)
            raw.close()

            let store = try ConversationStore(path: path)
            let old = try #require(try store.message("old"))
            #expect(old.content == .text("from before") && old.isEdited && old.reactions.isEmpty && old.replyTo == nil)
            var changed = old
            changed.reactions = [Reaction("🎉", by: ["me"])]
            try store.upsert(changed)
            store.close()
            let check = try rawConnection(path)
            #expect(try check.integer("PRAGMA user_version") == Schema.current)
            check.close()
            #expect(try ConversationStore(path: path).message("old")?.reactions == [Reaction("🎉", by: ["me"])])
        }
    }

    @Test("a relations column this build cannot read skips that row with its reason, and keeps the rest")
    func damagedRelations() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            try store.insert(contentsOf: Self.related)
            store.close()
            let raw = try rawConnection(path)
            try raw.execute("UPDATE messages SET relations = '{\"reactions\": 7}' WHERE id = 'r'")
            try raw.execute("UPDATE messages SET relations = '{\"edits\": [{\"replacedAt\": 1, \"kind\": \"hologram\"}]}' WHERE id = 'e'")
            raw.close()
            let reopened = try ConversationStore(path: path)
            let page = try reopened.newestPage(limit: 10)
            #expect(page.messages.map(\.id) == ["q", "b", "d", "m", "k", "a"])
            #expect(reopened.skippedMessages.count == 2)
            #expect(reopened.skippedMessages.allSatisfy { "\($0)".contains("replies, reactions or edits") })
        }
    }

    @Test("the composer's draft is kept in the file, replaced by the next, removed when empty")
    func drafts() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            #expect(try store.draft() == nil)
            let draft = Draft(text: "half-written 🙂\n\u{1B}[31m", replyTo: ReplyQuote(id: "q", senderName: "Alice", summary: "Dinner?", date: Date(timeIntervalSinceReferenceDate: 5)))
            try store.saveDraft(draft)
            store.close()
            let reopened = try ConversationStore(path: path)
            #expect(try reopened.draft() == draft)
            try reopened.saveDraft(Draft(text: "just text"))
            #expect(try reopened.draft() == Draft(text: "just text"))
            try reopened.saveDraft(Draft(text: "  "))
            #expect(try reopened.draft() == nil)
            try reopened.saveDraft(draft)
            try reopened.saveDraft(nil)
            #expect(try reopened.draft() == nil)
        }
    }

    @Test("a mirrored conversation saves reactions, edits, replies and deletions as they happen")
    func mirrored() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let mirror = store.mirror(chat) { error in Issue.record("\(error)") }
            try chat.append(Fixture.message("q", .text("Dinner?")))
            let reply = chat.reply(to: "q", with: .text("Yes"))
            _ = chat.toggleReaction("👍", on: "q")
            try chat.markRead(upTo: reply, by: Fixture.alice)
            try chat.edit(reply, to: .text("Yes, at eight"))
            chat.append(.text("oops"), from: Fixture.me)
            let oops = try #require(chat.messages.last?.id)
            try chat.markDeleted(oops)
            #expect(await store.flush())
            mirror.cancel()
            store.close()
            let reopened = try ConversationStore(path: path)
            for original in chat.messages { expectSame(try reopened.message(original.id), original) }
        }
    }
}
