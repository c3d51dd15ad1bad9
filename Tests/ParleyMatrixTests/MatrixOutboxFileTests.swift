import Foundation
import ParleyCore
@testable import ParleyMatrix
import Testing

/// The outbox kept in a file: what was sent offline goes out after a restart, once (#16).
@Suite("MatrixRoom: the outbox survives a restart (#16)", .timeLimit(.minutes(2)))
struct MatrixOutboxFileTests {
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-outbox-\(UUID().uuidString)")
            .appendingPathComponent("outbox.json")
    }

    @Test("messages queued offline are shown again after a restart and reach the other side once each")
    func restart() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let roomID = try await MatrixTestServer.room(of: alice, with: [bob])
        let outbox = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: outbox.deletingLastPathComponent()) }
        let configuration = MatrixRoom.Configuration(outboxURL: outbox)
        let watcher = MatrixRoom(client: bob, roomID: roomID)
        try await watcher.start()

        // First run: the server can't be reached; three messages wait, one a reply.
        var first: MatrixRoom? = MatrixRoom(client: alice, roomID: roomID, configuration: configuration)
        try await first!.start()
        let question = first!.send("before")
        try await eventually("the first message is sent") { first!.conversation.message(question)?.status == .sent }
        let real = alice.homeserver
        alice.homeserver = URL(string: "http://127.0.0.1:1")!
        first!.send("queued 1")
        first!.send("queued 2", replyingTo: question)
        first!.send("queued 3")
        try await eventually("all three wait") { first!.queuedCount == 3 }
        await first!.stop()
        first = nil

        // The first one reached the server before the app went away, though the app never
        // heard (its answer was lost): the server has it under its transaction id.
        let file = try JSONDecoder().decode(OutboxFile.self, from: Data(contentsOf: outbox))
        #expect(file.items.map(\.text) == ["queued 1", "queued 2", "queued 3"])
        alice.homeserver = real
        let session = MatrixClient(homeserver: real, accessToken: alice.accessToken, userID: alice.userID, deviceID: alice.deviceID)
        try await session.send(["msgtype": "m.text", "body": "queued 1"], type: "m.room.message", to: roomID,
            transactionID: file.items[0].transactionID)

        // Second run, a new client of the same session and a new room with the same file.
        let second = MatrixRoom(client: session, roomID: roomID, configuration: configuration)
        #expect(second.storageError == nil)
        #expect(second.queuedCount == 3)
        #expect(second.conversation.messages.map(\.content.summary) == ["queued 1", "queued 2", "queued 3"])
        #expect(second.conversation.messages.allSatisfy { $0.status == .sending })
        #expect(second.conversation.messages[1].replyTo?.summary == "before")
        try await second.start()
        try await eventually("the outbox is empty") { second.queuedCount == 0 }
        second.send("done")
        let texts = { watcher.conversation.messages.map(\.content.summary) }
        try await eventually("Bob has everything") { texts().contains("done") }
        #expect(texts() == ["before", "queued 1", "queued 2", "queued 3", "done"])
        #expect(watcher.conversation.messages[2].replyTo?.summary == "before")
        try await eventually("Alice's are sent") { second.conversation.messages.allSatisfy { $0.status == .sent } }
        // What the server sent before the waiting messages shows above them.
        #expect(second.conversation.messages.map(\.content.summary) == ["before", "queued 1", "queued 2", "queued 3", "done"])
        try await eventually("the file is emptied") {
            (try? JSONDecoder().decode(OutboxFile.self, from: Data(contentsOf: outbox)))?.items.isEmpty == true
        }
        await second.stop()
        await watcher.stop()
    }

    @Test("a queued reply keeps its quote's format through the file: Markdown source is drawn, not shown")
    func quoteFormatKept() throws {
        let markdown = ReplyQuote(id: "q", senderName: "Bob", summary: "**Menu**\n- soup", date: Date(timeIntervalSince1970: 5), format: .markdown)
        let plain = ReplyQuote(id: "p", senderName: "Bob", summary: "**as typed**")
        for quote in [markdown, plain] {
            let item = Outgoing(
                payload: .text("Soup!", replyTo: quote.id), transactionID: "t", echo: "e", echoDate: Date(timeIntervalSince1970: 6),
                echoQuote: quote, targetEvent: nil, reactionEvent: nil)
            let data = try JSONEncoder().encode(StoredOutgoing(item))
            let back = try JSONDecoder().decode(StoredOutgoing.self, from: data).outgoing
            #expect(back.echoQuote == quote)
            #expect(String(decoding: data, as: UTF8.self).contains("quoteFormat") == (quote.format == .markdown))
        }
    }

    @Test("a damaged outbox file is set aside and said; another room's file is left alone")
    func damagedFile() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let roomID = try await MatrixTestServer.room(of: alice, with: [])
        let outbox = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: outbox.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: outbox.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"items\": [tru".utf8).write(to: outbox)

        let room = MatrixRoom(client: alice, roomID: roomID, configuration: MatrixRoom.Configuration(outboxURL: outbox))
        guard case .storage(let reason) = room.storageError else {
            Issue.record("no storage error: \(String(describing: room.storageError))")
            return
        }
        #expect(reason.contains("damaged"))
        #expect(room.storageError?.errorDescription?.hasPrefix("Can't keep the room's data") == true)
        #expect(try Data(contentsOf: outbox.appendingPathExtension("damaged")) == Data("{\"version\": 1, \"items\": [tru".utf8))
        #expect(room.queuedCount == 0)
        // The room works, and keeps its outbox in a new file.
        try await room.start()
        room.send("after the damage")
        try await eventually("sent") { room.conversation.messages.first?.status == .sent }
        #expect(FileManager.default.fileExists(atPath: outbox.path))
        await room.stop()

        // Another room's outbox is not read, nor written over.
        let other = try await MatrixTestServer.room(of: alice, with: [])
        let kept = try Data(contentsOf: outbox)
        let stranger = MatrixRoom(client: alice, roomID: other, configuration: MatrixRoom.Configuration(outboxURL: outbox))
        #expect(stranger.storageError != nil)
        stranger.send("not in that file")
        #expect(try Data(contentsOf: outbox) == kept)
    }
}
