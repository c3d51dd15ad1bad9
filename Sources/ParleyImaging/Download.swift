import CCurl
import Foundation
import Synchronization

/// One ``ImageFetcher``'s downloads, made with libcurl on a few threads of their own.
///
/// Each download runs on a worker thread (at most ``maximumWorkers`` at once; more wait
/// their turn), never on Swift's cooperative pool. libcurl reads the socket only as fast
/// as its write callback takes the bytes, and that callback refuses the byte past the
/// limit, so a download never holds more than its limit plus one read buffer, whatever the
/// server announces or sends: no Content-Length, a false one, an endless body. Silence
/// longer than the timeout, or a download longer than its maximum duration, ends it as
/// timed out (or, when no connection was ever made, as a server that can't be reached).
/// Redirects are followed, up to ``maximumRedirects``, to http and https only. A
/// cancelled task wakes its transfer at once (`curl_multi_wakeup`), and its
/// fetch returns only after the transfer is torn down: the connection closed, nothing left
/// running for it.
final class Download: Sendable {
    /// The limits a download runs under.
    struct Limits: Sendable {
        /// The most bytes accepted.
        var maximumBytes: Int
        /// The longest silence (no answer, no bytes) before giving up.
        var timeout: Duration
        /// The longest a whole download may take.
        var maximumDuration: Duration
        /// Whether a body longer than `maximumBytes` ends the download with its first
        /// `maximumBytes` (a web page's head) rather than as too large.
        var keepsPrefix = false
        /// Extra request headers, by name.
        var headers: [String: String] = [:]
    }

    /// The most downloads running at once; more wait for a worker (as browsers limit their
    /// connections per server). Together with the byte limit it bounds a fetcher's memory.
    static let maximumWorkers = 6
    /// The most redirects followed before giving up.
    static let maximumRedirects = 5

    private struct Pool {
        var waiting: [Transfer] = []
        var workers = 0
        /// Transfers waiting or running (a running one until its handles are freed).
        var active = 0
    }

    private let pool = Mutex(Pool())

    /// libcurl's global state, set up once before the first handle.
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// Downloads waiting for a worker or running.
    var transfersInFlight: Int { pool.withLock { $0.active } }

    /// The bytes running transfers hold, and the most they held at once.
    let buffers = BufferMeter()

    /// The body of `url` (http or https), or why there is none.
    func fetch(_ url: URL, limits: Limits) async -> Result<Data, ImageError> {
        guard Self.initialized else { return .failure(.connectionFailed(reason: "Download failed")) }
        let transfer = Transfer(url: url.absoluteString, limits: limits, meter: buffers)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if transfer.attach(continuation) { enqueue(transfer) }
            }
        } onCancel: {
            transfer.cancel()
            // One still waiting for a worker has nothing to stop: it ends here. Otherwise
            // the worker running it (or about to) ends it.
            if withdraw(transfer) { transfer.deliver(.failure(.cancelled)) }
        }
    }

    /// Queues `transfer`, starting a worker when fewer than the maximum are running.
    private func enqueue(_ transfer: Transfer) {
        let startWorker = pool.withLock { pool in
            pool.waiting.append(transfer)
            pool.active += 1
            guard pool.workers < Self.maximumWorkers else { return false }
            pool.workers += 1
            return true
        }
        if startWorker {
            Thread.detachNewThread { [self] in work() }
        }
    }

    /// Takes `transfer` out of the queue when no worker has taken it yet.
    private func withdraw(_ transfer: Transfer) -> Bool {
        pool.withLock { pool in
            guard let index = pool.waiting.firstIndex(where: { $0 === transfer }) else { return false }
            pool.waiting.remove(at: index)
            pool.active -= 1
            return true
        }
    }

    /// A worker thread's life: transfers from the queue, one after the other, until none
    /// is left.
    private func work() {
        Thread.current.name = "parley.download"
        while let transfer = next() {
            let result = transfer.run()
            pool.withLock { $0.active -= 1 }
            transfer.deliver(result)
        }
    }

    /// The next queued transfer, or nil (and one worker fewer) when there is none.
    private func next() -> Transfer? {
        pool.withLock { pool in
            guard !pool.waiting.isEmpty else {
                pool.workers -= 1
                return nil
            }
            return pool.waiting.removeFirst()
        }
    }

    /// A libcurl failure in the user's words; `osError` is the `errno` behind a failed
    /// connection (CURLINFO_OS_ERRNO), when there is one.
    static func imageError(for code: CURLcode, osError: Int32 = 0) -> ImageError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .connectionFailed(reason: "Server not found")
        case CURLE_COULDNT_CONNECT where osError == ENETUNREACH: return .connectionFailed(reason: "No internet connection")
        case CURLE_COULDNT_CONNECT: return .connectionFailed(reason: "Can't reach the server")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .connectionFailed(reason: "Secure connection failed")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .connectionFailed(reason: "Unsupported address")
        case CURLE_TOO_MANY_REDIRECTS: return .connectionFailed(reason: "Too many redirects")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionFailed(reason: "Connection lost")
        default: return .connectionFailed(reason: "Download failed")
        }
    }

    /// An HTTP status other than success as an image error.
    static func imageError(forStatus status: Int) -> ImageError {
        [404, 410].contains(status) ? .notFound : .httpStatus(status)
    }
}

