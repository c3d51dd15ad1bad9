import Foundation
import ParleyCore

/// The composer's unsent text and reply, kept with the conversation (``ParleyCore/Draft``).
extension ConversationStore {
    /// The draft saved last, or `nil` when there is none.
    ///
    /// - Throws: ``StoreError`` when the file cannot be read; a draft this build cannot
    ///   read comes back as its text without the reply.
    public func draft() throws(StoreError) -> Draft? {
        try withCore { (core) throws(StoreError) -> Draft? in
            let statement = try core.connection.prepared("SELECT text, reply FROM drafts WHERE id = 1")
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            let text = statement.text(0) ?? ""
            let reply = statement.text(1).flatMap { json in
                (try? JSONDecoder().decode(RelationColumns.Reply.self, from: Data(json.utf8)))?.quote
            }
            return Draft(text: text, replyTo: reply)
        }
    }

    /// Saves `draft` in place of the last one; an empty draft (or `nil`) removes it.
    ///
    /// - Throws: ``StoreError`` when it cannot be written (a read-only store, a full disk).
    public func saveDraft(_ draft: Draft?) throws(StoreError) {
        let reply: String?
        if let quote = draft?.replyTo {
            reply = try? ContentColumns.json(RelationColumns.Reply(quote))
        } else {
            reply = nil
        }
        try withCore { (core) throws(StoreError) in
            guard let draft, !draft.isEmpty else {
                try core.connection.execute("DELETE FROM drafts")
                return
            }
            let statement = try core.connection.prepared(
                "INSERT INTO drafts (id, text, reply) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET text = excluded.text, reply = excluded.reply")
            defer { statement.reset() }
            try statement.bind(1, draft.text)
            try statement.bind(2, reply)
            _ = try statement.step()
        }
    }
}
