import Dispatch
import Foundation
import Synchronization
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

    /// What the deliveries saw, from any thread.
    final class Log: Sendable {
        /// Each event delivered, by name, with the thread it was delivered on.
        let entries = Mutex<[(event: String, thread: UInt)]>([])
        /// The posting thread, and what had been delivered when its call returned.
        let posted = Mutex<(thread: UInt, delivered: [String])?>(nil)
    }

    static func name(_ event: LoopEvent) -> String {
        switch event {
        case .input: "input"
        case .changed: "changed"
        case .tick: "tick"
        case .closed: "closed"
        }
    }

    /// Delivers on `inbox` from a new thread: posts what `before` names, then delivers an
    /// input event; returns the thread and what had been delivered when the call returned.
    static func deliverFromAThread(_ inbox: LoopInbox, log: Log, before: [LoopEvent] = []) async throws -> (thread: UInt, delivered: [String]) {
        Thread.detachNewThread {
            for event in before { inbox.post(event) }
            inbox.postAndDeliver(.input([.key(.character("a"), [])]))
            let delivered = log.entries.withLock { $0.map(\.event) }
            log.posted.withLock { $0 = (UInt(pthread_self()), delivered) }
        }
        await waitUntil { log.posted.withLock { $0 != nil } }
        return try #require(log.posted.withLock { $0 })
    }

    static func logging(into log: Log) -> LoopInbox {
        LoopInbox { events in
            MainActor.assertIsolated()
            let thread = UInt(pthread_self())
            log.entries.withLock { $0 += events.map { (Self.name($0), thread) } }
        }
    }

    @Test("the input thread's post is delivered on that thread before the call returns (#15)")
    func deliversOnTheCaller() async throws {
        let log = Log()
        let posted = try await Self.deliverFromAThread(Self.logging(into: log), log: log)
        #expect(posted.delivered == ["input"])
        // The main queue is not bound to a thread after `dispatchMain()` (an async main, as
        // under `swift test`), so libdispatch runs the delivery on the reader itself: a key
        // press wakes one thread, not two.
        #expect(log.entries.withLock { $0.map(\.thread) } == [posted.thread])
    }

    @Test("what was queued before is delivered first, by the time the delivering post returns (#15)")
    func deliversWhatWasQueued() async throws {
        let log = Log()
        let posted = try await Self.deliverFromAThread(Self.logging(into: log), log: log, before: [.changed, .tick])
        #expect(posted.delivered == ["changed", "tick", "input"])
    }

    @Test("a delivering post after .closed delivers nothing and returns")
    func deliverAfterClose() async {
        let log = Log()
        let inbox = LoopInbox { events in log.entries.withLock { $0 += events.map { (Self.name($0), 0) } } }
        inbox.post(.closed)
        await Self.waitUntil { log.entries.withLock { !$0.isEmpty } }
        Thread.detachNewThread {
            inbox.postAndDeliver(.input([.key(.character("x"), [])]))
            log.posted.withLock { $0 = (UInt(pthread_self()), []) }
        }
        await Self.waitUntil { log.posted.withLock { $0 != nil } }
        #expect(log.posted.withLock { $0 != nil })
        #expect(log.entries.withLock { $0.map(\.event) } == ["closed"])
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
