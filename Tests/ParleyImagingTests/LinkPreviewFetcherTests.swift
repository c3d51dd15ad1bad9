import Foundation
import ParleyCore
import Testing

@testable import ParleyImaging

/// Link previews from real pages on a local server (#13): what the page says, and
/// every way a page can be broken, huge, slow or hostile ending in no preview, quickly.
@Suite("Link previews from pages")
struct LinkPreviewFetcherTests {
    /// A fetcher that may ask this machine's server, with short limits for the tests.
    static func fetcher(bytes: Int = 512 << 10, timeout: Duration = .seconds(2), cache: ImageDiskCache? = nil) -> LinkPreviewFetcher {
        LinkPreviewFetcher(configuration: .init(
            maximumBytes: bytes, timeout: timeout, maximumDuration: .seconds(4), diskCache: cache, allowsLocalAddresses: true))
    }

    static func html(_ head: String, body: String = "<p>Hello</p>") -> Data {
        Data("<!doctype html><html><head>\(head)</head><body>\(body)</body></html>".utf8)
    }

    static let openGraph = html("""
        <meta charset="utf-8"><title>Ignored title</title>
        <meta property="og:title" content="Swift &amp; friends">
        <meta property="og:description" content="A blog   about
            the language.">
        <meta property="og:site_name" content="Swift.org">
        <meta property="og:image" content="/images/og.png">
        <meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
        """)

    @Test("Open Graph tags: title, summary, site, a relative picture made absolute, its size; entities decoded")
    func openGraphTags() async throws {
        let server = try LocalHTTPServer(["/post": .answer(status: 200, body: Self.openGraph, contentType: "text/html")])
        defer { server.stop() }
        let preview = try #require(await Self.fetcher().linkPreview(for: server.url("/post")))
        #expect(preview.url == server.url("/post"))
        #expect(preview.title == "Swift & friends")
        #expect(preview.summary == "A blog about the language.")
        #expect(preview.siteName == "Swift.org")
        #expect(preview.image == .url(server.url("/images/og.png")))
        #expect(preview.imageSize == Size(width: 1200, height: 630))
    }

    @Test("without Open Graph: <title> and the description; a page in Latin-1 read as such")
    func plainPage() async throws {
        let latin1 = Data("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"><title>Caf\u{E9} cr\u{E8}me</title><meta name=\"description\" content=\"Gr\u{FC}\u{DF}e\"></head></html>".unicodeScalars.map { UInt8($0.value) })
        let server = try LocalHTTPServer([
            "/plain": .answer(status: 200, body: Self.html("<title> Just a   page </title><meta name=description content='Words.'>"), contentType: "text/html"),
            "/latin1": .answer(status: 200, body: latin1, contentType: "text/html"),
        ])
        defer { server.stop() }
        let fetcher = Self.fetcher()
        let plain = try #require(await fetcher.linkPreview(for: server.url("/plain")))
        #expect(plain.title == "Just a page")
        #expect(plain.summary == "Words.")
        #expect(plain.siteName == nil)
        #expect(plain.displaySite == "127.0.0.1")
        let accented = try #require(await fetcher.linkPreview(for: server.url("/latin1")))
        #expect(accented.title == "Café crème")
        #expect(accented.summary == "Grüße")
    }

