import Dispatch
import Foundation
import ParleyCore
import Synchronization

/// A transcript being opened on a thread of its own, so that indexing a big file (about
/// 50 ms for a million lines) runs while the front end starts, not before it.
///
/// ```swift
/// options.history.opening = TranscriptOpening(path: path, me: DemoCast.me)
/// try GTK.initialize()                     // meanwhile the file is indexed
/// let history = try DemoHistory(options: options.history)   // waits if it must
/// ```
public final class TranscriptOpening: Sendable {
    /// The file being opened.
    public let path: String
    private let result = Mutex<Result<TranscriptSource, TranscriptError>?>(nil)
    private let done = DispatchGroup()

    /// Starts opening `path`, with `me` as the sender of the user's own lines.
    public init(path: String, me: Sender) {
        self.path = path
        done.enter()
        Thread.detachNewThread { [self] in
            let opened = Result { () throws(TranscriptError) in try TranscriptSource(path: path, me: me) }
            result.withLock { $0 = opened }
            done.leave()
        }
    }

    /// The opened transcript, once it is ready.
    ///
    /// - Throws: The ``TranscriptError`` opening it ended with.
    public func source() throws(TranscriptError) -> TranscriptSource {
        done.wait()
        // Set before the group was left.
        return try result.withLock { $0! }.get()
    }
}
