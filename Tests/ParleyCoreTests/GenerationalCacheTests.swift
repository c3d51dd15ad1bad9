import Testing

@_spi(Tables) @testable import ParleyCore

/// The two-generation cache behind the layout engine and the terminal's wrapped lines
/// stays bounded and keeps what was used within the last generation.
@Suite("GenerationalCache")
struct GenerationalCacheTests {
    @Test("never more than two generations; a value used again survives the next turn")
    func boundedAndRecent() {
        var cache = GenerationalCache<Int, String>(generationSize: 4)
        for key in 0..<4 { cache.insert("v\(key)", for: key) }
        #expect(cache.count == 4)
        // The fifth turns the generations: 0–3 are older now.
        cache.insert("v4", for: 4)
        #expect(cache.count == 5)
        // Used from the older generation, 1 moves to the newer one.
        #expect(cache.value(for: 1) == "v1")
        for key in 5..<8 { cache.insert("v\(key)", for: key) }
        // The newer generation (4, 1, 5, 6) was full: it turned, and 0, 2, 3 went.
        #expect(cache.value(for: 0) == nil && cache.value(for: 2) == nil && cache.value(for: 3) == nil)
        #expect(cache.value(for: 1) == "v1" && cache.value(for: 7) == "v7")
        #expect(cache.count <= 8)
        cache.removeAll()
        #expect(cache.count == 0 && cache.value(for: 7) == nil)
    }
}
