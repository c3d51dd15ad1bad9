import Foundation
import ParleyCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import ParleyImaging

/// Servers that misbehave on purpose: the fetcher's limits must hold as bytes arrive,
/// whatever the server announces, and every download must end with a clear error.
@Suite("Downloading from hostile servers")
struct DownloadTests {
    let png = TestImages.png(TestImages.gradient(width: 32, height: 24))
    /// 64 KB of filler, the unit endless bodies are sent in.
    let filler = Data(repeating: 0xAB, count: 64 << 10)

    func fetcher(
        maximumBytes: Int = 64 << 20, timeout: Duration = .seconds(15), maximumDuration: Duration = .seconds(120),
        cache: ImageDiskCache? = nil
    ) -> ImageFetcher {
        ImageFetcher(
            configuration: .init(
                maximumBytes: maximumBytes, timeout: timeout, maximumDuration: maximumDuration, diskCache: cache))
    }

    @Test("an endless body without Content-Length stops at the limit, with memory bounded")
    func endlessBody() async throws {
        let server = try LocalHTTPServer(["/endless.png": .stream(prefix: png, chunk: filler)])
        defer { server.stop() }
        let limit = 16 << 20
        let fetcher = fetcher(maximumBytes: limit)
        await measuringMemory {
            let before = peakResidentBytes()
            #expect(await error { try await fetcher.data(for: .url(server.url("/endless.png"))) } == .tooLarge(limit: limit))
            let growth = peakResidentBytes() - before
            // Reading stops at the limit, so the server can only have filled the sockets'
            // buffers beyond it (a few MB on loopback), however fast it sends.
            #expect(server.bodyBytesSent < limit + (32 << 20), "the server sent \(server.bodyBytesSent >> 20) MB")
            // At most the limit's 16 MB held by the download, counted where it is held.
            #expect(fetcher.downloadBuffers.peak <= limit, "\(fetcher.downloadBuffers.peak) bytes held")
            #expect(fetcher.downloadBuffers.held == 0)
            // The process's peak counts the suites running beside this one (GTK's) too, so
            // this bound only catches the gigabytes an unbounded download took.
            #expect(growth < 1 << 30, "peak memory grew by \(growth >> 20) MB")
        }
    }

    @Test("a Content-Length of 10 GB is refused from the head, before any body")
    func hugeContentLength() async throws {
        // The head announces 10 GB, then the server holds the connection sending nothing:
        // a fetcher that waited for the body would time out instead.
        let server = try LocalHTTPServer(["/huge.png": .stream(prefix: Data(), chunk: Data(), contentLength: 10 << 30)])
        defer { server.stop() }
        let fetcher = fetcher(maximumBytes: 1 << 20, timeout: .seconds(30))
        #expect(await error { try await fetcher.data(for: .url(server.url("/huge.png"))) } == .tooLarge(limit: 1 << 20))
    }

