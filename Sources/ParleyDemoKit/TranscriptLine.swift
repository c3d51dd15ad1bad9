import Foundation
import ParleyCore

/// What one line of a transcript is, read straight from its bytes: the rules of the
/// format in one place, used both when the file is indexed and when a page is read.
///
/// A line is `seconds ⇥ sender ⇥ text` (the text may hold more tabs). One carriage
/// return before the line feed is dropped. The time is trimmed of spaces and tabs
/// (`CharacterSet.whitespaces`) and must be a finite number whose date is within
/// ``ParleyCore/Message/dateRange``; the text must not be all whitespace.
enum TranscriptLine: Equatable {
    /// An empty line (or one of a lone carriage return): not a message, not a problem.
    case blank
    /// Fewer than three tab-separated fields.
    case notThreeFields
    /// The time field (trimmed) is not a finite number.
    case notATime(String)
    /// The time (trimmed) is outside the years 1 to 9999.
    case outOfRange(String)
    /// The text is empty or all whitespace.
    case emptyText
    /// A message: its date, and where its sender's name and its text are in the line.
    case message(date: Date, name: Range<Int>, text: Range<Int>)

    /// Why a skipped line was skipped, for ``TranscriptSource/problems``; `nil` for a
    /// message or a blank line.
    var problem: String? {
        switch self {
        case .blank, .message: return nil
        case .notThreeFields: return "expected time, sender and text separated by tabs"
        case .notATime(let time): return "“\(InertText.singleLine(String(time.prefix(40))))” is not a time in seconds"
        case .outOfRange(let time): return "the time \(InertText.singleLine(String(time.prefix(40)))) is not between the years 1 and 9999"
        case .emptyText: return "the text is empty"
        }
    }

    /// Examines `line`, the bytes of one line without its line feed.
    static func examine(_ line: UnsafeBufferPointer<UInt8>) -> TranscriptLine {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        guard end > 0 else { return .blank }
        guard let first = firstIndex(of: 0x09, in: line, from: 0, to: end),
            let second = firstIndex(of: 0x09, in: line, from: first + 1, to: end)
        else { return .notThreeFields }
        let time = UnsafeBufferPointer(rebasing: line[0..<first])
        let seconds: Double
        if let plain = plainSeconds(time) {
            seconds = plain
        } else {
            let trimmed = trimmedTime(time)
            guard let parsed = Double(trimmed), parsed.isFinite else { return .notATime(trimmed) }
            seconds = parsed
        }
        let date = Date(timeIntervalSince1970: seconds)
        guard Message.dateRange.contains(date) else { return .outOfRange(trimmedTime(time)) }
        guard !isBlank(UnsafeBufferPointer(rebasing: line[(second + 1)..<end])) else { return .emptyText }
        return .message(date: date, name: (first + 1)..<second, text: (second + 1)..<end)
    }

    /// The time field as the format reads it: decoded (invalid UTF-8 replaced) and trimmed.
    static func trimmedTime(_ field: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// The value of a time field that is plain ASCII, `-?digits(.digits)?` between
    /// spaces with at most 15 digits, or `nil` for anything else (then the caller asks
    /// `Double(String)`).
    ///
    /// Equal to `Double(String)` of the trimmed field: at most 15 digits are exact in a
    /// `Double`, so is 10^k for k ≤ 22, and one division of exact values is rounded
    /// correctly, as the decimal conversion is.
    static func plainSeconds(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = field.count
        while start < end, field[start] == 0x20 { start += 1 }
        while end > start, field[end - 1] == 0x20 { end -= 1 }
        guard start < end else { return nil }
        var index = start
        let negative = field[index] == 0x2D
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var digitsBeforePoint = 0
        while index < end {
            let byte = field[index]
            switch byte {
            case 0x30...0x39:
                digits += 1
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                if seenPoint { fractionDigits += 1 }
            case 0x2E where !seenPoint:
                guard digits > 0 else { return nil }
                seenPoint = true
                digitsBeforePoint = digits
            default:
                return nil
            }
            index += 1
        }
        // "-", "1." and ".5" are left to Double(String), like everything unusual.
        guard digits > 0, !seenPoint || digits > digitsBeforePoint else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    /// 10^0 ... 10^15, each exact.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Whether `text` is empty or all whitespace (`Character.isWhitespace`, as a `String`
    /// would say), decoding it only when a byte outside ASCII comes after ASCII whitespace
    /// and before any other ASCII byte.
    ///
    /// A character is whitespace when its first scalar is. ASCII whitespace (tab to
    /// carriage return, space) never joins a following ASCII byte into one character, so
    /// the first other ASCII byte after it starts a character that is not whitespace. The
    /// text's first scalar always starts a character: when it is not whitespace (an emoji,
    /// a letter, bytes that are not UTF-8 and become U+FFFD) the text is not blank. A scalar
    /// past ASCII after whitespace may be a combining mark joining the space before it, or
    /// a no-break space: then the whole text is decoded.
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in text.enumerated() {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case 0x80...:
                if index == 0 {
                    var bytes = text.makeIterator()
                    var decoder = UTF8()
                    guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return false }
                    if !isWhitespace(scalar) { return false }
                }
                return String(decoding: text, as: UTF8.self).allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }

    /// Unicode's White_Space property (`Unicode.Scalar.Properties.isWhitespace`) for a
    /// scalar past ASCII, without the property lookup: the set is fixed and small.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The index of the first `byte` in `bytes[from..<to]`.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