/// One download: what it fetches, and the state its fetching task, a cancellation and the
/// worker running it share. Whichever resumes the fetch takes its continuation, so it is
/// resumed exactly once.
private final class Transfer: Sendable {
    /// A way to wake the worker waiting in `curl_multi_poll` (which another thread may
    /// call): the multi handle, published only while it is alive.
    struct Waker: @unchecked Sendable {
        let multi: UnsafeMutableRawPointer
        func wake() { curl_multi_wakeup(multi) }
    }

    private struct Shared {
        var continuation: CheckedContinuation<Result<Data, ImageError>, Never>?
        var cancelled = false
        var waker: Waker?
    }

    let url: String
    let limits: Download.Limits
    /// Counts the bytes this transfer holds while it runs.
    let meter: BufferMeter
    private let shared = Mutex(Shared())
    /// The same as `shared.cancelled`, for the write callback's cheap look on every chunk.
    private let cancelledFlag = Atomic(false)

    init(url: String, limits: Download.Limits, meter: BufferMeter) {
        self.url = url
        self.limits = limits
        self.meter = meter
    }

    var isCancelled: Bool { cancelledFlag.load(ordering: .relaxed) }

    /// Keeps `continuation` for the result; false (and resumed as cancelled) when the task
    /// was cancelled already.
    func attach(_ continuation: CheckedContinuation<Result<Data, ImageError>, Never>) -> Bool {
        let cancelled = shared.withLock { shared in
            if !shared.cancelled { shared.continuation = continuation }
            return shared.cancelled
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled)) }
        return !cancelled
    }

    /// Marks the transfer cancelled and wakes its worker.
    func cancel() {
        shared.withLock { shared in
            shared.cancelled = true
            cancelledFlag.store(true, ordering: .relaxed)
            shared.waker?.wake()
        }
    }

    /// Resumes the fetch with `result` (as cancelled when it was), unless it was already.
    func deliver(_ result: Result<Data, ImageError>) {
        let (continuation, cancelled) = shared.withLock { shared in
            let continuation = shared.continuation
            shared.continuation = nil
            return (continuation, shared.cancelled)
        }
        continuation?.resume(returning: cancelled ? .failure(.cancelled) : result)
    }

    /// Publishes `waker` for ``cancel()``; false when the transfer is already cancelled.
    private func publish(_ waker: Waker?) -> Bool {
        shared.withLock { shared in
            guard !shared.cancelled else { return false }
            shared.waker = waker
            return true
        }
    }

    // MARK: The worker's side

    /// Runs the download on the calling (worker) thread, from the first byte to the last
    /// handle freed.
    func run() -> Result<Data, ImageError> {
        guard !isCancelled else { return .failure(.cancelled) }
        guard let easy = curl_easy_init() else { return .failure(.connectionFailed(reason: "Download failed")) }
        defer { curl_easy_cleanup(easy) }
        guard let multi = curl_multi_init() else { return .failure(.connectionFailed(reason: "Download failed")) }
        defer { curl_multi_cleanup(multi) }
        // Extra headers, as a list libcurl reads until the handle is freed. A header with
        // a line break in it is dropped (it would be a second header).
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in limits.headers.sorted(by: { $0.key < $1.key })
        where !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }) {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        defer { curl_slist_free_all(headerList) }
        if let headerList { _ = parley_curl_set_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList)) }
        let receiver = Receiver(transfer: self, easy: easy)
        return withExtendedLifetime(receiver) {
            guard configure(easy, receiver: Unmanaged.passUnretained(receiver).toOpaque()) else {
                return .failure(.connectionFailed(reason: "Unsupported address"))
            }
            guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
                return .failure(.connectionFailed(reason: "Download failed"))
            }
            defer { curl_multi_remove_handle(multi, easy) }
            guard publish(Waker(multi: multi)) else { return .failure(.cancelled) }
            // Unpublished before the handle is freed, under the lock cancel() wakes with.
            defer { _ = publish(nil) }
            // What it held is the caller's from here on (or freed).
            defer { meter.remove(receiver.received.count) }
            return drive(multi, easy, receiver)
        }
    }

    /// Sets the request up; false when libcurl refuses an option (a URL it cannot use).
    private func configure(_ easy: UnsafeMutableRawPointer, receiver: UnsafeMutableRawPointer) -> Bool {
        var ok = parley_curl_set_string(easy, CURLOPT_URL, url) == CURLE_OK
        // Only http and https, for the first request and every redirect.
        ok = ok && parley_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        ok = ok && parley_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_OK
        guard ok else { return false }
        _ = parley_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = parley_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        _ = parley_curl_set_long(easy, CURLOPT_MAXREDIRS, Download.maximumRedirects)
        // An error status ends the transfer at its head: no error page is downloaded.
        _ = parley_curl_set_long(easy, CURLOPT_FAILONERROR, 1)
        // A Content-Length over the limit is refused before the body (unless its start is wanted).
        if !limits.keepsPrefix {
            _ = parley_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maximumBytes))
        }
        _ = parley_curl_set_long(easy, CURLOPT_BUFFERSIZE, 64 << 10)
        _ = parley_curl_set_string(easy, CURLOPT_USERAGENT, "Parley")
        _ = parley_curl_set_write_function(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
            guard let context else { return 0 }
            return Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().body(bytes, size * count)
        }
        _ = parley_curl_set_pointer(easy, CURLOPT_WRITEDATA, receiver)
        _ = parley_curl_set_write_function(easy, CURLOPT_HEADERFUNCTION) { _, size, count, context in
            guard let context else { return 0 }
            return Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue().header(size * count)
        }
        _ = parley_curl_set_pointer(easy, CURLOPT_HEADERDATA, receiver)
        return true
    }

    /// Drives the transfer until it is done, cancelled, silent for the timeout or past
    /// the maximum duration.
    private func drive(
        _ multi: UnsafeMutableRawPointer, _ easy: UnsafeMutableRawPointer, _ receiver: Receiver
    ) -> Result<Data, ImageError> {
        while true {
            var running: Int32 = 0
            guard curl_multi_perform(multi, &running) == CURLM_OK else {
                return .failure(.connectionFailed(reason: "Download failed"))
            }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE {
                    return outcome(parley_curl_message_result(message), easy, receiver)
                }
            }
            if isCancelled { return .failure(.cancelled) }
            let now = ContinuousClock.now
            let deadline = min(receiver.lastHeard + limits.timeout, receiver.started + limits.maximumDuration)
            guard now < deadline else { return .failure(timedOut(easy, receiver)) }
            // Up to the deadline (libcurl's own timers may wake it sooner), rounded up.
            let wait = now.duration(to: deadline)
            let milliseconds = wait.components.seconds * 1000 + (wait.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            curl_multi_poll(multi, nil, 0, Int32(clamping: max(1, milliseconds)), nil)
        }
    }

    /// What a finished transfer's `code` means.
    private func outcome(_ code: CURLcode, _ easy: UnsafeMutableRawPointer, _ receiver: Receiver) -> Result<Data, ImageError> {
        let status = parley_curl_info_long(easy, CURLINFO_RESPONSE_CODE)
        switch code {
        case CURLE_OK:
            guard (200..<300).contains(status) else { return .failure(Download.imageError(forStatus: status)) }
            return .success(receiver.received)
        case CURLE_HTTP_RETURNED_ERROR:
            return .failure(Download.imageError(forStatus: status))
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(limit: limits.maximumBytes))
        case CURLE_WRITE_ERROR where receiver.exceeded && limits.keepsPrefix && !isCancelled:
            guard (200..<300).contains(status) else { return .failure(Download.imageError(forStatus: status)) }
            return .success(receiver.received)
        case CURLE_WRITE_ERROR where receiver.exceeded:
            return .failure(.tooLarge(limit: limits.maximumBytes))
        case CURLE_WRITE_ERROR where isCancelled:
            return .failure(.cancelled)
        default:
            let osError = Int32(clamping: parley_curl_info_long(easy, CURLINFO_OS_ERRNO))
            return .failure(Download.imageError(for: code, osError: osError))
        }
    }

    /// A transfer out of time: a server that never let us connect can't be reached; one
    /// that did and then kept us waiting timed out.
    private func timedOut(_ easy: UnsafeMutableRawPointer, _ receiver: Receiver) -> ImageError {
        let connected = parley_curl_info_offset(easy, CURLINFO_CONNECT_TIME_T) > 0
        return connected || receiver.heardAnything ? .timedOut : .connectionFailed(reason: "Can't reach the server")
    }
}