    @Test("nothing to show gives no preview: no tags, not a page, an error status, nothing there, a bad address")
    func nothing() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 4000))
        let server = try LocalHTTPServer([
            "/bare": .answer(status: 200, body: Self.html("", body: "<h1>No head</h1>"), contentType: "text/html"),
            "/png": .answer(status: 200, body: png, contentType: "image/png"),
            "/gone": .answer(status: 410, body: Self.openGraph, contentType: "text/html"),
            "/error": .answer(status: 500, body: Self.openGraph, contentType: "text/html"),
            "/empty": .answer(status: 200, body: Data(), contentType: "text/html"),
            "/garbage": .answer(status: 200, body: Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), contentType: "text/html"),
        ])
        defer { server.stop() }
        let fetcher = Self.fetcher()
        for path in ["/bare", "/png", "/gone", "/error", "/empty", "/garbage", "/missing"] {
            #expect(await fetcher.linkPreview(for: server.url(path)) == nil, "\(path)")
        }
        #expect(await fetcher.linkPreview(for: URL(string: "ftp://example.com/x")!) == nil)
        #expect(await fetcher.linkPreview(for: URL(string: "http://127.0.0.1:1/refused")!) == nil)
    }

    @Test("hostile texts arrive inert and bounded: escapes, bidi overrides, a megabyte title")
    func hostile() async throws {
        let huge = String(repeating: "A", count: 1 << 20)
        let page = Self.html("""
            <meta property="og:title" content="\u{1B}]0;pwned\u{07}\u{1B}[2J Title">
            <meta property="og:description" content="\(huge)">
            <meta property="og:site_name" content="&#x202E;gro.tfiws">
            <meta property="og:image" content="javascript:alert(1)">
            """)
        let server = try LocalHTTPServer(["/evil": .answer(status: 200, body: page, contentType: "text/html")])
        defer { server.stop() }
        let preview = try #require(await Self.fetcher(bytes: 4 << 20).linkPreview(for: server.url("/evil")))
        let texts = [preview.title, preview.summary, preview.siteName].compactMap { $0 }.joined()
        #expect(!texts.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(preview.title == "␛]0;pwned␇␛[2J Title")
        #expect(preview.summary?.count == LinkPreview.maximumSummaryLength)
        #expect(preview.image == nil, "only http and https pictures")
    }

    @Test("an endless page is read to the limit and no further; its head still makes the preview", .timeLimit(.minutes(1)))
    func endless() async throws {
        let head = Data("<html><head><meta property=\"og:title\" content=\"Forever\"></head><body>".utf8)
        let server = try LocalHTTPServer(["/endless": .stream(prefix: head, chunk: Data(repeating: UInt8(ascii: "x"), count: 64 << 10))])
        defer { server.stop() }
        // No maximum duration to end it: only the byte limit can.
        let fetcher = LinkPreviewFetcher(configuration: .init(
            maximumBytes: 256 << 10, timeout: .seconds(60), maximumDuration: .seconds(3600), allowsLocalAddresses: true))
        let preview = await fetcher.linkPreview(for: server.url("/endless"))
        #expect(preview?.title == "Forever")
        #expect(server.bodyBytesSent < 256 << 10 + (32 << 20), "the server sent \(server.bodyBytesSent >> 20) MB")
    }

    @Test("a silent server and one announcing ten gigabytes end without a preview and without waiting for them",
          .timeLimit(.minutes(1)))
    func stalled() async throws {
        let server = try LocalHTTPServer([
            "/silent": .silent,
            "/huge": .stream(prefix: Data(), chunk: Data(), contentLength: 10 << 30),
        ])
        defer { server.stop() }
        // Only the silence timeout can end these (the maximum duration is an hour): a fetch
        // that waited for the server would run into the test's time limit.
        let fetcher = LinkPreviewFetcher(configuration: .init(
            timeout: .milliseconds(400), maximumDuration: .seconds(3600), allowsLocalAddresses: true))
        #expect(await fetcher.linkPreview(for: server.url("/silent")) == nil)
        #expect(await fetcher.linkPreview(for: server.url("/huge")) == nil)
    }

    @Test("answers are remembered, no preview included: the second ask reaches no server")
    func memory() async throws {
        let server = try LocalHTTPServer([
            "/post": .answer(status: 200, body: Self.openGraph, contentType: "text/html"),
            "/bare": .answer(status: 200, body: Self.html(""), contentType: "text/html"),
        ])
        defer { server.stop() }
        let fetcher = Self.fetcher()
        let first = await fetcher.linkPreview(for: server.url("/post"))
        #expect(await fetcher.linkPreview(for: server.url("/post")) == first)
        #expect(await fetcher.linkPreview(for: server.url("/bare")) == nil)
        #expect(await fetcher.linkPreview(for: server.url("/bare")) == nil)
        #expect(server.requests == ["/post", "/bare"])
    }

    @Test("with a disk cache, another fetcher answers from it")
    func disk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-previews-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LocalHTTPServer(["/post": .answer(status: 200, body: Self.openGraph, contentType: "text/html")])
        let first = await Self.fetcher(cache: ImageDiskCache(directory: folder)).linkPreview(for: server.url("/post"))
        server.stop()
        let again = await Self.fetcher(cache: ImageDiskCache(directory: folder)).linkPreview(for: server.url("/post"))
        #expect(first != nil)
        #expect(again == first)
    }

    @Test("by default no page on this machine or the local network is fetched", arguments: [
        "http://127.0.0.1:9/", "http://localhost/", "http://[::1]/", "http://10.1.2.3/", "http://192.168.0.1/",
        "http://172.20.0.1/", "http://169.254.169.254/latest/meta-data", "http://2130706433/", "http://printer.local/",
    ])
    func local(address: String) async throws {
        let url = try #require(URL(string: address))
        #expect(LinkPreviewFetcher.isLocal(url))
        #expect(await LinkPreviewFetcher().linkPreview(for: url) == nil)
    }

    @Test("public addresses and names are not taken for local ones", arguments: [
        "https://swift.org/", "http://8.8.8.8/", "http://172.32.0.1/", "https://10.example.com/",
    ])
    func notLocal(address: String) throws {
        #expect(!LinkPreviewFetcher.isLocal(try #require(URL(string: address))))
    }

    @Test("the parser survives deep nesting, broken markup and a head spilled into the body")
    func brokenMarkup() {
        let deep = String(repeating: "<div>", count: 100_000) + "<meta property='og:title' content='Deep'>"
        let url = URL(string: "https://example.com/")!
        _ = PageMetadata(html: Data(deep.utf8), url: url)  // returns, whatever it finds
        let broken = PageMetadata(html: Data("<head><title>Half <meta property=og:title content=Broken".utf8), url: url)
        #expect(broken.title != nil)
        let spilled = PageMetadata(html: Data("<body><meta property=og:title content=Spilled></body>".utf8), url: url)
        #expect(spilled.title == "Spilled")
    }
}
