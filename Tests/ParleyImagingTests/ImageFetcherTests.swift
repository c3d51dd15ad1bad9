import Foundation
import ParleyCore
import Testing

@testable import ParleyImaging

@Suite("Fetching")
struct ImageFetcherTests {
    let png = TestImages.png(TestImages.gradient(width: 32, height: 24))

    /// A fetcher with a private disk cache (or none) and the given limits.
    func fetcher(cache: URL? = nil, maximumBytes: Int = 64 << 20, timeout: Duration = .seconds(15)) -> ImageFetcher {
        ImageFetcher(
            configuration: .init(
                maximumBytes: maximumBytes, timeout: timeout, diskCache: cache.map { ImageDiskCache(directory: $0) }))
    }

    @Test("files: read, missing, a folder, over the size limit")
    func files() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("picture.png")
        try png.write(to: file)
        let fetcher = fetcher(maximumBytes: png.count)
        #expect(try await fetcher.data(for: .file(path: file.path)) == png)
        #expect(try await fetcher.data(for: .url(file)) == png)
        #expect(await error { try await fetcher.data(for: .file(path: folder.appendingPathComponent("nope.png").path)) } == .notFound)
        #expect(await error { try await fetcher.data(for: .file(path: folder.path)) } == .unreadable)
        let small = self.fetcher(maximumBytes: png.count - 1)
        #expect(await error { try await small.data(for: .file(path: file.path)) } == .tooLarge(limit: png.count - 1))
        #expect(await error { try await small.data(for: .data(png)) } == .tooLarge(limit: png.count - 1))
        #expect(ImageError.tooLarge(limit: 64 << 20).description == "Image larger than 64 MB")
    }

    @Test("a server that never answers times out within the configured timeout")
    func timeout() async throws {
        let server = try LocalHTTPServer(["/slow.png": .silent])
        defer { server.stop() }
        let fetcher = fetcher(timeout: .milliseconds(600))
        let clock = ContinuousClock()
        let start = clock.now
        let failure = await error { try await fetcher.data(for: .url(server.url("/slow.png"))) }
        let elapsed = clock.now - start
        #expect(failure == .timedOut)
        // Not before the configured silence.
        #expect(elapsed >= .milliseconds(500), "took \(elapsed)")
        #expect(server.requests == ["/slow.png"])
    }

    @Test("an answer that is no image is refused and not cached")
    func notAnImage() async throws {
        let server = try LocalHTTPServer([
            "/page": .answer(status: 200, body: Data("<html>Log in first</html>".utf8), contentType: "text/html")
        ])
        defer { server.stop() }
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let fetcher = fetcher(cache: cache)
        #expect(await error { try await fetcher.data(for: .url(server.url("/page"))) } == .notAnImage)
        #expect(await error { try await fetcher.data(for: .url(server.url("/page"))) } == .notAnImage)
        #expect(server.requests.count == 2)
    }

    @Test("HTTP errors: 404 is not found, others carry their status")
    func httpStatus() async throws {
        let server = try LocalHTTPServer(["/broken": .answer(status: 503, body: Data("down".utf8))])
        defer { server.stop() }
        let fetcher = fetcher()
        #expect(await error { try await fetcher.data(for: .url(server.url("/missing.png"))) } == .notFound)
        #expect(await error { try await fetcher.data(for: .url(server.url("/broken"))) } == .httpStatus(503))
        #expect(ImageError.httpStatus(503).description == "Server error (HTTP 503)")
    }

    @Test("downloads over the size limit stop, announced or not")
    func tooLarge() async throws {
        let big = Data(repeating: 0xAB, count: 200_000)
        let server = try LocalHTTPServer([
            "/announced": .answer(status: 200, body: png + big),
            "/streamed": .answer(status: 200, body: png + big, contentLength: false),
        ])
        defer { server.stop() }
        let fetcher = fetcher(maximumBytes: 100_000)
        #expect(await error { try await fetcher.data(for: .url(server.url("/announced"))) } == .tooLarge(limit: 100_000))
        #expect(await error { try await fetcher.data(for: .url(server.url("/streamed"))) } == .tooLarge(limit: 100_000))
    }

    @Test("a large answer arrives whole, in order")
    func largeAnswer() async throws {
        let body = png + Data((0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try LocalHTTPServer([
            "/big.png": .answer(status: 200, body: body),
            "/big-streamed.png": .answer(status: 200, body: body, contentLength: false),
        ])
        defer { server.stop() }
        let fetcher = fetcher()
        #expect(try await fetcher.data(for: .url(server.url("/big.png"))) == body)
        #expect(try await fetcher.data(for: .url(server.url("/big-streamed.png"))) == body)
    }

    @Test("a second fetch comes from the disk cache, without the network")
    func diskCache() async throws {
        let server = try LocalHTTPServer(["/cat.png": .answer(status: 200, body: png, contentType: "image/png")])
        let url = server.url("/cat.png")
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(try await fetcher(cache: cache).data(for: .url(url)) == png)
        #expect(server.requests == ["/cat.png"])
        server.stop()
        // A new fetcher (a new run of the app) with the server gone.
        let picture = try await fetcher(cache: cache).picture(for: .url(url), maxWidth: 16, maxHeight: 16)
        #expect(picture.width == 16 && picture.height == 12)
        #expect(server.requests == ["/cat.png"])
        // Without a disk cache, the same fetch needs the network.
        #expect(await error { try await fetcher().data(for: .url(url)) } == .connectionFailed(reason: "Can't reach the server"))
    }

    @Test("a cached download that does not decode is dropped, so a retry downloads again")
    func corruptCacheEntry() async throws {
        let cache = ImageDiskCache(directory: temporaryDirectory())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let url = URL(string: "http://127.0.0.1:9/damaged.png")!
        cache.store(png.prefix(60), for: url)
        let fetcher = ImageFetcher(configuration: .init(diskCache: cache))
        await #expect(throws: ImageError.corrupt) { try await fetcher.picture(for: .url(url), maxWidth: 8, maxHeight: 8) }
        #expect(cache.data(for: url) == nil)
    }

    @Test("a cancelled download ends at once as cancelled")
    func cancelled() async throws {
        let server = try LocalHTTPServer(["/slow.png": .silent])
        defer { server.stop() }
        let fetcher = fetcher()
        let task = Task { try await fetcher.data(for: .url(server.url("/slow.png"))) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        // The server never answers: without cancellation this could only end as a timeout
        // (15 s by default), so `.cancelled` shows the cancel ended it.
        #expect(await error { try await task.value } == .cancelled)
    }

    @Test("addresses other than http, https and file are refused")
    func schemes() async {
        let failure = await error { try await fetcher().data(for: .url(URL(string: "ftp://example.com/a.png")!)) }
        #expect(failure == .connectionFailed(reason: "Unsupported address"))
    }
}