/// What a transfer's callbacks see, on its worker thread only: the bytes so far and when
/// the server was last heard from.
private final class Receiver {
    unowned let transfer: Transfer
    let easy: UnsafeMutableRawPointer
    let started = ContinuousClock.now
    var lastHeard: ContinuousClock.Instant
    var heardAnything = false
    var received = Data()
    /// Whether the body went past the limit.
    var exceeded = false

    init(transfer: Transfer, easy: UnsafeMutableRawPointer) {
        self.transfer = transfer
        self.easy = easy
        lastHeard = started
    }

    /// Takes `count` bytes of the body: the count, or 0 (which aborts the transfer) when
    /// they would go past the limit or the transfer was cancelled.
    func body(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        heard()
        guard !transfer.isCancelled else { return 0 }
        let limit = transfer.limits.maximumBytes
        guard count <= limit - received.count else {
            if transfer.limits.keepsPrefix, let bytes, received.count < limit {
                let kept = limit - received.count
                received.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: kept)
                transfer.meter.add(kept)
            }
            exceeded = true
            return 0
        }
        if received.isEmpty {
            // An honest Content-Length (at most the limit: libcurl refused more) is
            // allocated once.
            let announced = parley_curl_info_offset(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
            if announced > 0 { received.reserveCapacity(Int(min(announced, curl_off_t(limit)))) }
        }
        if let bytes, count > 0 {
            received.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count)
            transfer.meter.add(count)
        }
        return count
    }

    /// Notes a header line of `count` bytes (of any response, redirects included).
    func header(_ count: Int) -> Int {
        heard()
        return transfer.isCancelled ? 0 : count
    }

    private func heard() {
        lastHeard = .now
        heardAnything = true
    }
}

/// The bytes the running transfers of one fetcher hold, and the most they held at once:
/// what the limits bound, measured where it is held rather than in the whole process.
final class BufferMeter: Sendable {
    private let counts = Mutex((held: 0, peak: 0))

    /// `count` more bytes held.
    func add(_ count: Int) {
        counts.withLock { counts in
            counts.held += count
            counts.peak = max(counts.peak, counts.held)
        }
    }

    /// `count` bytes let go.
    func remove(_ count: Int) {
        counts.withLock { $0.held -= count }
    }

    /// The bytes held now.
    var held: Int { counts.withLock { $0.held } }

    /// The most held at once since the last ``resetPeak()``.
    var peak: Int { counts.withLock { $0.peak } }

    /// Starts a new peak from what is held now.
    func resetPeak() {
        counts.withLock { $0.peak = $0.held }
    }
}
