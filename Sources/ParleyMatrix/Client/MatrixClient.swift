#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import Synchronization

/// A small typed client of the Matrix client-server API, on URLSession and Swift
/// concurrency.
///
/// One client is one signed-in session (``userID``, ``accessToken``), safe to share
/// between tasks. Every call is `async throws(MatrixError)`:
///
/// - a rate-limited answer (429, `M_LIMIT_EXCEEDED`) is retried after the server's
///   `retry_after_ms` (at most ``Configuration/longestRateLimitWait``);
/// - a network failure or a 5xx answer to an idempotent request (GET, and the PUTs that
///   carry a transaction id) is retried with exponential backoff, ``Configuration/retries``
///   times;
/// - cancelling the calling task cancels the HTTP request and throws
///   ``MatrixError/cancelled``.
///
/// ```swift
/// let client = MatrixClient(homeserver: URL(string: "http://127.0.0.1:8008")!)
/// try await client.login(user: "alice", password: "alice-parley-password")
/// let event = try await client.send(["msgtype": "m.text", "body": "Hello"], type: "m.room.message", to: roomID)
/// ```
public final class MatrixClient: Sendable {
    /// How requests are retried and how long they may take.
    public struct Configuration: Sendable {
        /// Retries of an idempotent request after a network failure or a 5xx answer.
        public var retries: Int
        /// The first wait before such a retry; each next one doubles, up to ``maximumBackoff``.
        public var initialBackoff: Duration
        /// The longest wait between retries.
        public var maximumBackoff: Duration
        /// Retries after 429 answers, each after the server's `retry_after_ms`.
        public var rateLimitRetries: Int
        /// The longest the client waits on a 429 before giving up with ``MatrixError/rateLimited(retryAfter:)``.
        public var longestRateLimitWait: Duration
        /// How long a request (other than a long-polling sync) may take.
        public var requestTimeout: TimeInterval

        /// A configuration; every parameter has a default.
        public init(
            retries: Int = 2, initialBackoff: Duration = .milliseconds(250), maximumBackoff: Duration = .seconds(30),
            rateLimitRetries: Int = 10, longestRateLimitWait: Duration = .seconds(60), requestTimeout: TimeInterval = 30
        ) {
            self.retries = max(0, retries)
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.rateLimitRetries = max(0, rateLimitRetries)
            self.longestRateLimitWait = longestRateLimitWait
            self.requestTimeout = requestTimeout
        }
    }

    struct Session: Sendable {
        var homeserver: URL
        var userID: String?
        var accessToken: String?
        var deviceID: String?
    }

    /// The retry and timeout settings.
    public let configuration: Configuration
    let session: Mutex<Session>
    let urlSession: URLSession

    /// A client of the server at `homeserver` (its base URL, such as
    /// `https://matrix.example.org`), signed in with `accessToken` when given.
    ///
    /// With a token but no `userID`, call ``whoami()`` to learn whose token it is.
    public init(
        homeserver: URL, accessToken: String? = nil, userID: String? = nil, deviceID: String? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.configuration = configuration
        session = Mutex(Session(homeserver: homeserver, userID: userID, accessToken: accessToken, deviceID: deviceID))
        let urlConfiguration = URLSessionConfiguration.ephemeral
        urlConfiguration.httpMaximumConnectionsPerHost = 8
        urlConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        urlSession = URLSession(configuration: urlConfiguration)
    }

    deinit {
        urlSession.invalidateAndCancel()
    }

    /// The server's base URL. Changing it sends the next requests elsewhere (a server
    /// that moved); requests running keep their address.
    public var homeserver: URL {
        get { session.withLock { $0.homeserver } }
        set { session.withLock { $0.homeserver = newValue } }
    }

    /// The signed-in user (`@alice:example.org`), once known.
    public var userID: String? { session.withLock { $0.userID } }

    /// The access token in use; keep it to resume the session without the password.
    public var accessToken: String? { session.withLock { $0.accessToken } }

    /// The device the session belongs to, once known.
    public var deviceID: String? { session.withLock { $0.deviceID } }

    // MARK: Requests

    /// The body of a request.
    enum Body: Sendable {
        case none
        case json(JSONValue)
        case bytes(Data, contentType: String)
    }

