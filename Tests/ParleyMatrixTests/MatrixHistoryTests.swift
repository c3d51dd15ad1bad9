import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// A room's history through ``MatrixHistory``: paging back keeps the reading position,
/// jumping to a date lands on the right message (#16).
@Suite("MatrixHistory: back-pagination and jumps against Synapse (#16)")
struct MatrixHistoryTests {
    /// Sends `count` messages "prefix 0"… to `room`, from `senders` at once, each with a
    /// few requests in flight (one client sends ~34 a second; several in parallel more).
    static func seed(_ count: Int, prefix: String, into room: String, from senders: [MatrixClient], inFlight: Int = 6) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, sender) in senders.enumerated() {
                for lane in 0..<inFlight {
                    group.addTask {
                        var number = index * inFlight + lane
                        while number < count {
                            try await sender.send(["msgtype": "m.text", "body": .string("\(prefix) \(number)")], type: "m.room.message", to: room)
                            number += senders.count * inFlight
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("paging back through 2,000 messages loads each once, in the server's order, and moves nothing on screen",
        .timeLimit(.minutes(5)))
    @MainActor
    func backPagination() async throws {
        let owner = try await MatrixTestServer.newClient("owner")
        var senders = [owner]
        for _ in 0..<3 { senders.append(try await MatrixTestServer.newClient("seeder")) }
        let reader = try await MatrixTestServer.newClient("reader")
        let roomID = try await MatrixTestServer.room(of: owner, with: Array(senders.dropFirst()) + [reader])
        try await Self.seed(2_000, prefix: "history", into: roomID, from: senders)

        let room = MatrixRoom(client: reader, roomID: roomID)
        try await room.start()
        let chat = room.conversation
        let presenter = ChatPresenter(conversation: chat, style: .light, units: .cells, measurer: MonospaceMeasurer())
        let pager = HistoryPager(conversation: chat, source: room.history, pageSize: 50, mode: .manual)
        presenter.pager = pager
        presenter.resize(to: Size(width: 60, height: 20))
        presenter.scrollToTop()
        var pages = 0
        while true {
            let before = presenter.frame().rows.first { if case .message = $0.id { true } else { false } }
            let outcome = await pager.loadEarlier()
            if case .failed(let reason) = outcome { Issue.record("page failed: \(reason)") }
            if outcome == .exhausted { break }
            pages += 1
            if let before {
                let after = presenter.frame().rows.first { $0.id == before.id }
                #expect(after?.y == before.y, "page \(pages) moved the row on top")
            }
            try #require(pages < 100)
        }
        let bodies = chat.messages.map(\.content.summary)
        #expect(chat.count == 2_000)
        #expect(Set(bodies) == Set((0..<2_000).map { "history \($0)" }))
        // The server's order: the newest page from /messages, read backwards, ends the same way.
        let newest = try await reader.messages(in: roomID, from: nil, direction: .backward, limit: 100)
        let serverOrder = newest.chunk.reversed().filter { $0.type == "m.room.message" }.map(\.eventID)
        #expect(chat.messages.suffix(serverOrder.count).map(\.id.rawValue) == serverOrder)
        let dates = chat.messages.map(\.date)
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 <= $1 })
        await room.stop()
    }

    @Test("a jump to a date shows the first message at or after it, and pages on to the present")
    @MainActor
    func jumpToDate() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let roomID = try await MatrixTestServer.room(of: alice, with: [])
        try await Self.seed(40, prefix: "before", into: roomID, from: [alice])
        try await Task.sleep(for: .milliseconds(50))
        let middle = Date()
        try await Task.sleep(for: .milliseconds(50))
        try await Self.seed(40, prefix: "after", into: roomID, from: [alice])

        let room = MatrixRoom(client: alice, roomID: roomID)
        try await room.start()
        let pager = HistoryPager(conversation: room.conversation, source: room.history, pageSize: 10, mode: .manual)
        let found = try #require(await pager.jump(to: middle))
        // Sent in parallel, the messages of each half arrive in any order: the jump lands
        // on the first of the second half, with the end of the first half above it.
        let loaded = room.conversation.messages
        let first = try #require(loaded.firstIndex { $0.content.summary.hasPrefix("after") })
        #expect(loaded[first].id == found)
        #expect(first > 0 && loaded[first - 1].content.summary.hasPrefix("before"))
        #expect(!pager.isShowingLatest)
        var rounds = 0
        while !pager.isShowingLatest, rounds < 20 {
            _ = await pager.loadNewer()
            rounds += 1
        }
        let bodies = room.conversation.messages.map(\.content.summary)
        #expect(bodies.count == Set(bodies).count)
        #expect(Set(bodies.filter { $0.hasPrefix("after") }) == Set((0..<40).map { "after \($0)" }))

        // Jump to a message: its context.
        let event = try #require(room.eventID(of: found))
        let window = try await room.history.window(aroundEvent: event, limit: 6)
        #expect(window.anchor == found)
        #expect(window.messages.contains { $0.content.summary.hasPrefix("before") })
        await room.stop()
    }
}
