import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: inserts, upserts, updates, deletes, mirroring")
struct WritingTests {
    @Test("insert refuses a stored id (the first message stays); a batch with a duplicate writes nothing")
    func duplicateInsert() throws {
        let store = try ConversationStore.inMemory()
        let first = Fixture.message("a", .text("first"))
        try store.insert(first)
        expectStoreError(.duplicateMessage("a")) { try store.insert(Fixture.message("a", .text("second"))) }
        expectSame(try store.message("a"), first)

        let batch = [Fixture.message("b", .text("b")), Fixture.message("c", .text("c")), Fixture.message("b", .text("again"))]
        expectStoreError(.duplicateMessage("b")) { try store.insert(contentsOf: batch) }
        #expect(try store.count() == 1)
        #expect(try store.message("b") == nil)
        // The rolled-back batch's new sender rows are not remembered: a later insert works.
        try store.insert(Fixture.message("d", .text("d"), from: Sender(id: "new", name: "New")))
        #expect(try store.message("d")?.sender.name == "New")
    }

    @Test("upsert replaces every field of a stored message, and a batch's later copy wins")
    func upsert() throws {
        let store = try ConversationStore.inMemory()
        try store.upsert(Fixture.message("a", .text("one")))
        let replacement = Fixture.message("a", .emoji("👍"), from: Fixture.carol, at: 5, status: .read, edited: true)
        try store.upsert(replacement)
        expectSame(try store.message("a"), replacement)
        try store.upsert(contentsOf: [Fixture.message("b", .text("x")), Fixture.message("b", .text("y"))])
        #expect(try store.message("b")?.content == .text("y"))
        #expect(try store.count() == 2)
    }

    @Test("update, setStatus and delete change what is stored; unknown ids and id changes are refused")
    func updateAndDelete() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(contentsOf: [Fixture.message("a", .text("draft")), Fixture.message("b", .text("b"), at: 2_000)])
        try store.update("a") {
            $0.content = .text("final")
            $0.isEdited = true
        }
        #expect(try store.message("a")?.content == .text("final"))
        #expect(try store.message("a")?.isEdited == true)
        try store.setStatus(.failed, of: "b")
        #expect(try store.message("b")?.status == .failed)
        expectStoreError(.unknownMessage("zz")) { try store.update("zz") { $0.isEdited = true } }
        expectStoreError(.unknownMessage("zz")) { try store.setStatus(.read, of: "zz") }
        expectStoreError(.invalidMessage("a", reason: "an update may not change the id (to “q”)")) {
            try store.update("a") { $0.id = "q" }
        }
        #expect(try store.message("q") == nil)
        #expect(try store.delete("a"))
        #expect(try !store.delete("a"))
        #expect(try store.delete(contentsOf: ["b", "nope"]) == 1)
        #expect(try store.count() == 0)
    }

    @Test("mirroring a conversation keeps the store equal to it through add-and-forget and data-source changes")
    func mirror() throws {
        let store = try ConversationStore.inMemory()
        let chat = Conversation(me: Fixture.me)
        let errors = ErrorLog()
        let observation = store.mirror(chat) { errors.append($0) }
        func expectInSync(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let stored = try store.newestPage(limit: 1_000).messages
            #expect(stored.map(\.id) == chat.messages.map(\.id), "\(step)", sourceLocation: sourceLocation)
            for (mine, theirs) in zip(stored, chat.messages) {
                #expect(mine.looksIdentical(to: theirs), "\(step): \(mine.id)", sourceLocation: sourceLocation)
            }
        }
        let epoch = Date(timeIntervalSinceReferenceDate: 10_000)
        let hi = chat.append(.text("hi"), from: Fixture.alice, date: epoch)
        chat.append(.image(.data(Data([1, 2, 3])), size: Size(width: 3, height: 1)), date: epoch + 1)
        try expectInSync("append")
        try chat.update(hi) {
            $0.content = .text("hi there")
            $0.isEdited = true
        }
        try chat.setStatus(.read, of: hi)
        try expectInSync("update")
        chat.batch { batch in
            for index in 0..<20 { batch.append(.text("burst \(index)"), from: Fixture.bob, date: epoch + 2 + Double(index)) }
        }
        try expectInSync("batch")
        try chat.remove(hi)
        try expectInSync("remove")
        var list = chat.messages
        list.removeFirst(3)
        list[0].content = .system("replaced")
        list.append(Fixture.message("server-1", .text("from the server"), at: 20_000))
        try chat.setMessages(list)
        try expectInSync("setMessages")

        // History pages from this store are not written again; from elsewhere they can be.
        chat.prependHistory([Fixture.message("old", .text("old"), at: 1)])
        #expect(try store.message("old") == nil)
        let including = store.mirror(chat, includingHistoryPages: true) { errors.append($0) }
        chat.prependHistory([Fixture.message("older", .text("older"), at: 0)])
        #expect(try store.message("older") != nil)
        including.cancel()

        // A jump shows stored messages in place of the loaded ones: nothing is deleted.
        let stored = try store.count()
        chat.showWindow([Fixture.message("window", .text("from a jump"), at: 5)])
        #expect(try store.count() == stored)
        #expect(try store.message("window") == nil)
        chat.showWindow(try store.newestPage(limit: 1_000).messages)
        try expectInSync("after a jump back")

        observation.cancel()
        chat.append(.text("after cancel"))
        #expect(try store.count() == chat.count - 1)
        #expect(errors.all.isEmpty)
    }

    @Test("calls from many tasks at once are serialised: nothing lost, nothing torn")
    func concurrentWriters() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for index in 0..<50 {
                            let message = Fixture.message("w\(writer)-\(index)", .text("\(index)"), at: Double(index))
                            try? store.insert(message)
                            _ = try? store.newestPage(limit: 5)
                        }
                    }
                }
            }
            #expect(try store.count() == 400)
            var ids = Set<MessageID>()
            var window = try store.newestPage(limit: 64)
            ids.formUnion(window.messages.map(\.id))
            while window.hasOlder, let cursor = window.olderCursor {
                window = try store.page(olderThan: cursor, limit: 64)
                ids.formUnion(window.messages.map(\.id))
            }
            #expect(ids.count == 400)
        }
    }
}

/// Collects errors from a mirror's callback.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [StoreError] = []
    func append(_ error: StoreError) { lock.withLock { errors.append(error) } }
    var all: [StoreError] { lock.withLock { errors } }
}
