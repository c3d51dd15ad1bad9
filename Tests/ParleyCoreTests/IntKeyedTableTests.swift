import ParleyTestSupport
import Testing

@_spi(Tables) @testable import ParleyCore

/// The table behind the viewport's heights and the terminal's legible lines answers what a
/// dictionary would, for keys that collide in its slots, across growth and after purges
/// (#15).
@Suite("IntKeyedTable")
struct IntKeyedTableTests {
    /// Random keys of every kind the users store: small indices, 16-byte-aligned addresses,
    /// negatives, and keys that differ only in their high bits.
    static func keys(_ count: Int, seed: UInt64) -> [Int] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let bits = random.next()
            switch index % 4 {
            case 0: return Int(bits % 5_000)
            case 1: return Int(0x5500_0000_0000 + bits % 0x100_0000_0000) & ~15
            case 2: return -Int(1 + bits % 1_000_000)
            default: return Int(bits % 64) << 56
            }
        }
    }

    @Test("every insertion and replacement reads back as from a dictionary, through growth")
    func matchesDictionary() {
        for seed in 1...20 as ClosedRange<UInt64> {
            var table = IntKeyedTable<String>()
            var expected: [Int: String] = [:]
            for (step, key) in Self.keys(600, seed: seed).enumerated() {
                table[key] = "v\(step)"
                expected[key] = "v\(step)"
                #expect(table.count == expected.count)
            }
            for (key, value) in expected { #expect(table[key] == value) }
            for key in Self.keys(200, seed: seed + 1000) where expected[key] == nil { #expect(table[key] == nil) }
        }
    }

    @Test("purging keeps exactly the entries not excluded, and they stay findable")
    func purging() {
        var table = IntKeyedTable<Int>(minimumCapacity: 10)
        let keys = Set(Self.keys(500, seed: 7))
        for key in keys { table[key] = key & 0xFF }
        table.removeAll { $0 % 3 == 0 }
        for key in keys {
            let value = key & 0xFF
            #expect(table[key] == (value % 3 == 0 ? nil : value))
        }
        #expect(table.count == keys.count { ($0 & 0xFF) % 3 != 0 })
        table.removeAll()
        #expect(table.isEmpty)
        #expect(keys.allSatisfy { table[$0] == nil })
        // Emptied, it still takes entries.
        table[42] = 1
        #expect(table[42] == 1 && table.count == 1)
    }

    @Test("an empty table answers nil for any key, Int.min included")
    func empty() {
        let table = IntKeyedTable<Double>()
        #expect(table[0] == nil && table[Int.min] == nil && table[Int.max] == nil)
    }
}
