import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// The offline cache: a room opens with what it showed before and syncs on from its
/// saved token (#16).
@Suite("MatrixRoom: the offline cache (#16)", .timeLimit(.minutes(2)))
struct MatrixCacheTests {
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-cache-\(UUID().uuidString)")
    }

    @Test("a room made again opens with its cached messages before connecting, then syncs on without a hole")
    func reopen() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let roomID = try await MatrixTestServer.room(of: alice, with: [bob])
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = MatrixRoom.Configuration(timelineLimit: 5, cacheDirectory: folder)

        var first: MatrixRoom? = MatrixRoom(client: bob, roomID: roomID, configuration: configuration)
        #expect(first!.storageError == nil)
        try await first!.start()
        try await MatrixGapTests.send(4, "seen", from: alice, to: roomID)
        try await eventually("Bob has them") { MatrixGapTests.texts(first!).count == 4 }
        let mine = first!.send("mine")
        try await eventually("Bob's is sent") { first!.conversation.message(mine)?.status == .sent }
        let top = try #require(first!.conversation.messages.first)
        #expect(first!.toggleReaction("👍", on: top.id) == true)
        try await eventually("the reaction is sent") { first!.queuedCount == 0 }
        await first!.stop()
        first = nil

        // Away: more than one sync brings.
        try await MatrixGapTests.send(12, "later", from: alice, to: roomID)

        // Opened again, offline: what was there shows at once.
        let offline = MatrixClient(
            homeserver: URL(string: "http://127.0.0.1:1")!, accessToken: bob.accessToken, userID: bob.userID, deviceID: bob.deviceID)
        let cachedOnly = MatrixRoom(client: offline, roomID: roomID, configuration: configuration)
        let seen = (0..<4).map { "seen \($0)" } + ["mine"]
        #expect(MatrixGapTests.texts(cachedOnly) == seen)
        #expect(cachedOnly.conversation.message(mine)?.status == .sent)
        #expect(cachedOnly.conversation.messages.first?.reactions.first?.key == "👍")
        #expect(cachedOnly.storageError == nil)

        let session = MatrixClient(homeserver: bob.homeserver, accessToken: bob.accessToken, userID: bob.userID, deviceID: bob.deviceID)
        let second = MatrixRoom(client: session, roomID: roomID, configuration: configuration)
        #expect(MatrixGapTests.texts(second) == seen)
        try await second.start()
        #expect(MatrixGapTests.texts(second) == seen + (0..<12).map { "later \($0)" })
        // What the room knew of the cached messages came back with them: its own message
        // is still its own, and the reaction can be taken back.
        #expect(second.eventID(of: mine) != nil)
        #expect(second.toggleReaction("👍", on: try #require(second.conversation.messages.first).id) == false)
        try await eventually("the reaction is taken back") { second.queuedCount == 0 }
        let check = MatrixRoom(client: alice, roomID: roomID)
        try await check.start()
        let pager = HistoryPager(conversation: check.conversation, source: check.history, pageSize: 50, mode: .manual)
        while await pager.loadEarlier() != .exhausted {}
        try await eventually("the reaction is gone at Alice's") {
            check.conversation.messages.first { $0.content.summary == "seen 0" }?.reactions.isEmpty == true
        }
        await check.stop()
        await second.stop()
    }

    @Test("a damaged cache is said and left alone; the room works without it")
    func damaged() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let roomID = try await MatrixTestServer.room(of: alice, with: [])
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5a, count: 8192)
        try garbage.write(to: folder.appendingPathComponent("messages.sqlite"))

        let room = MatrixRoom(client: alice, roomID: roomID, configuration: MatrixRoom.Configuration(cacheDirectory: folder))
        guard case .storage(let reason) = room.storageError else {
            Issue.record("no storage error: \(String(describing: room.storageError))")
            return
        }
        #expect(reason.contains("messages.sqlite"))
        try await room.start()
        room.send("still works")
        try await eventually("sent") { room.conversation.messages.last?.status == .sent }
        await room.stop()
        #expect(try Data(contentsOf: folder.appendingPathComponent("messages.sqlite")) == garbage)
    }
}
