import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// What goes wrong, in words a user understands, and nothing sent is lost (#16).
@Suite("MatrixClient and MatrixRoom: errors, offline, rate limits (#16)")
struct MatrixResilienceTests {
    @Test("a wrong password, an unknown token, a room one is not in and a dead server each say so")
    func errors() async throws {
        let homeserver = try await MatrixTestServer.homeserver()
        let alice = try await MatrixTestServer.newClient("alice")
        let name = String(try #require(alice.userID).dropFirst().prefix { $0 != ":" })

        let stranger = MatrixClient(homeserver: homeserver)
        await #expect(throws: MatrixError.wrongPassword) { try await stranger.login(user: name, password: "not it") }
        try await stranger.login(user: name, password: "password-\(name)")
        #expect(stranger.userID == alice.userID)

        let forged = MatrixClient(homeserver: homeserver, accessToken: "syt_not_a_token")
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) { try await forged.whoami() }
        let resumed = MatrixClient(homeserver: homeserver, accessToken: alice.accessToken)
        #expect(try await resumed.whoami() == alice.userID)

        let room = MatrixRoom(client: alice, roomID: "!nowhere")
        await #expect(throws: MatrixError.roomNotFound("!nowhere")) { try await room.start() }

        let dead = MatrixClient(
            homeserver: URL(string: "http://127.0.0.1:1")!, accessToken: "x",
            configuration: MatrixClient.Configuration(retries: 1, initialBackoff: .milliseconds(10)))
        await #expect(throws: MatrixError.unreachable(reason: "connection refused")) { try await dead.whoami() }
        #expect(MatrixError.unreachable(reason: "connection refused").errorDescription == "Can't reach the server (connection refused)")
    }

    @Test("messages sent while the server can't be reached wait in the outbox, in order, and go when it can")
    func offlineQueue() async throws {
        let pair = try await MatrixChatTests.pair()
        let real = pair.alice.client.homeserver
        pair.alice.client.homeserver = URL(string: "http://127.0.0.1:1")!
        let first = pair.alice.send("sent offline 1")
        let second = pair.alice.send("sent offline 2")
        try await eventually("Alice's room knows it is offline") {
            if case .offline(.unreachable) = pair.alice.status { return true }
            return false
        }
        #expect(pair.alice.queuedCount == 2)
        #expect(pair.alice.conversation.message(first)?.status == .sending)
        #expect(pair.alice.conversation.message(second)?.status == .sending)
        #expect(!pair.bob.conversation.messages.contains { $0.content.summary.hasPrefix("sent offline") })

        pair.alice.client.homeserver = real
        try await eventually("Bob gets both") {
            pair.bob.conversation.messages.filter { $0.content.summary.hasPrefix("sent offline") }.count == 2
        }
        #expect(pair.bob.conversation.messages.map(\.content.summary) == ["sent offline 1", "sent offline 2"])
        try await eventually("both are sent") {
            pair.alice.conversation.message(first)?.status == .sent && pair.alice.conversation.message(second)?.status == .sent
        }
        // The server's echo can mark a message sent before the send's own answer takes it
        // out of the outbox.
        try await eventually("the outbox is empty") { pair.alice.queuedCount == 0 }
        #expect(pair.alice.conversation.count == 2)
        await pair.stop()
    }

    @Test("a 429 is waited out for its retry_after_ms, then the request goes again; past the limit it is an error")
    func rateLimited() async throws {
        let fake = try await FakeHomeserver.start(limitedRequests: 1, retryAfterMilliseconds: 400)
        defer { fake.stop() }
        let client = MatrixClient(homeserver: fake.url, accessToken: "token")
        let started = ContinuousClock.now
        #expect(try await client.whoami() == "@fake:localhost")
        #expect(started.duration(to: .now) >= .milliseconds(400))
        #expect(fake.requestCount() == 2)

        let strict = try await FakeHomeserver.start(limitedRequests: 5, retryAfterMilliseconds: 250)
        defer { strict.stop() }
        let impatient = MatrixClient(
            homeserver: strict.url, accessToken: "token", configuration: MatrixClient.Configuration(rateLimitRetries: 2))
        await #expect(throws: MatrixError.rateLimited(retryAfter: .milliseconds(250))) { try await impatient.whoami() }
        #expect(strict.requestCount() == 3)
    }
}

/// A homeserver stand-in (Python's http.server) that answers its first requests with
/// 429 and then `whoami` as `@fake:localhost`.
final class FakeHomeserver: Sendable {
    let url: URL
    private let pid: pid_t
    private let folder: URL

    private init(url: URL, pid: pid_t, folder: URL) {
        self.url = url
        self.pid = pid
        self.folder = folder
    }

    static let script = """
        import http.server, json, sys, os
        limited, retry, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        count = 0
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                global count
                count += 1
                with open(folder + "/count", "w") as f: f.write(str(count))
                if count <= limited:
                    status, body = 429, {"errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": retry}
                else:
                    status, body = 200, {"user_id": "@fake:localhost", "device_id": "FAKE"}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        with open(folder + "/port.tmp", "w") as f: f.write(str(server.server_address[1]))
        os.rename(folder + "/port.tmp", folder + "/port")
        server.serve_forever()
        """

    static func start(limitedRequests: Int, retryAfterMilliseconds: Int) async throws -> FakeHomeserver {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let arguments = ["python3", "-c", script, String(limitedRequests), String(retryAfterMilliseconds), folder.path]
        guard let pid = MatrixTestServer.launch(
            arguments, environment: ProcessInfo.processInfo.environment, output: folder.appendingPathComponent("log").path)
        else { throw MatrixTestServer.Failure(description: "python3 did not start") }
        let portFile = folder.appendingPathComponent("port")
        for _ in 0..<250 {
            if let port = try? String(contentsOf: portFile, encoding: .utf8), let url = URL(string: "http://127.0.0.1:\(port)") {
                return FakeHomeserver(url: url, pid: pid, folder: folder)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        _ = MatrixTestServer.wait(for: pid)
        throw MatrixTestServer.Failure(description: "the fake homeserver did not start")
    }

    func requestCount() -> Int {
        (try? String(contentsOf: folder.appendingPathComponent("count"), encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    func stop() {
        kill(pid, SIGTERM)
        _ = MatrixTestServer.wait(for: pid)
        try? FileManager.default.removeItem(at: folder)
    }
}
