import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One ``ImageFetcher``'s URLSession delegate: collects each download's bytes, stops it
/// past the size limit or after too long a silence, and resumes the waiting fetch once.
///
/// Every download is an entry in one table behind a mutex; whichever of the session's
/// callbacks, the watchdog or a cancellation removes the entry first decides the result,
/// so a fetch is resumed exactly once, whatever the order they arrive in.
final class Download: NSObject, URLSessionDataDelegate, Sendable {
    /// The limits a download runs under.
    struct Limits: Sendable {
        /// The most bytes accepted.
        var maximumBytes: Int
        /// The longest silence (no answer, no bytes) before giving up.
        var timeout: Duration
        /// The longest a whole download may take.
        var maximumDuration: Duration
    }

    private struct Entry {
        var continuation: CheckedContinuation<Result<Data, ImageError>, Never>
        var task: URLSessionDataTask
        var limits: Limits
        var received = Data()
        var started: ContinuousClock.Instant
        var lastHeard: ContinuousClock.Instant
    }

    private let entries = Mutex<[Int: Entry]>([:])
    private let watchdog = DispatchQueue(label: "parley.imaging.download-watchdog")

    /// The body of `request`, fetched by `session` (whose delegate is this object).
    func fetch(_ request: URLRequest, session: URLSession, limits: Limits) async -> Result<Data, ImageError> {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = ContinuousClock.now
                entries.withLock {
                    $0[id] = Entry(continuation: continuation, task: task, limits: limits, started: now, lastHeard: now)
                }
                if Task.isCancelled {
                    finish(id, .failure(.cancelled))
                    return
                }
                task.resume()
                watch(id, at: now + limits.timeout)
            }
        } onCancel: {
            finish(id, .failure(.cancelled))
        }
    }

    /// Resumes `id`'s fetch with `result` and stops its task, unless it was already done.
    private func finish(_ id: Int, _ result: Result<Data, ImageError>) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: id) }) else { return }
        if case .failure = result { entry.task.cancel() }
        entry.continuation.resume(returning: result)
    }

    /// Checks on `id` at `deadline`: times it out when it has been silent for its whole
    /// timeout (or run past its maximum duration), or looks again later.
    private func watch(_ id: Int, at deadline: ContinuousClock.Instant) {
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        watchdog.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [weak self] in
            guard let self else { return }
            let next: ContinuousClock.Instant? = entries.withLock { entries in
                guard let entry = entries[id] else { return nil }
                return min(entry.lastHeard + entry.limits.timeout, entry.started + entry.limits.maximumDuration)
            }
            guard let next else { return }
            if next <= .now { finish(id, .failure(.timedOut)) } else { watch(id, at: next) }
        }
    }

    /// Notes that `id` was heard from and applies `update` to its entry in place (so bytes
    /// are appended without copying what came before); nil when it is already finished.
    private func heard(_ id: Int, _ update: (inout Entry) -> Void = { _ in }) -> (limits: Limits, received: Int)? {
        entries.withLock { entries in
            guard entries[id] != nil else { return nil }
            entries[id]!.lastHeard = .now
            update(&entries[id]!)
            return (entries[id]!.limits, entries[id]!.received.count)
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        guard let entry = heard(id) else { return completionHandler(.cancel) }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            finish(id, .failure([404, 410].contains(http.statusCode) ? .notFound : .httpStatus(http.statusCode)))
            return completionHandler(.cancel)
        }
        if response.expectedContentLength > entry.limits.maximumBytes {
            finish(id, .failure(.tooLarge(limit: entry.limits.maximumBytes)))
            return completionHandler(.cancel)
        }
        if response.expectedContentLength > 0 {
            _ = heard(id) { $0.received.reserveCapacity(Int(response.expectedContentLength)) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        guard let entry = heard(id, { $0.received.append(data) }) else { return }
        if entry.received > entry.limits.maximumBytes {
            finish(id, .failure(.tooLarge(limit: entry.limits.maximumBytes)))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        guard let error else {
            let received = entries.withLock { $0[id]?.received } ?? Data()
            return finish(id, .success(received))
        }
        finish(id, .failure(Self.imageError(for: error)))
    }

    /// A URL loading error in the user's words.
    static func imageError(for error: any Error) -> ImageError {
        guard let error = error as? URLError else { return .connectionFailed(reason: "Download failed") }
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .cannotFindHost, .dnsLookupFailed: return .connectionFailed(reason: "Server not found")
        case .cannotConnectToHost: return .connectionFailed(reason: "Can't reach the server")
        case .notConnectedToInternet: return .connectionFailed(reason: "No internet connection")
        case .networkConnectionLost: return .connectionFailed(reason: "Connection lost")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected:
            return .connectionFailed(reason: "Secure connection failed")
        case .badURL, .unsupportedURL: return .connectionFailed(reason: "Unsupported address")
        case .fileDoesNotExist: return .notFound
        default: return .connectionFailed(reason: "Download failed")
        }
    }
}
