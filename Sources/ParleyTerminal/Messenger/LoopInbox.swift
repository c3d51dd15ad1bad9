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
/// all at once.
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
            guard !state.isClosed else { return false }
            if case .closed = event { state.isClosed = true }
            state.pending.append(event)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard schedules else { return }
        DispatchQueue.main.async { [self] in
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
