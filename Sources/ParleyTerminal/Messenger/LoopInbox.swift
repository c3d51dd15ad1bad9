import Dispatch
import Synchronization

/// What wakes the messenger's loop.
enum LoopEvent: Sendable {
    case input([InputEvent])
    case changed
    case tick
    case closed
}

/// The messenger loop's queue of events: posted from any thread, handed to the main actor
/// all at once; the input thread delivers its own (``postAndDeliver(_:)``).
///
/// An `AsyncStream` read by a task on the main actor resumes the task on the global pool,
/// which then hops to the main actor: two thread wake-ups a key press besides the input
/// thread's own. Here a post schedules one block on the main queue (the main actor's
/// executor), and events that arrive before it runs go with it, so a burst costs one
/// frame (#15).
final class LoopInbox: Sendable {
    private struct State {
        var pending: [LoopEvent] = []
        var isScheduled = false
        var isClosed = false

        /// Queues `event` unless the inbox is closed; returns whether it was queued.
        mutating func queue(_ event: LoopEvent) -> Bool {
            guard !isClosed else { return false }
            if case .closed = event { isClosed = true }
            pending.append(event)
            return true
        }
    }

    private let state = Mutex(State())
    private let deliver: @MainActor @Sendable ([LoopEvent]) -> Void

    /// An inbox that hands what is posted to `deliver`, on the main actor, in order.
    init(deliver: @escaping @MainActor @Sendable ([LoopEvent]) -> Void) {
        self.deliver = deliver
    }

    /// Queues `event` and makes sure a delivery is on its way. After ``LoopEvent/closed``
    /// nothing more is queued.
    func post(_ event: LoopEvent) {
        let schedules = state.withLock { state in
            guard state.queue(event), !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard schedules else { return }
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { deliverPending() }
        }
    }

    /// Queues `event` and delivers everything queued on the main actor before returning.
    ///
    /// For the input thread: while the main queue is idle, libdispatch runs a synchronous
    /// block on the caller's thread (the main queue is not bound to a thread once
    /// `dispatchMain()` runs, as with an async `main`). A key press then wakes one thread,
    /// the reader, which draws the frame itself, instead of waking a second thread to
    /// drain the main queue. Where the main queue is bound to the main thread, the block
    /// runs there and this waits for it. Never call this on the main queue: it would wait
    /// for itself.
    func postAndDeliver(_ event: LoopEvent) {
        guard state.withLock({ $0.queue(event) }) else { return }
        // A delivery already scheduled finds nothing left and does nothing.
        DispatchQueue.main.sync {
            MainActor.assumeIsolated { deliverPending() }
        }
    }

    @MainActor
    private func deliverPending() {
        let events = state.withLock { state in
            state.isScheduled = false
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        if !events.isEmpty { deliver(events) }
    }
}
