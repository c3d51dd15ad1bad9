import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// A sync that brings only the newest events (a `limited` timeline) after the client was
/// away: the messages in between are filled in, in order, each once (#16).
@Suite("MatrixRoom: gaps in the synced timeline (#16)", .timeLimit(.minutes(2)))
struct MatrixGapTests {
    /// Sends `count` texts "prefix 0"… to `room`, one after the other (so the server's
    /// order is the numbers' order).
    static func send(_ count: Int, _ prefix: String, from client: MatrixClient, to room: String) async throws {
        for number in 0..<count {
            try await client.send(["msgtype": "m.text", "body": .string("\(prefix) \(number)")], type: "m.room.message", to: room)
        }
    }

    /// The texts the room's conversation shows, in order.
    static func texts(_ room: MatrixRoom) -> [String] {
        room.conversation.messages.map(\.content.summary)
    }

    /// The room's message events as the server orders them, oldest first.
    static func serverOrder(of room: String, reader: MatrixClient) async throws -> [String] {
        let page = try await reader.messages(in: room, from: nil, direction: .backward, limit: 500)
        return page.chunk.reversed().filter { $0.type == "m.room.message" }.map(\.eventID)
    }

    @Test("after a stop, or while offline, more messages than one sync brings arrive: all show, once each, in order")
    func gapFilled() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let roomID = try await MatrixTestServer.room(of: alice, with: [bob])
        let room = MatrixRoom(client: bob, roomID: roomID, configuration: MatrixRoom.Configuration(timelineLimit: 5))
        try await room.start()
        try await Self.send(3, "before", from: alice, to: roomID)
        try await eventually("Bob has the first three") { Self.texts(room).count == 3 }

        // Stopped, then started again: the first sync goes on from where the room stopped.
        await room.stop()
        try await Self.send(23, "away", from: alice, to: roomID)
        try await room.start()
        let expected = (0..<3).map { "before \($0)" } + (0..<23).map { "away \($0)" }
        #expect(Self.texts(room) == expected)

        // Offline: the sync loop's own sync comes back limited. The long poll running
        // keeps its address; the first message ends it, the next polls fail.
        let real = bob.homeserver
        bob.homeserver = URL(string: "http://127.0.0.1:1")!
        try await alice.send(["msgtype": "m.text", "body": "offline 0"], type: "m.room.message", to: roomID)
        try await eventually("Bob's room knows it is offline") {
            if case .offline = room.status { return true }
            return false
        }
        for number in 1..<17 {
            try await alice.send(["msgtype": "m.text", "body": .string("offline \(number)")], type: "m.room.message", to: roomID)
        }
        bob.homeserver = real
        let all = expected + (0..<17).map { "offline \($0)" }
        // The sync loop may be in its backoff, which grows to 30 s while the sends take
        // long on a busy machine: the wait outlasts the longest.
        try await eventually("Bob has every message", timeout: .seconds(45)) { Self.texts(room).count >= all.count }
        #expect(Self.texts(room) == all)
        #expect(room.conversation.messages.map(\.id.rawValue) == (try await Self.serverOrder(of: roomID, reader: bob)))
        await room.stop()
    }

    @Test("a gap longer than longestGap shows the newest messages; history paging brings the rest without holes or doubles")
    @MainActor
    func longGapLeftToPaging() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let roomID = try await MatrixTestServer.room(of: alice, with: [bob])
        let room = MatrixRoom(
            client: bob, roomID: roomID, configuration: MatrixRoom.Configuration(timelineLimit: 5, longestGap: 10))
        try await room.start()
        try await Self.send(3, "before", from: alice, to: roomID)
        try await eventually("Bob has the first three") { Self.texts(room).count == 3 }
        await room.stop()
        try await Self.send(30, "away", from: alice, to: roomID)
        try await room.start()
        // Ten filled in, five in the sync; nothing older, so no hole shows above them.
        #expect(Self.texts(room) == (15..<30).map { "away \($0)" })

        let pager = HistoryPager(conversation: room.conversation, source: room.history, pageSize: 10, mode: .manual)
        var pages = 0
        while await pager.loadEarlier() != .exhausted {
            pages += 1
            try #require(pages < 20)
        }
        #expect(Self.texts(room) == (0..<3).map { "before \($0)" } + (0..<30).map { "away \($0)" })
        #expect(room.conversation.messages.map(\.id.rawValue) == (try await Self.serverOrder(of: roomID, reader: bob)))
        await room.stop()
    }
}
