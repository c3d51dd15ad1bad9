import Dispatch
import Foundation
import Testing
@testable import ParleyTerminal

/// The messenger loop's inbox: events posted from other threads reach the main actor in
/// order, a burst comes as few batches, and nothing is taken after the close (#15).
@Suite("Loop inbox")
@MainActor
struct LoopInboxTests {
    /// What the main actor received, batch by batch.
    @MainActor
    final class Received {
        var batches: [[LoopEvent]] = []
        var keys: [Character] {
            batches.joined().compactMap { event in
                if case .input(let inputs) = event, case .key(.character(let character), _)? = inputs.first { return character }
                return nil
            }
        }
    }

    static func waitUntil(_ condition: @MainActor () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(nanoseconds: 2_000_000) }
    }

    @Test("events posted from another thread arrive on the main actor in order, in fewer batches than posts")
    func ordersAndBatches() async {
        let received = Received()
        let inbox = LoopInbox { events in
            MainActor.assertIsolated()
            received.batches.append(events)
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let posted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for letter in letters { inbox.post(.input([.key(.character(letter), [])])) }
            posted.signal()
        }
        // The main actor is busy until the thread has posted everything: one batch.
        posted.wait()
        await Self.waitUntil { received.keys.count == letters.count }
        #expect(received.keys == letters)
        #expect(received.batches.count == 1)
    }

    @Test("after .closed nothing more is delivered")
    func closes() async {
        let received = Received()
        let inbox = LoopInbox { events in received.batches.append(events) }
        inbox.post(.changed)
        inbox.post(.closed)
        inbox.post(.input([.key(.character("x"), [])]))
        await Self.waitUntil { !received.batches.isEmpty }
        inbox.post(.tick)
        try? await Task.sleep(nanoseconds: 20_000_000)
        let events = received.batches.joined().map { "\($0)" }
        #expect(events == ["changed", "closed"])
    }
}
