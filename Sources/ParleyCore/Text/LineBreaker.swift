/// Greedy word wrapping over grapheme clusters, for front ends that lay text out in
/// columns (the terminal) and for ``MonospaceMeasurer``.
///
/// Breaks after spaces where it can, before a CJK ideograph, kana, Hangul syllable or
/// opening bracket (CJK text has no spaces: a line may end between two of its characters,
/// but not after an opening bracket or quote, nor before punctuation, a small kana or the
/// prolonged sound mark), and inside a word only when the word alone is wider than a line.
/// Line feeds always break. Widths come from the caller, so a terminal can use
/// a real Unicode width table (CJK and emoji two columns, combining marks none).
public enum LineBreaker {
    /// One wrapped line.
    public struct Line: Hashable, Sendable {
        /// The line's text as UTF-8 offsets into the original string, without the line feed
        /// that ended it; may include trailing spaces.
        public var utf8Range: Range<Int>
        /// Columns used, not counting trailing spaces.
        public var columns: Int
    }

    /// The lines of `text` wrapped at `maxColumns` (at least 1).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - maxColumns: The widest a line may be.
    ///   - width: Columns of one grapheme cluster (0 for a combining-only cluster).
    /// - Complexity: O(n) in the length of `text`; printable ASCII, and runs of it in other
    ///   text, take a byte-wise path.
    public static func lines(_ text: String, maxColumns: Int, width: (Character) -> Int) -> [Line] {
        let limit = max(1, maxColumns)
        // Printable ASCII and line feeds, most messages, in one pass over the bytes as they
        // are stored: the pass gives up at the first other byte. (Checking the whole text
        // first, then walking it again through the view's iterator, cost twice as much.) A
        // text not stored in one piece takes the walk below, as text outside ASCII does.
        if let lines = text.utf8.withContiguousStorageIfAvailable({ bytes -> [Line]? in
            var state = State(limit: limit, bytes: bytes.count)
            for offset in bytes.indices {
                let byte = bytes[offset]
                guard (byte >= 0x20 && byte < 0x7F) || byte == 0x0A else { return nil }
                state.feed(offset: offset, length: 1, width: 1, isSpace: byte == 0x20, isNewline: byte == 0x0A)
            }
            return state.finish(at: bytes.count)
        }), let lines {
            return lines
        }
        var state = State(limit: limit, bytes: text.utf8.count)
        // Whether the cluster before opens a bracket or a quote: no break after it.
        var afterOpening = false
        // Text with a few scalars outside ASCII (an emoji, an accent): runs of ASCII go byte
        // by byte, the rest cluster by cluster. The walk is always at a cluster boundary, and
        // a cluster that starts there with an ASCII scalar other than CR ends before a next
        // ASCII scalar: what joins a scalar to the one before it (combining marks, spacing
        // marks, joiners, variation selectors) is never ASCII, and only Prepend scalars,
        // none of them ASCII, join the one after.
        let utf8 = text.utf8
        var index = utf8.startIndex
        var offset = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte < 0x80, byte != 0x0D, next == utf8.endIndex || utf8[next] < 0x80 {
                let isNewline = byte == 0x0A
                let columns = isNewline ? 0 : byte >= 0x20 && byte < 0x7F ? 1 : max(0, width(Character(Unicode.Scalar(byte))))
                state.feed(offset: offset, length: 1, width: columns, isSpace: byte == 0x20, isNewline: isNewline)
                afterOpening = Self.opens(UInt32(byte))
                offset += 1
                index = next
                continue
            }
            // The cluster's end found once: reading `text[index]` and then asking for the
            // index after it found it twice.
            let end = text.index(after: index)
            let character = Character(String(text[index..<end]))
            let length = utf8.distance(from: index, to: end)
            // Told by the first byte and the length, not by comparing characters (slow for
            // any outside ASCII): nothing joins a line feed, only a line feed joins a
            // carriage return, and a space with marks on it is not a space.
            let isNewline = byte == 0x0A || (byte == 0x0D && length == 2)
            let first = character.unicodeScalars.first?.value ?? 0
            state.feed(
                offset: offset, length: length, width: isNewline ? 0 : max(0, width(character)),
                isSpace: byte == 0x20 && length == 1, isNewline: isNewline,
                breaksBefore: !afterOpening && Self.startsCJKBreak(first))
            afterOpening = Self.opens(first)
            offset += length
            index = end
        }
        return state.finish(at: offset)
    }

    /// Whether a line may end before a cluster starting with `scalar`: CJK ideographs,
    /// hiragana, katakana (not the small kana, the prolonged sound mark, the sound and
    /// iteration marks or the middle dot, which do not start a line), Hangul syllables and
    /// CJK opening brackets.
    static func startsCJKBreak(_ scalar: UInt32) -> Bool {
        if scalar >= 0x3000, opens(scalar) { return true }
        switch scalar {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096: return false
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC: return false
        // Sound marks, iteration marks, the middle dot and the double hyphen do not start a line either.
        case 0x309B...0x309E, 0x30A0, 0x30FB, 0x30FD, 0x30FE: return false
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return true
        default: return false
        }
    }

    /// Whether `scalar` opens a bracket or a quote, after which no line ends.
    static func opens(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
            0xFF08, 0xFF3B, 0xFF5B, 0xFF62:
            return true
        default: return false
        }
    }

    private struct State {
        let limit: Int
        var lines: [Line] = []
        var lineStart = 0
        var columns = 0  // on this line, trailing spaces included
        var visibleColumns = 0  // up to the last non-space
        var breakOffset: Int?  // just after the last space on this line
        var columnsAtBreak = 0
        var visibleColumnsAtBreak = 0
        var wrapped = false  // this line began at a wrap, not at the start or a line feed

        /// A state for text of `bytes` UTF-8 bytes: room for the lines it likely wraps to
        /// (one per `limit` bytes, at most 64) is made at once, where growing the list
        /// copied it at every doubling (a paragraph's ten lines, four times).
        init(limit: Int, bytes: Int) {
            self.limit = limit
            lines.reserveCapacity(min(64, bytes / limit + 1))
        }

        mutating func feed(offset: Int, length: Int, width: Int, isSpace: Bool, isNewline: Bool, breaksBefore: Bool = false) {
            if isNewline {
                emit(until: offset, columns: visibleColumns)
                start(at: offset + length)
                wrapped = false
                return
            }
            if isSpace {
                if wrapped, columns == 0 {
                    // Spaces where a line was wrapped are swallowed, not carried over.
                    lineStart = offset + length
                    return
                }
                if columns + width > limit {
                    // A space that does not fit ends the line and is dropped.
                    emit(until: offset, columns: visibleColumns)
                    start(at: offset + length)
                } else {
                    columns += width
                    breakOffset = offset + length
                    columnsAtBreak = columns
                    visibleColumnsAtBreak = visibleColumns
                }
                return
            }
            if breaksBefore, columns > 0 {
                // A line may end here, before this character, as after a space.
                breakOffset = offset
                columnsAtBreak = columns
                visibleColumnsAtBreak = visibleColumns
            }
            if columns + width > limit, columns > 0 {
                if let breakOffset {
                    // Carry the word begun after the last space to a new line.
                    let carried = columns - columnsAtBreak
                    emit(until: breakOffset, columns: visibleColumnsAtBreak)
                    lineStart = breakOffset
                    wrapped = true
                    columns = carried
                    visibleColumns = carried
                    self.breakOffset = nil
                }
                if columns + width > limit, columns > 0 {
                    // The word alone is wider than a line: break inside it.
                    emit(until: offset, columns: visibleColumns)
                    start(at: offset)
                }
            }
            columns += width
            visibleColumns = columns
        }

        mutating func emit(until end: Int, columns: Int) {
            lines.append(Line(utf8Range: lineStart..<end, columns: columns))
        }

        mutating func start(at offset: Int) {
            wrapped = true
            lineStart = offset
            columns = 0
            visibleColumns = 0
            breakOffset = nil
        }

        mutating func finish(at end: Int) -> [Line] {
            emit(until: end, columns: visibleColumns)
            return lines
        }
    }
}
