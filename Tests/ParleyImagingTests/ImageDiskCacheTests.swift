import Foundation
import Testing

@testable import ParleyImaging

@Suite("Disk cache")
struct ImageDiskCacheTests {
    @Test("entries round-trip, are checked against their URL, and can be removed")
    func roundTrip() throws {
        let cache = ImageDiskCache(directory: temporaryDirectory())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let first = URL(string: "https://example.com/a.png")!, second = URL(string: "https://example.com/b.png")!
        cache.store(Data("first".utf8), for: first)
        #expect(cache.data(for: first) == Data("first".utf8))
        #expect(cache.data(for: second) == nil)
        // Another URL's file under this URL's name (as a hash collision would put it) is a miss.
        try FileManager.default.copyItem(at: cache.file(for: first), to: cache.file(for: second))
        #expect(cache.data(for: second) == nil)
        cache.remove(first)
        #expect(cache.data(for: first) == nil)
    }

    @Test("past its size the least recently used entries go")
    func trims() throws {
        let cache = ImageDiskCache(directory: temporaryDirectory(), maximumBytes: 2_000)
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let urls = (0..<3).map { URL(string: "https://example.com/\($0).png")! }
        for (index, url) in urls.enumerated() {
            cache.store(Data(repeating: UInt8(index), count: 800), for: url)
            // Modification times order the entries; make them distinct.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(index - 10))], ofItemAtPath: cache.file(for: url).path)
        }
        _ = cache.data(for: urls[0])  // now the most recently used
        cache.trim()
        #expect(cache.data(for: urls[0]) != nil)
        #expect(cache.data(for: urls[1]) == nil)
        #expect(cache.data(for: urls[2]) != nil)
    }

    @Test("the standard folder follows XDG_CACHE_HOME")
    func standardFolder() {
        let path = ImageDiskCache.standardDirectory.path
        #expect(path.hasSuffix("/parley/images"))
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            #expect(path.hasPrefix(xdg))
        } else {
            #expect(path.hasSuffix("/.cache/parley/images"))
        }
    }
}
