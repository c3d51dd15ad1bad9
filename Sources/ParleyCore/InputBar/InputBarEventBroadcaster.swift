import Foundation
import Synchronization

/// Fans ``InputBarEvent``s out to every open ``InputBar/events`` stream.
///
/// Thread-safe, because a stream may be cancelled from any task; events are yielded from
/// the main actor, so each subscriber sees them in the order they happened.
final class InputBarEventBroadcaster: Sendable {
    private struct Subscribers {
        var continuations: [Int: AsyncStream<InputBarEvent>.Continuation] = [:]
        var nextKey = 0
        var isFinished = false
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream that receives every event yielded from now on.
    func makeStream() -> AsyncStream<InputBarEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: InputBarEvent.self)
        let key: Int? = subscribers.withLock { state in
            guard !state.isFinished else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.continuations[key] = continuation
            return key
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        return stream
    }

    /// Sends `event` to every open stream.
    func yield(_ event: InputBarEvent) {
        let targets = subscribers.withLock { $0.continuations.sorted { $0.key < $1.key }.map(\.value) }
        for continuation in targets { continuation.yield(event) }
    }

    /// Ends every stream; later streams end at once.
    func finish() {
        let targets = subscribers.withLock { state in
            state.isFinished = true
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }

    /// The number of open streams.
    var subscriberCount: Int { subscribers.withLock { $0.continuations.count } }

    private func remove(_ key: Int) {
        _ = subscribers.withLock { $0.continuations.removeValue(forKey: key) }
    }
}
