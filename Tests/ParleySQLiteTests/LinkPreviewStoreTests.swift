import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

/// Link previews in the store (#13): kept with their message, in its relations.
@Suite("ParleySQLite: link previews")
struct LinkPreviewStoreTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    static var previewed: [Message] {
        var remote = Fixture.message("r", .text("see https://swift.org/blog"), at: 1_000)
        remote.linkPreview = LinkPreview(
            url: URL(string: "https://swift.org/blog")!, title: "Swift.org blog", summary: "News.", siteName: "Swift",
            image: .url(URL(string: "https://swift.org/og.png")!), imageSize: Size(width: 1200, height: 630))
        var carried = Fixture.message("c", .text("menu: https://cafe.example.com"), at: 1_001)
        carried.linkPreview = LinkPreview(url: URL(string: "https://cafe.example.com")!, title: "Café", image: .data(png))
        var local = Fixture.message("f", .text("https://files.example.com/a"), at: 1_002)
        local.linkPreview = LinkPreview(url: URL(string: "https://files.example.com/a")!, summary: "A file", image: .file(path: "/tmp/pic ture.png"))
        var reply = Fixture.message("q", .text("and https://example.org"), at: 1_003)
        reply.replyTo = ReplyQuote(id: "r", senderName: "Alice", summary: "see…")
        reply.linkPreview = LinkPreview(url: URL(string: "https://example.org")!, title: "Example")
        return [remote, carried, local, reply]
    }

    @Test("every kind of picture source, the size and the texts come back equal from a file")
    func roundTrip() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            try store.insert(contentsOf: Self.previewed)
            store.close()
            let reopened = try ConversationStore(path: path)
            for original in Self.previewed {
                let stored = try reopened.message(original.id)
                expectSame(stored, original)
                #expect(stored?.linkPreview == original.linkPreview)
            }
        }
    }

    @Test("a preview set on a mirrored conversation's message is saved with it; taking it away saves that too")
    func mirrored() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let observation = store.mirror(chat) { _ in }
            let id = chat.append(.text("look: https://swift.org"))
            let preview = LinkPreview(url: URL(string: "https://swift.org")!, title: "Swift.org")
            try chat.setLinkPreview(preview, for: id)
            #expect(await store.flush())
            #expect(try ConversationStore(path: path, options: StoreOptions(readOnly: true)).message(id)?.linkPreview == preview)
            try chat.setLinkPreview(nil, for: id)
            #expect(await store.flush())
            #expect(try ConversationStore(path: path, options: StoreOptions(readOnly: true)).message(id)?.linkPreview == nil)
            observation.cancel()
        }
    }

    @Test("a damaged preview record makes its row one the store skips and reports, not a broken preview", arguments: [
        #"{"preview": {"url": "https://x.example", "title": 5}}"#, #"{"preview": {"url": ""}}"#,
    ])
    func damaged(record: String) async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            try store.insert(contentsOf: [
                Fixture.message("w", .text("fine"), at: 1), Fixture.message("x", .text("https://x.example"), at: 2),
            ])
            store.close()
            let raw = try rawConnection(path)
            try raw.execute("UPDATE messages SET relations = '\(record)' WHERE id = 'x'")
            raw.close()
            let reopened = try ConversationStore(path: path)
            #expect(try reopened.newestPage(limit: 10).messages.map(\.id) == ["w"])
            #expect(reopened.skippedMessages.count == 1)
        }
    }
}
