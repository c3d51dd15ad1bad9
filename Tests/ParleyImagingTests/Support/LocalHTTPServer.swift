import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 inside the test process, for the fetcher's tests:
/// each path answers as told (or not at all), and the server counts the requests it got.
///
/// One thread accepts; each connection is served on its own thread. `stop()` ends
/// everything, including the connections held open by ``Reply/silent``.
final class LocalHTTPServer: Sendable {
    /// How a path answers.
    enum Reply: Sendable {
        /// Accepts the connection, reads the request and never answers.
        case silent
        /// Answers `status` with `body` (and `headers`); without `contentLength` the body
        /// ends when the connection closes.
        case answer(
            status: Int, body: Data, contentType: String = "application/octet-stream", contentLength: Bool = true,
            headers: [String: String] = [:])
        /// Answers 200 with `prefix`, then sends `chunk` again and again, waiting `pause`
        /// before each, until the client hangs up or the server stops: an endless body.
        /// `contentLength` is announced when set, true or not. An empty `chunk` sends the
        /// head and `prefix` and then holds the connection silently.
        case stream(prefix: Data, chunk: Data, pause: Duration = .zero, contentLength: Int? = nil)
    }

    private struct State {
        var requests: [String] = []
        var connections: Set<Int32> = []
        var stopped = false
        var bodyBytesSent = 0
    }

    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let routes: [String: Reply]
    private let state = Mutex(State())

    /// Starts a server answering `routes` (path → reply; other paths get a 404).
    init(_ routes: [String: Reply]) throws {
        self.routes = routes
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        listener = socket
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The paths requested so far, in order.
    var requests: [String] { state.withLock { $0.requests } }

    /// How many bytes of ``Reply/stream(prefix:chunk:pause:contentLength:)`` bodies the
    /// clients have been sent so far (what the kernel accepted, not what they read).
    var bodyBytesSent: Int { state.withLock { $0.bodyBytesSent } }

    /// How many connections are open (a connection closes once its reply is sent, or,
    /// for a stream, once the client hangs up).
    var openConnections: Int { state.withLock { $0.connections.count } }

    /// Stops accepting and ends every connection (call it when the test is done: the
    /// server's threads keep it alive until then).
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Shut down, not closed: the thread serving each one closes it, so no
            // descriptor is closed under a thread still using it.
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !state.withLock({ $0.stopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        guard let path = readRequestPath(connection) else { return finish(connection) }
        state.withLock { $0.requests.append(path) }
        switch routes[path] ?? .answer(status: 404, body: Data("not here".utf8), contentType: "text/plain") {
        case .silent:
            // Hold the connection, answering nothing, until the client or stop() ends it.
            var buffer = [UInt8](repeating: 0, count: 512)
            while !state.withLock({ $0.stopped }) {
                var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 50) > 0, recv(connection, &buffer, buffer.count, 0) <= 0 { break }
            }
            finish(connection)
        case .answer(let status, let body, let contentType, let contentLength, let headers):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\nConnection: close\r\n"
            if contentLength { head += "Content-Length: \(body.count)\r\n" }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            _ = write(Data((head + "\r\n").utf8) + body, to: connection)
            finish(connection)
        case .stream(let prefix, let chunk, let pause, let contentLength):
            var head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n"
            if let contentLength { head += "Content-Length: \(contentLength)\r\n" }
            guard write(Data((head + "\r\n").utf8), to: connection) else { return finish(connection) }
            var sending = prefix
            let milliseconds = Int32(clamping: pause.components.seconds * 1000 + pause.components.attoseconds / 1_000_000_000_000_000)
            while !state.withLock({ $0.stopped }) {
                if !sending.isEmpty {
                    guard write(sending, to: connection) else { break }
                    state.withLock { $0.bodyBytesSent += sending.count }
                }
                sending = chunk
                // Wait out the pause (at least a moment when there is nothing to send),
                // noticing a client that hangs up meanwhile.
                if milliseconds > 0 || chunk.isEmpty, clientHungUp(connection, waiting: max(milliseconds, chunk.isEmpty ? 50 : 0)) {
                    break
                }
            }
            finish(connection)
        }
    }

    /// Whether the client closed `connection`, waiting up to `milliseconds` to find out.
    private func clientHungUp(_ connection: Int32, waiting milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }

    /// The path of the request line, once the request's head has arrived.
    private func readRequestPath(_ connection: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(subsequence: [13, 10, 13, 10]) {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5_000) > 0 else { return nil }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Sends all of `data`; false when the connection failed first.
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    private func finish(_ connection: Int32) {
        state.withLock { state in
            state.connections.remove(connection)
            shutdown(connection, Int32(SHUT_WR))
            close(connection)
        }
    }
}

extension Array where Element: Equatable {
    /// Whether `subsequence` occurs somewhere in the array.
    fileprivate func contains(subsequence: [Element]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}
