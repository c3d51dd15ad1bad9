import Foundation
import ParleyCore
import Synchronization

/// A window source over an array (``ArrayHistorySource``) whose newer pages fail with
/// "offline" while ``failsNewer`` is set: the network dropping after a jump.
public final class OfflineWindowSource: HistoryWindowSource {
    /// The messages served.
    public let inner: ArrayHistorySource
    private let failing = Mutex(false)

    /// Serves `messages`.
    public init(_ messages: [Message]) { inner = ArrayHistorySource(messages) }

    /// Whether newer pages fail from now on.
    public var failsNewer: Bool {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    /// The failure, described as "offline".
    public struct Offline: LocalizedError {
        public var errorDescription: String? { "offline" }
    }

    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        try await inner.page(before: cursor, limit: limit)
    }

    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        try await inner.window(around: date, limit: limit)
    }

    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        if failsNewer { throw Offline() }
        return try await inner.window(after: cursor, limit: limit)
    }
}
