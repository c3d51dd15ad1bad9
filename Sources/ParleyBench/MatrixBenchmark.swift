import Foundation
import ParleyCore
import ParleyMatrix

/// A Matrix room through a real homeserver: how long from one client's send to the row
/// on the other client's screen, and how long history pages and jumps take.
@MainActor
enum MatrixBenchmark {
    static func run(homeserver: URL, messages: Int, history: Int) async {
        do {
            try await measure(homeserver: homeserver, messages: messages, history: history)
        } catch {
            // The server's answer is the server's: shown inert.
            print("parley-bench matrix: " + InertText.display((error as? MatrixError)?.errorDescription ?? "\(error)"))
            exit(1)
        }
    }

    static func client(_ homeserver: URL, _ name: String) async throws -> MatrixClient {
        let client = MatrixClient(homeserver: homeserver)
        let user = "bench-\(name)-\(UUID().uuidString.prefix(8).lowercased())"
        try await client.register(user: user, password: "password-\(user)")
        return client
    }

    static func measure(homeserver: URL, messages: Int, history: Int) async throws {
        let alice = try await client(homeserver, "alice")
        let bob = try await client(homeserver, "bob")
        var seeders = [alice]
        for index in 0..<3 { seeders.append(try await client(homeserver, "seeder\(index)")) }
        let roomID = try await alice.createRoom(name: "bench", invite: ([bob] + seeders.dropFirst()).compactMap(\.userID))
        try await bob.join(roomID)
        for seeder in seeders.dropFirst() { try await seeder.join(roomID) }
        let sender = MatrixRoom(client: alice, roomID: roomID)
        let receiver = MatrixRoom(client: bob, roomID: roomID)
        try await sender.start()
        try await receiver.start()
        let screen = ChatPresenter(conversation: receiver.conversation, style: .light, units: .cells, measurer: MonospaceMeasurer())
        screen.resize(to: Size(width: 80, height: 24))

        // Send → the row on the other screen (polled every millisecond on the main actor).
        var latencies: [Double] = []
        var echoes: [Double] = []
        for number in 0..<messages {
            let text = "ping \(number)"
            let start = ContinuousClock.now
            let id = sender.send(text)
            var echoed: Double?
            while true {
                if echoed == nil, sender.conversation.message(id)?.status == .sent { echoed = seconds(since: start) }
                let shown = screen.frame().rows.contains { row in
                    guard case .message(let shownID) = row.id else { return false }
                    return receiver.conversation.message(shownID)?.content.summary == text
                }
                if shown { break }
                try await Task.sleep(for: .milliseconds(1))
                if seconds(since: start) > 30 { throw MatrixError.invalidResponse("message \(number) never arrived") }
            }
            latencies.append(seconds(since: start))
            while echoed == nil {
                if sender.conversation.message(id)?.status == .sent { echoed = seconds(since: start) }
                try await Task.sleep(for: .milliseconds(1))
            }
            echoes.append(echoed ?? 0)
        }
        await sender.stop()
        await receiver.stop()

        // History: seed from four clients, then page back and jump.
        let seedStart = ContinuousClock.now
        try await seed(history, into: roomID, from: seeders)
        let seedSeconds = seconds(since: seedStart)
        let reader = MatrixRoom(client: bob, roomID: roomID)
        try await reader.start()
        let pager = HistoryPager(conversation: reader.conversation, source: reader.history, pageSize: 50, mode: .manual)
        var pages: [Double] = []
        while true {
            let start = ContinuousClock.now
            let outcome = await pager.loadEarlier()
            if case .failed(let reason) = outcome { throw MatrixError.invalidResponse("a history page failed: \(reason)") }
            guard case .loaded = outcome else { break }
            pages.append(seconds(since: start))
        }
        let loaded = reader.conversation.count
        let middle = reader.conversation.messages[loaded / 2].date
        var jumps: [Double] = []
        for _ in 0..<10 {
            let start = ContinuousClock.now
            _ = try await reader.history.window(around: middle, limit: 100)
            jumps.append(seconds(since: start))
        }
        await reader.stop()

        let delivery = Stats(latencies)
        let echo = Stats(echoes)
        let page = Stats(pages)
        let jump = Stats(jumps)
        print("Matrix (\(homeserver.absoluteString)): \(messages) messages one at a time; \(history) seeded in \(String(format: "%.1f", seedSeconds)) s (\(Int(Double(history) / seedSeconds))/s from 4 clients)")
        Format.table(["measure", "median", "p99", "mean"], [
            ["send → row on the other screen", Format.time(delivery.median), Format.time(delivery.p99), Format.time(delivery.mean)],
            ["send → own echo marked sent", Format.time(echo.median), Format.time(echo.p99), Format.time(echo.mean)],
            ["history page of 50 (\(pages.count) pages, \(loaded) messages)", Format.time(page.median), Format.time(page.p99), Format.time(page.mean)],
            ["jump to a date (100 around it)", Format.time(jump.median), Format.time(jump.p99), Format.time(jump.mean)],
        ])
    }

    /// Sends `count` messages from `senders` at once, six requests in flight each.
    nonisolated static func seed(_ count: Int, into roomID: String, from senders: [MatrixClient]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, sender) in senders.enumerated() {
                for lane in 0..<6 {
                    group.addTask {
                        var number = index * 6 + lane
                        while number < count {
                            try await sender.send(["msgtype": "m.text", "body": .string("history \(number)")], type: "m.room.message", to: roomID)
                            number += senders.count * 6
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    nonisolated static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
