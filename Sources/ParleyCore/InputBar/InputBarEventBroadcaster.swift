import Foundation

/// Fans ``InputBarEvent``s out to every open ``InputBar/events`` stream.
///
/// Thread-safe, because a stream may be cancelled from any task; events are yielded from
/// the main actor, so each subscriber sees them in the order they happened.
final class InputBarEventBroadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<InputBarEvent>.Continuation] = [:]
    private var nextKey = 0
    private var isFinished = false

    /// A new stream that receives every event yielded from now on.
    func makeStream() -> AsyncStream<InputBarEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: InputBarEvent.self)
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            continuation.finish()
            return stream
        }
        let key = nextKey
        nextKey += 1
        continuations[key] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        return stream
    }

    /// Sends `event` to every open stream.
    func yield(_ event: InputBarEvent) {
        lock.lock()
        let targets = continuations.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        for continuation in targets { continuation.yield(event) }
    }

    /// Ends every stream; later streams end at once.
    func finish() {
        lock.lock()
        isFinished = true
        let targets = Array(continuations.values)
        continuations.removeAll()
        lock.unlock()
        for continuation in targets { continuation.finish() }
    }

    /// The number of open streams.
    var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return continuations.count
    }

    private func remove(_ key: Int) {
        lock.lock()
        continuations[key] = nil
        lock.unlock()
    }
}
