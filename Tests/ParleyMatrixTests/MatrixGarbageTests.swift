import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// A server whose answers are not what the API promises: clear errors, no crash, no
/// message shown out of order (#16).
@Suite("MatrixRoom: a server answering garbage (#16)", .timeLimit(.minutes(1)))
struct MatrixGarbageTests {
    /// A homeserver stand-in with one room `!r`: the first sync brings one message, the
    /// next a limited timeline with one newer message, and every `/messages` page and
    /// `/event` answer is not JSON.
    static let script = """
        import http.server, json, sys, os, time
        folder = sys.argv[1]
        def event(id, body, ts):
            return {"type": "m.room.message", "event_id": id, "sender": "@a:x", "origin_server_ts": ts,
                    "content": {"msgtype": "m.text", "body": body}}
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def answer(self, status, data):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def do_GET(self): self.route()
            def do_POST(self): self.route()
            def do_PUT(self): self.route()
            def route(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length: self.rfile.read(length)
                path = self.path
                if "/joined_rooms" in path: body = {"joined_rooms": ["!r"]}
                elif "/joined_members" in path: body = {"joined": {"@me:x": {}, "@a:x": {"display_name": "A"}}}
                elif "/filter" in path: body = {"filter_id": "1"}
                elif "/sync" in path and "since=s1" in path:
                    reply = event("$9", "reply to the past", 9000)
                    reply["content"]["m.relates_to"] = {"m.in_reply_to": {"event_id": "$5"}}
                    body = {"next_batch": "s2", "rooms": {"join": {"!r": {"timeline": {
                        "events": [reply], "limited": True, "prev_batch": "p8"}}}}}
                elif "/sync" in path and "since=s2" in path:
                    time.sleep(0.2)
                    body = {"next_batch": "s2"}
                elif "/sync" in path:
                    body = {"next_batch": "s1", "rooms": {"join": {"!r": {"timeline": {
                        "events": [event("$1", "first", 1000)], "limited": False, "prev_batch": "p0"}}}}}
                else:
                    return self.answer(200, b"<html>not json{")
                self.answer(200, json.dumps(body).encode())
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        with open(folder + "/port.tmp", "w") as f: f.write(str(server.server_address[1]))
        os.rename(folder + "/port.tmp", folder + "/port")
        server.serve_forever()
        """

    @Test("a gap whose pages are garbage: the newest message shows alone, paging back says why, the quote stays unavailable")
    @MainActor
    func garbageGap() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-garbage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let pid = MatrixTestServer.launch(
            ["python3", "-c", Self.script, folder.path], environment: ProcessInfo.processInfo.environment,
            output: folder.appendingPathComponent("log").path)
        else { throw MatrixTestServer.Failure(description: "python3 did not start") }
        defer {
            kill(pid, SIGTERM)
            _ = MatrixTestServer.wait(for: pid)
        }
        var port: String?
        for _ in 0..<250 where port == nil {
            port = try? String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8)
            if port == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let found = try #require(port)
        let url = try #require(URL(string: "http://127.0.0.1:\(found)"))
        let client = MatrixClient(
            homeserver: url, accessToken: "token", userID: "@me:x",
            configuration: MatrixClient.Configuration(retries: 0))
        let room = MatrixRoom(client: client, roomID: "!r")
        try await room.start()
        try await eventually("the newer message shows") { room.conversation.messages.map(\.content.summary) == ["reply to the past"] }
        #expect(room.status == .online)
        let reply = try #require(room.conversation.messages.first)
        #expect(reply.replyTo?.id == "$5")
        #expect(reply.replyTo?.summary == "")

        let pager = HistoryPager(conversation: room.conversation, source: room.history, pageSize: 10, mode: .manual)
        guard case .failed(let reason) = await pager.loadEarlier() else {
            Issue.record("paging back through garbage did not fail")
            return
        }
        #expect(reason.hasPrefix("Unexpected answer from the server"))
        #expect(room.conversation.messages.map(\.content.summary) == ["reply to the past"])
        await room.stop()
    }
}