    @Test("a Content-Length that lies: a longer body is cut at it, a shorter one is a lost connection")
    func lyingContentLength() async throws {
        let server = try LocalHTTPServer([
            "/longer.png": .stream(prefix: png, chunk: filler, contentLength: png.count + 1000),
            "/shorter.png": .answer(status: 200, body: png, contentLength: false, headers: ["Content-Length": "100000"]),
        ])
        defer { server.stop() }
        let fetcher = fetcher(maximumBytes: 1 << 20)
        let longer = try await fetcher.data(for: .url(server.url("/longer.png")))
        #expect(longer.count == png.count + 1000 && longer.prefix(png.count) == png)
        #expect(
            await error { try await fetcher.data(for: .url(server.url("/shorter.png"))) }
                == .connectionFailed(reason: "Connection lost"))
    }

    @Test("a server that drips bytes slower than the timeout times out")
    func slowDrip() async throws {
        // The head and the PNG signature at once, then one byte a second.
        let server = try LocalHTTPServer([
            "/drip.png": .stream(prefix: png.prefix(8), chunk: Data([0]), pause: .seconds(1))
        ])
        defer { server.stop() }
        let fetcher = fetcher(timeout: .milliseconds(300))
        #expect(await error { try await fetcher.data(for: .url(server.url("/drip.png"))) } == .timedOut)
        // One byte a second: far fewer than a minute's worth, however late this test gets
        // to look (the whole suite shares two cores and may keep it waiting for seconds).
        #expect(server.bodyBytesSent < 8 + 60)
        #expect(fetcher.transfersInFlight == 0)
    }

    @Test("a server that trickles steadily forever ends at the maximum duration")
    func endlessTrickle() async throws {
        let server = try LocalHTTPServer([
            "/trickle.png": .stream(prefix: png.prefix(8), chunk: Data([0]), pause: .milliseconds(20))
        ])
        defer { server.stop() }
        // Never silent for the timeout, never near the size limit: only the duration ends it.
        let fetcher = fetcher(timeout: .seconds(60), maximumDuration: .milliseconds(800))
        #expect(await error { try await fetcher.data(for: .url(server.url("/trickle.png"))) } == .timedOut)
        // Ended, not abandoned: the connection is closed, so the server can send no more.
        // (How long it ran is no measure here: a loaded machine may hand the result to
        // this task many seconds after the fetcher gave up.)
        #expect(server.bodyBytesSent > 8, "some of the body arrived before the end")
        // The transfer's clean-up closes the socket on curl's thread, which a loaded
        // machine may run a little after the error came back: the connection must stop
        // taking bytes soon after, not at once. (The server writes one byte per 20 ms:
        // 400 ms with at most two more means it was closed.)
        var stopped = false
        for _ in 0..<25 where !stopped {
            let before = server.bodyBytesSent
            try await Task.sleep(for: .milliseconds(400))
            stopped = server.bodyBytesSent - before <= 2
        }
        #expect(stopped, "the server could still send after 10 s: the connection was left open")
    }

    @Test("cancelling downloads, before and after bytes arrive, always ends as cancelled")
    func cancelMany() async throws {
        let server = try LocalHTTPServer([
            "/endless.png": .stream(prefix: png, chunk: filler, pause: .milliseconds(5)),
            "/fast.png": .stream(prefix: png, chunk: filler, pause: .milliseconds(1)),
            "/silent.png": .silent,
        ])
        defer { server.stop() }
        // Only a cancellation ends these: the fastest would take 16 s to reach the limit.
        // (Saturated streams are `concurrentCancellations`'s.)
        let fetcher = fetcher(maximumBytes: 1 << 30)
        for round in 0..<50 {
            let path = ["/endless.png", "/fast.png", "/silent.png"][round % 3]
            let asked = server.requests.count, sent = server.bodyBytesSent
            let task = Task { try await fetcher.data(for: .url(server.url(path))) }
            switch round % 5 {
            case 0: break  // at once, most often before the request is made
            case 1: await Task.yield()
            case 2:
                // Once the server has been asked.
                while server.requests.count == asked { try await Task.sleep(for: .milliseconds(1)) }
            default:
                // Once body bytes are on their way (for the silent server: once it was asked).
                while path == "/silent.png" ? server.requests.count == asked : server.bodyBytesSent == sent {
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
            task.cancel()
            let outcome = await error { try await task.value }
            #expect(outcome == .cancelled, "round \(round), \(path)")
            // A cancelled fetch returns once its transfer is over: nothing is left running.
            #expect(fetcher.transfersInFlight == 0, "round \(round)")
        }
        // The fetcher hung up on every connection it opened.
        while server.openConnections > 0 { try await Task.sleep(for: .milliseconds(10)) }
        // And it still works.
        let server2 = try LocalHTTPServer(["/cat.png": .answer(status: 200, body: png)])
        defer { server2.stop() }
        #expect(try await fetcher.data(for: .url(server2.url("/cat.png"))) == png)
    }

    @Test("concurrent downloads, cancelled or over the limit, leave nothing running and memory bounded")
    func concurrentCancellations() async throws {
        let server = try LocalHTTPServer([
            "/fast.png": .stream(prefix: png, chunk: filler),
            "/steady.png": .stream(prefix: png, chunk: Data(repeating: 1, count: 16 << 10), pause: .milliseconds(2)),
        ])
        defer { server.stop() }
        let fetcher = fetcher(maximumBytes: 256 << 10)
        await measuringMemory {
            let before = peakResidentBytes()
            for round in 0..<20 {
                let outcomes = await withTaskGroup(of: ImageError?.self) { group in
                    for index in 0..<6 {
                        let url = server.url(index % 2 == 0 ? "/fast.png" : "/steady.png")
                        let task = Task { try await fetcher.data(for: .url(url)) }
                        group.addTask {
                            // Two in three are cancelled, a different moment each; the rest
                            // run into the limit.
                            if (index + round) % 3 != 0 {
                                try? await Task.sleep(for: .microseconds((round * 37 + index * 101) % 3000))
                                task.cancel()
                            }
                            return await error { try await task.value }
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(outcomes.allSatisfy { $0 == .cancelled || $0 == .tooLarge(limit: 256 << 10) }, "round \(round): \(outcomes)")
                #expect(fetcher.transfersInFlight == 0, "round \(round)")
            }
            let growth = peakResidentBytes() - before
            // Six downloads at once, each holding at most 256 KB, counted where it is held.
            #expect(fetcher.downloadBuffers.peak <= Download.maximumWorkers * (256 << 10), "\(fetcher.downloadBuffers.peak) bytes held")
            #expect(fetcher.downloadBuffers.held == 0)
            // The process's peak counts the suites beside this one too: only gigabytes fail.
            #expect(growth < 1 << 30, "peak memory grew by \(growth >> 20) MB")
        }
        while server.openConnections > 0 { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("a good image downloads through a redirect and is cached under the address asked for")
    func redirect() async throws {
        let server = try LocalHTTPServer([
            "/old.png": .answer(status: 302, body: Data(), headers: ["Location": "/cat.png"]),
            "/cat.png": .answer(status: 200, body: png, contentType: "image/png"),
            "/loop.png": .answer(status: 302, body: Data(), headers: ["Location": "/loop.png"]),
            "/elsewhere.png": .answer(status: 302, body: Data(), headers: ["Location": "ftp://127.0.0.1/cat.png"]),
        ])
        defer { server.stop() }
        let cache = ImageDiskCache(directory: temporaryDirectory())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let fetcher = fetcher(cache: cache)
        #expect(try await fetcher.data(for: .url(server.url("/old.png"))) == png)
        #expect(server.requests == ["/old.png", "/cat.png"])
        #expect(cache.data(for: server.url("/old.png")) == png)
        #expect(
            await error { try await fetcher.data(for: .url(server.url("/loop.png"))) }
                == .connectionFailed(reason: "Too many redirects"))
        #expect(
            await error { try await fetcher.data(for: .url(server.url("/elsewhere.png"))) }
                == .connectionFailed(reason: "Unsupported address"))
    }

    @Test("an unreachable server says so: refused, never answering the connection, or unknown")
    func unreachable() async throws {
        let port = try closedPort()
        for host in ["127.0.0.1", "[::1]"] {
            let refused = await error { try await fetcher().data(for: .url(URL(string: "http://\(host):\(port)/cat.png")!)) }
            #expect(refused == .connectionFailed(reason: "Can't reach the server"), "\(host)")
            #expect(refused?.description == "Can't reach the server")
        }
        // A server whose connection queue is full drops the connection attempt (as a host
        // that is down does): that is not reaching it, rather than a slow answer.
        let full = try FullListener()
        defer { full.close() }
        let dropped = await error { try await fetcher(timeout: .milliseconds(400)).data(for: .url(full.url)) }
        #expect(dropped == .connectionFailed(reason: "Can't reach the server"))
        // `.invalid` never resolves (RFC 6761).
        let unknown = await error { try await fetcher().data(for: .url(URL(string: "http://parley-test.invalid/cat.png")!)) }
        #expect(unknown == .connectionFailed(reason: "Server not found"))
    }

    /// A loopback listener that never accepts, with a backlog of zero already filled by
    /// one connection: Linux drops every further SYN, so connecting never completes.
    struct FullListener {
        let listener: Int32
        let filler: Int32
        let url: URL

        init() throws {
            let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let filler = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, $0, &length) == 0
                }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) == 0 }
            }
            guard listening, connected else {
                Glibc.close(filler)
                Glibc.close(listener)
                throw POSIXError(.EIO)
            }
            self.listener = listener
            self.filler = filler
            url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/cat.png")!
        }

        func close() {
            Glibc.close(filler)
            Glibc.close(listener)
        }
    }

    /// A loopback port nothing listens on: one the kernel gave out, then closed.
    func closedPort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