    /// Sends one request, with the retries described in the type's documentation, and
    /// decodes the answer.
    func call<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: Body = .none,
        authenticated: Bool = true, idempotent: Bool? = nil, timeout: TimeInterval? = nil, room: String? = nil,
        as type: Response.Type = Response.self
    ) async throws(MatrixError) -> Response {
        let data = try await raw(
            method, path, query: query, body: body, authenticated: authenticated, idempotent: idempotent,
            timeout: timeout, room: room)
        do {
            return try JSONDecoder().decode(Response.self, from: data.isEmpty ? Data("{}".utf8) : data)
        } catch {
            throw .invalidResponse("\(method) \(path): \(error)")
        }
    }

    /// ``call(_:_:query:body:authenticated:idempotent:timeout:room:as:)`` returning the bytes.
    func raw(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: Body = .none,
        authenticated: Bool = true, idempotent: Bool? = nil, timeout: TimeInterval? = nil, room: String? = nil
    ) async throws(MatrixError) -> Data {
        let retriesOnFailure = (idempotent ?? (method == "GET" || method == "PUT")) ? configuration.retries : 0
        var failures = 0
        var limits = 0
        var backoff = configuration.initialBackoff
        while true {
            let wait: Duration
            do {
                return try await once(method, path, query: query, body: body, authenticated: authenticated, timeout: timeout, room: room)
            } catch .rateLimited(let after) {
                let hint = after ?? backoff
                guard limits < configuration.rateLimitRetries, hint <= configuration.longestRateLimitWait else {
                    throw .rateLimited(retryAfter: after)
                }
                limits += 1
                wait = hint
            } catch let error where error.isTransient {
                guard failures < retriesOnFailure else { throw error }
                failures += 1
                wait = backoff
                backoff = min(backoff * 2, configuration.maximumBackoff)
            }
            try await Self.sleep(wait)
        }
    }

    /// Sleeps, throwing ``MatrixError/cancelled`` when the task is cancelled.
    static func sleep(_ duration: Duration) async throws(MatrixError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }

    /// One attempt.
    private func once(
        _ method: String, _ path: String, query: [URLQueryItem], body: Body, authenticated: Bool,
        timeout: TimeInterval?, room: String?
    ) async throws(MatrixError) -> Data {
        let (base, token) = session.withLock { ($0.homeserver, $0.accessToken) }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .invalidResponse("homeserver address \(base)")
        }
        let prefix = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + path
        components.queryItems = query.isEmpty ? nil : query
        // "+" is a space to some servers' query parsers.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw .invalidResponse("address for \(path)") }
        var request = URLRequest(url: url, timeoutInterval: timeout ?? configuration.requestTimeout)
        request.httpMethod = method
        if authenticated {
            guard let token else { throw .unknownToken(softLogout: false) }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        switch body {
        case .none:
            if method != "GET" {
                request.httpBody = Data("{}".utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        case .json(let value):
            do {
                request.httpBody = try JSONEncoder().encode(value)
            } catch {
                throw .invalidResponse("request body: \(error)")
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        case .bytes(let data, let contentType):
            request.httpBody = data
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await perform(request)
        guard (200..<300).contains(response.statusCode) else {
            throw Self.error(status: response.statusCode, body: data, headers: response, room: room)
        }
        return data
    }

    /// Runs `request`, cancelling it when the task is cancelled.
    private func perform(_ request: URLRequest) async throws(MatrixError) -> (Data, HTTPURLResponse) {
        let running = RunningTask()
        let result: Result<(Data, HTTPURLResponse), MatrixError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = urlSession.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(returning: .failure(Self.error(transport: error)))
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: .success((data ?? Data(), response)))
                    } else {
                        continuation.resume(returning: .failure(.invalidResponse("not an HTTP answer")))
                    }
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
        return try result.get()
    }

    /// A transport failure in the user's words.
    static func error(transport error: any Error) -> MatrixError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .cancelled: return .cancelled
        case .timedOut: return .unreachable(reason: "timed out")
        case .cannotConnectToHost: return .unreachable(reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(reason: "server not found")
        case .notConnectedToInternet: return .unreachable(reason: "no internet connection")
        case .networkConnectionLost: return .unreachable(reason: "connection lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return .unreachable(reason: "secure connection failed")
        default: return .unreachable(reason: error.localizedDescription)
        }
    }

    /// The Matrix error in an answer with `status`.
    static func error(status: Int, body: Data, headers: HTTPURLResponse, room: String?) -> MatrixError {
        let json = try? JSONDecoder().decode(JSONValue.self, from: body)
        let code = json?["errcode"]?.string
        let message = json?["error"]?.string
        switch (status, code) {
        case (429, _), (_, "M_LIMIT_EXCEEDED"):
            let milliseconds = json?["retry_after_ms"]?.number
                ?? (headers.value(forHTTPHeaderField: "Retry-After").flatMap(Double.init).map { $0 * 1000 })
            return .rateLimited(retryAfter: milliseconds.map { .milliseconds(Int64(saturating: max(0, $0))) })
        case (_, "M_UNKNOWN_TOKEN"), (_, "M_MISSING_TOKEN"):
            return .unknownToken(softLogout: json?["soft_logout"] == .bool(true))
        case (403, "M_FORBIDDEN") where room != nil && (message ?? "").lowercased().contains("not in room"):
            return .roomNotFound(room!)
        case (403, "M_FORBIDDEN"):
            return .forbidden(message ?? "forbidden")
        default:
            return .server(status: status, code: code, message: message)
        }
    }

    /// `segment` escaped for a URL path (room and event ids hold `!`, `$`, `:`, `/`…).
    static func escape(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}

/// The data task of one request, for cancelling it from another thread.
private final class RunningTask: Sendable {
    private struct State: @unchecked Sendable {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

extension Int64 {
    init(saturating value: Double) {
        if value.isNaN { self = 0 } else if value >= 9.2e18 { self = .max } else if value <= -9.2e18 { self = .min } else { self = Int64(value) }
    }
}
