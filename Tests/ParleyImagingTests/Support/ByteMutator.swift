import ParleyTestSupport

/// A seeded, deterministic mutation fuzzer's mutator: turns a valid input into a damaged
/// one by a few random edits, the same edits for the same seed on every machine.
///
/// The edits are the ones that find bugs in parsers of binary formats: flipped bits,
/// changed bytes (often to 0x00, 0xFF, 0x7F or 0x80), cuts, inserted chunks (random bytes,
/// a copy of part of the input, or a token of the format such as a marker), removed
/// ranges, and known fields, such as a header's width and height, set to extremes (0, 1,
/// the largest values), one at a time or a group together (a size is only huge when both
/// its width and its height are). Nothing here knows a format: the caller names its fields
/// and tokens, and fixes up checksums afterwards when it wants the edits to get past them.
struct ByteMutator {
    /// A number stored in the input, set to extremes by ``Edit/extremeField``.
    struct Field: Sendable {
        /// Where it starts.
        var offset: Int
        /// Its size in bytes (1 to 8).
        var size: Int
        /// Whether its most significant byte comes first.
        var bigEndian = true
        /// Fields with the same group (other than nil) are also set to extremes together.
        var group: Int?
    }

    /// The kinds of edit.
    enum Edit: String, CaseIterable, Sendable {
        case flipBit, changeByte, truncate, insert, remove, extremeField, extremeGroup
    }

    /// The edits' randomness: the same everywhere for one seed.
    private var random: SeededRandom

    /// A mutator whose edits follow from `seed`.
    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { random.next() }

    /// A random number in `0..<bound` (0 when `bound` is not positive).
    mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    /// A random number in `range`.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True one time in `n`.
    mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }

    /// `input` with one to `maximumEdits` random edits applied, one after the other, and
    /// the edits made (for a failure message). `fields` and `tokens` are the format's
    /// numbers to set to extremes and byte strings worth inserting.
    mutating func mutate(
        _ input: [UInt8], fields: [Field] = [], tokens: [[UInt8]] = [], maximumEdits: Int = 4
    ) -> (bytes: [UInt8], edits: [Edit]) {
        var bytes = input
        var edits: [Edit] = []
        for _ in 0..<number(in: 1...max(1, maximumEdits)) {
            let edit = Edit.allCases[below(Edit.allCases.count)]
            apply(edit, to: &bytes, fields: fields, tokens: tokens)
            edits.append(edit)
        }
        return (bytes, edits)
    }

    /// Applies one `edit` to `bytes`.
    mutating func apply(_ edit: Edit, to bytes: inout [UInt8], fields: [Field], tokens: [[UInt8]]) {
        switch edit {
        case .flipBit:
            guard !bytes.isEmpty else { return }
            bytes[below(bytes.count)] ^= UInt8(1) << below(8)
        case .changeByte:
            guard !bytes.isEmpty else { return }
            let interesting: [UInt8] = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE]
            bytes[below(bytes.count)] = oneIn(2) ? interesting[below(interesting.count)] : UInt8(truncatingIfNeeded: next())
        case .truncate:
            bytes.removeLast(below(bytes.count + 1))
        case .insert:
            let at = below(bytes.count + 1)
            let chunk: [UInt8]
            switch below(3) {
            case 0 where !tokens.isEmpty: chunk = tokens[below(tokens.count)]
            case 1 where !bytes.isEmpty:
                let start = below(bytes.count)
                chunk = Array(bytes[start..<min(bytes.count, start + number(in: 1...64))])
            default: chunk = (0..<number(in: 1...32)).map { _ in UInt8(truncatingIfNeeded: next()) }
            }
            bytes.insert(contentsOf: chunk, at: at)
        case .remove:
            guard !bytes.isEmpty else { return }
            let start = below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + number(in: 1...32)))
        case .extremeField, .extremeGroup:
            let usable = fields.filter { (1...8).contains($0.size) && $0.offset >= 0 && $0.offset + $0.size <= bytes.count }
            guard !usable.isEmpty else { return apply(.changeByte, to: &bytes, fields: [], tokens: tokens) }
            let chosen = usable[below(usable.count)]
            let group = edit == .extremeGroup ? chosen.group : nil
            for field in usable where group.map({ field.group == $0 }) ?? (field.offset == chosen.offset) {
                set(extreme(bytes: field.size), in: &bytes, at: field)
            }
        }
    }

    /// A value at an edge of what `bytes` bytes hold: 0, 1, 2, the largest, half of it,
    /// or anything at all.
    private mutating func extreme(bytes size: Int) -> UInt64 {
        let maximum = size == 8 ? UInt64.max : (UInt64(1) << (8 * size)) - 1
        let extremes = [0, 1, 2, maximum, maximum - 1, maximum / 2, maximum / 2 + 1, next() & maximum]
        return extremes[below(extremes.count)]
    }

    /// Writes `value` into `field` of `bytes`.
    private func set(_ value: UInt64, in bytes: inout [UInt8], at field: Field) {
        for index in 0..<field.size {
            let shift = field.bigEndian ? 8 * (field.size - 1 - index) : 8 * index
            bytes[field.offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
        }
    }
}
