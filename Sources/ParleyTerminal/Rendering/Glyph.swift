import Synchronization

/// A cell's grapheme cluster, held without a reference, so that copying, comparing and
/// hashing cells is plain memory work (a screen is 12,000 of them, and every frame copies,
/// compares and recolours lines of them).
///
/// Up to 15 bytes of UTF-8 are kept in place: every letter, CJK character, symbol, emoji
/// with a variation selector or a skin tone, and flag. A longer cluster (emoji joined by
/// zero-width joiners, a letter under a stack of marks) is kept as its number in
/// ``GlyphTable``. Glyphs are equal when their bytes are: "é" and "e" with a combining
/// accent are two glyphs, as they are two different things to send.
struct Glyph: Hashable, Sendable {
    /// UTF-8 bytes 0–7 (the first in the lowest byte), or a ``GlyphTable`` number.
    private let low: UInt64
    /// UTF-8 bytes 8–14 and, in the top byte, how many bytes are held (0–15), or
    /// ``tabled`` when `low` is a table number.
    private let high: UInt64

    /// The top byte of `high` for a cluster kept in ``GlyphTable``.
    private static let tabled: UInt64 = 0xFF
    /// The most bytes held in place.
    static let inlineCapacity = 15
    /// The most scalars a glyph keeps (a base and Unicode's stream-safe limit of 30
    /// marks): a cluster of 300,000 combining marks would otherwise be kept, and sent,
    /// whole.
    static let mostScalars = 31

    /// The right half of a wide character: no cluster.
    static let none = Glyph(low: 0, high: 0)
    /// A space.
    static let space = Glyph(ascii: 0x20)
    /// U+FFFD, for clusters ``GlyphTable`` has no room for.
    static let replacement = Glyph("\u{FFFD}")

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The one-byte cluster `byte` (an ASCII byte below 0x80).
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    /// `text`, which should be one grapheme cluster (or "" for ``none``). A long cluster
    /// is cut to ``mostScalars`` scalars and entered in ``GlyphTable/shared``; when that
    /// is full it becomes U+FFFD.
    init(_ text: String) {
        let count = text.utf8.count
        guard count <= Self.inlineCapacity else {
            if let number = GlyphTable.shared.number(for: Self.cut(text.unicodeScalars)) {
                low = UInt64(number)
                high = Self.tabled << 56
            } else {
                self = .replacement
            }
            return
        }
        var low: UInt64 = 0, high: UInt64 = 0
        for (index, byte) in text.utf8.enumerated() {
            if index < 8 {
                low |= UInt64(byte) << (8 * index)
            } else {
                high |= UInt64(byte) << (8 * (index - 8))
            }
        }
        self.low = low
        self.high = high | UInt64(count) << 56
    }

    /// `character`, cut as a string is, without copying a huge cluster first.
    init(_ character: Character) {
        self.init(character.utf8.count > Self.inlineCapacity ? Self.cut(character.unicodeScalars) : String(character))
    }

    /// The first ``mostScalars`` of `scalars`.
    private static func cut(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(mostScalars))
        return String(kept)
    }

    /// Whether this is ``none``.
    var isEmpty: Bool { high == 0 }

    /// The byte of a one-byte cluster (ASCII); nil for any other.
    var ascii: UInt8? { high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil }

    /// How many UTF-8 bytes the cluster has.
    var utf8Count: Int {
        let count = Int(high >> 56)
        return count == Int(Self.tabled) ? text.utf8.count : count
    }

    /// The first UTF-8 byte; nil for ``none``.
    var firstByte: UInt8? {
        switch high >> 56 {
        case 0: return nil
        case Self.tabled: return text.utf8.first
        default: return UInt8(truncatingIfNeeded: low)
        }
    }

    /// This glyph's slot in a ``RecentSlots`` table, picked from its bits by a
    /// multiplication.
    var slot: Int { Int(truncatingIfNeeded: ((low ^ high &* 0x0000_0100_0000_01B3) &* 0x9E37_79B9_7F4A_7C15) >> 58) }

    /// Whether the cluster is one block element (U+2580–U+259F: half blocks, shades,
    /// quadrants), read from its bytes (E2 96 80–9F).
    var isBlockElement: Bool {
        high == 3 << 56 && low & 0xFFFF == 0x96E2 && (0x80...0x9F).contains(low >> 16)
    }

    /// The cluster as a string.
    var text: String {
        let count = Int(high >> 56)
        if count == Int(Self.tabled) { return GlyphTable.shared.text(UInt32(truncatingIfNeeded: low)) }
        if count == 0 { return "" }
        if count == 1, low < 0x80 { return Self.asciiStrings[Int(low)] }
        return withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { raw in
            String(decoding: raw.prefix(count), as: UTF8.self)
        }
    }

    /// Appends the cluster's UTF-8 bytes to `bytes`.
    func appendUTF8(to bytes: inout [UInt8]) {
        let count = Int(high >> 56)
        if count == Int(Self.tabled) {
            bytes.append(contentsOf: text.utf8)
            return
        }
        // Byte by byte: most clusters are one to four bytes, and a slice of a buffer costs
        // more to append than that (#15).
        var rest = low
        for index in 0..<count {
            if index == 8 { rest = high }
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    /// One-character strings of the ASCII bytes, made once.
    private static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
}

/// The clusters too long for a ``Glyph`` to hold in place, each kept once for the life
/// of the process and known by its number.
///
/// Clusters are told apart by their bytes. Ordinary text has a few thousand such
/// clusters at most (Unicode's emoji sequences with joiners); the shared table holds at
/// most 65,536 of at most 31 scalars each (about 8 MB at worst), and past that new ones
/// read as U+FFFD, so text made to fill memory this way cannot.
final class GlyphTable: Sendable {
    /// The table every glyph uses.
    static let shared = GlyphTable(capacity: 1 << 16)

    /// The most clusters kept.
    let capacity: Int

    private struct Entries {
        var texts: [String] = []
        var numbers: [[UInt8]: UInt32] = [:]
    }

    private let entries = Mutex(Entries())

    /// An empty table keeping at most `capacity` clusters.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of `text`, entered if it is new; nil when the table is full.
    func number(for text: String) -> UInt32? {
        // By bytes: strings compare by canonical equivalence, which would give two
        // spellings of a cluster one number and send the first spelling for both.
        let bytes = Array(text.utf8)
        return entries.withLock { entries in
            if let known = entries.numbers[bytes] { return known }
            guard entries.texts.count < capacity else { return nil }
            let number = UInt32(entries.texts.count)
            entries.texts.append(text)
            entries.numbers[bytes] = number
            return number
        }
    }

    /// The cluster numbered `number` (U+FFFD for a number never given out).
    func text(_ number: UInt32) -> String {
        entries.withLock { entries in
            Int(number) < entries.texts.count ? entries.texts[Int(number)] : "\u{FFFD}"
        }
    }

    /// How many clusters are kept.
    var count: Int { entries.withLock { $0.texts.count } }
}
