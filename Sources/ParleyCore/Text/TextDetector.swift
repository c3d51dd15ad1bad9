import Foundation

/// Finds links, e-mail addresses and phone numbers in message text.
///
/// Works on UTF-8 bytes in one pass over words plus one over digit runs, so a megabyte of
/// text costs milliseconds. It is deliberately conservative: a bare domain needs a common
/// top-level domain ("example.com", not "file.txt"), and a phone number needs 7–15 digits
/// and a `+`, a bracket or separators, so dates and plain numbers stay text.
public enum TextDetector {
    /// The detections in `string`, in order of position, never overlapping.
    public static func detect(in string: String) -> [TextDetection] {
        var copy = string
        return copy.withUTF8 { bytes in
            // One count decides which passes can find anything: links, addresses and
            // hosts are looked for in text with a dot, an at sign or a digit, phone
            // numbers only in text with at least 7 digits (#15: most messages have none,
            // and the digit-run pass cost more than the count).
            var marks = 0, digits = 0
            for byte in bytes {
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") { marks += 1 }
                if isDigit(byte) { digits += 1 }
            }
            guard marks > 0 || digits > 0 else { return [] }
            var found = words(in: bytes)
            let phones = digits >= 7 ? phoneNumbers(in: bytes, avoiding: found) : []
            if !phones.isEmpty {
                found.append(contentsOf: phones)
                found.sort { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound }
            }
            return found
        }
    }

    // MARK: Words: links and addresses

    private static func words(in bytes: UnsafeBufferPointer<UInt8>) -> [TextDetection] {
        var result: [TextDetection] = []
        var index = 0
        let count = bytes.count
        while index < count {
            while index < count, isWordBreak(bytes[index]) { index += 1 }
            let start = index
            // Every link, address and host has a dot, an at sign or a scheme's colon before
            // its last byte: a word without one (most words, and "end." or "note:") is
            // not turned into a string at all.
            var last = -1, earlier = -1
            while index < count, !isWordBreak(bytes[index]) {
                // Quotation marks, commas and full stops outside ASCII end a word as a
                // space does (text without spaces runs on after them: "链接：https://…。").
                if wordEnderLength(in: bytes, at: index) != nil { break }
                if isMarker(bytes[index]) { (earlier, last) = (last, index) }
                index += 1
            }
            let marked = last >= 0 && (last < index - 1 || earlier >= 0)
            if marked, let detection = classify(bytes, start..<index) {
                result.append(detection)
            }
            // Past the punctuation that ended the word.
            if index < count, let length = wordEnderLength(in: bytes, at: index) { index += length }
        }
        return result
    }

    /// A dot, an at sign or a colon: what a link, an address or a host has inside it.
    private static func isMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":")
    }

    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>)
        -> TextDetection?
    {
        var lower = word.lowerBound
        var upper = word.upperBound
        while lower < upper {
            if leadingPunctuation.contains(bytes[lower]) {
                lower += 1
            } else if bytes[lower] >= 0xC0, let (scalar, length) = scalar(in: bytes, at: lower, before: upper),
                isPunctuation(scalar)
            {
                // Quotation marks, brackets and the like outside ASCII: “, «, 「, （, ¿.
                lower += length
            } else {
                break
            }
        }
        // Brackets in the link, counted in one pass: a closing bracket stays while an
        // opening one of its kind is open ("…/Swift_(language)", "…/東京（曖昧さ回避）"); one
        // outside ASCII with none open ends the link, as text without spaces runs on after
        // it ("…/b）を見て").
        var brackets = BracketCounts()
        var index = lower
        while index < upper {
            let byte = bytes[index]
            if byte < 0x80 {
                if isASCIIBracket(byte) { brackets.count(Unicode.Scalar(byte)) }
                index += 1
                continue
            }
            guard byte >= 0xC0, let (scalar, length) = scalar(in: bytes, at: index, before: upper) else {
                index += 1
                continue
            }
            if openingBrackets[scalar] != nil, !brackets.isOpen(closedBy: scalar) {
                upper = index
                break
            }
            brackets.count(scalar)
            index += length
        }
        while upper > lower {
            let byte = bytes[upper - 1]
            var start = upper - 1
            if byte >= 0x80 {
                while start > lower, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            }
            guard let (scalar, _) = byte < 0x80 ? (Unicode.Scalar(byte), 1) : scalar(in: bytes, at: start, before: upper),
                byte < 0x80 ? trailingPunctuation.contains(byte) : isPunctuation(scalar)
            else { break }
            // An ellipsis, a closing quotation mark, a full stop (…, ”, 。) or a bracket
            // with none open ends the sentence, not the link.
            if brackets.isOpen(closedBy: scalar, counted: true) { break }
            brackets.uncount(scalar)
            upper = start
        }
        guard upper - lower >= 4 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        let lowered = text.lowercased()

        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("ftp://") {
            guard let schemeEnd = text.range(of: "://"), text[schemeEnd.upperBound...].count > 0,
                let url = URL(string: text)
            else { return nil }
            return TextDetection(kind: .link(url), utf8Range: lower..<upper)
        }
        if lowered.hasPrefix("www."), isHost(Substring(lowered.dropFirst(4)).prefix { $0 != "/" }) {
            guard let url = URL(string: "https://" + text) else { return nil }
            return TextDetection(kind: .link(url), utf8Range: lower..<upper)
        }
        if let at = text.firstIndex(of: "@") {
            let local = text[..<at]
            let domain = text[text.index(after: at)...]
            guard !local.isEmpty, local.allSatisfy(isEmailLocal), isHost(Substring(domain.lowercased()))
            else { return nil }
            return TextDetection(kind: .email(text), utf8Range: lower..<upper)
        }
        let host = lowered.prefix { $0 != "/" && $0 != ":" }
        if isHost(host), let last = host.split(separator: ".").last, commonTopLevelDomains.contains(String(last)) {
            guard let url = URL(string: "https://" + text) else { return nil }
            return TextDetection(kind: .link(url), utf8Range: lower..<upper)
        }
        return nil
    }

    /// Whether `host` is dot-separated labels of letters, digits and hyphens ending in an
    /// alphabetic label of two or more letters.
    private static func isHost(_ host: Substring) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2,
            last.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    private static func isEmailLocal(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "._%+-".contains(character))
    }

    // MARK: Phone numbers

    private static func phoneNumbers(in bytes: UnsafeBufferPointer<UInt8>, avoiding taken: [TextDetection])
        -> [TextDetection]
    {
        var result: [TextDetection] = []
        var index = 0
        let count = bytes.count
        var takenIndex = 0
        while index < count {
            let byte = bytes[index]
            let startsRun = isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "(")
            let boundary = index == 0 || !isAlphanumeric(bytes[index - 1])
            guard startsRun, boundary else {
                index += 1
                continue
            }
            var end = index
            var digits = 0
            while end < count, isPhoneByte(bytes[end]) {
                if isDigit(bytes[end]) { digits += 1 }
                // Two separators in a row end the number ("1 - 2" is not a phone).
                if end > index, !isDigit(bytes[end]), !isDigit(bytes[end - 1]),
                    !isBracket(bytes[end - 1]), !isBracket(bytes[end])
                {
                    break
                }
                end += 1
            }
            while end > index, !isDigit(bytes[end - 1]), bytes[end - 1] != UInt8(ascii: ")") { end -= 1 }
            defer { index = max(end, index + 1) }
            let followedByWord = end < count && isAlphanumeric(bytes[end])
            guard !followedByWord, (7...15).contains(digits) else { continue }
            let range = index..<end
            while takenIndex < taken.count, taken[takenIndex].utf8Range.upperBound <= range.lowerBound {
                takenIndex += 1
            }
            if takenIndex < taken.count, taken[takenIndex].utf8Range.overlaps(range) { continue }
            let run = UnsafeBufferPointer(rebasing: bytes[range])
            guard looksLikePhone(run, digits: digits) else { continue }
            result.append(TextDetection(kind: .phone(String(decoding: run, as: UTF8.self)), utf8Range: range))
        }
        return result
    }

    private static func looksLikePhone(_ run: UnsafeBufferPointer<UInt8>, digits: Int) -> Bool {
        if run.first == UInt8(ascii: "+") || run.first == UInt8(ascii: "(") { return true }
        let separators = run.filter { !isDigit($0) }
        if separators.isEmpty { return digits >= 10 && digits <= 11 }
        // 2024-01-31 and 31.01.2024 are dates, 1.234.567 is a number.
        let groups = run.split(whereSeparator: { !isDigit($0) }).map(\.count)
        if groups.count == 3, Set(separators).count == 1, separators[0] != UInt8(ascii: " "),
            groups.contains(4), groups.filter({ $0 <= 2 }).count == 2
        {
            return false
        }
        if separators.allSatisfy({ $0 == UInt8(ascii: ".") }), groups.dropFirst().allSatisfy({ $0 == 3 }) {
            return false
        }
        return true
    }

    // MARK: Byte classes

    /// How many brackets of each kind are open in a link (opened less closed), ASCII and
    /// not, by their opening bracket.
    private struct BracketCounts {
        private var open: [Unicode.Scalar: Int] = [:]

        /// Counts `scalar` when it is a bracket.
        mutating func count(_ scalar: Unicode.Scalar) { add(scalar, 1) }

        /// Takes back ``count(_:)`` of `scalar`, cut from the link's end.
        mutating func uncount(_ scalar: Unicode.Scalar) { add(scalar, -1) }

        private mutating func add(_ scalar: Unicode.Scalar, _ step: Int) {
            if let opening = TextDetector.openingBrackets[scalar] {
                open[opening, default: 0] -= step
            } else if TextDetector.isOpeningBracket(scalar) {
                open[scalar, default: 0] += step
            }
        }

        /// Whether `closing` closes a bracket open before it: with `counted`, `closing`
        /// itself is among the counts already.
        func isOpen(closedBy closing: Unicode.Scalar, counted: Bool = false) -> Bool {
            guard let opening = TextDetector.openingBrackets[closing] else { return false }
            return open[opening, default: 0] + (counted ? 1 : 0) > 0
        }
    }

    /// Whether `scalar` opens a bracket pair ``openingBrackets`` knows.
    private static func isOpeningBracket(_ scalar: Unicode.Scalar) -> Bool {
        openingBracketSet.contains(scalar)
    }

    /// The scalar whose UTF-8 starts at `index` (a lead byte) and ends before `end`, and
    /// its length in bytes; nil for a malformed or cut sequence.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, before end: Int)
        -> (value: Unicode.Scalar, length: Int)?
    {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= end else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Whether `byte` may start one of ``wordEnders`` (so that most text outside ASCII,
    /// Cyrillic or CJK ideographs, is not decoded at all).
    private static func mayEndWord(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2, 0xD8, 0xDB, 0xE0, 0xE2, 0xE3, 0xEF: return true
        default: return false
        }
    }

    /// The length in bytes of the punctuation outside ASCII starting at `index` that ends
    /// a word as a space does (``wordEnders``), or nil.
    private static func wordEnderLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard mayEndWord(bytes[index]), let (scalar, length) = scalar(in: bytes, at: index, before: bytes.count),
            wordEnders.contains(scalar)
        else { return nil }
        return length
    }

    /// Quotation marks, sentence punctuation and CJK brackets that end a word: never
    /// inside a link. Not the apostrophe (’, "L’Étranger"), the middle dots (·, ・, in
    /// Catalan words and Japanese names) or fullwidth parentheses (in Japanese titles).
    private static let wordEnders: Set<Unicode.Scalar> = [
        "“", "”", "„", "‟", "«", "»", "‹", "›", "…", "¿", "¡",
        "、", "。", "，", "．", "：", "；", "！", "？",
        "「", "」", "『", "』", "【", "】", "《", "》", "〈", "〉",
        "\u{060C}", "\u{061F}", "\u{06D4}", "\u{0964}", "\u{0965}",
    ]

    /// Whether `value` is punctuation: a quotation mark, a bracket, an ellipsis, a full
    /// stop.
    private static func isPunctuation(_ value: Unicode.Scalar) -> Bool {
        switch value.properties.generalCategory {
        case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isASCIIBracket(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return true
        default: return false
        }
    }

    private static func isBracket(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    private static func isPhoneByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "+")
    }

    private static func isWordBreak(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == 0x7F
    }

    /// The opening bracket of each closing one: ASCII, fullwidth, CJK, mathematical.
    private static let openingBrackets: [Unicode.Scalar: Unicode.Scalar] = [
        ")": "(", "]": "[", "}": "{",
        "）": "（", "］": "［", "｝": "｛", "】": "【", "」": "「", "』": "『", "〉": "〈", "》": "《",
        "〕": "〔", "〗": "〖", "〙": "〘", "〛": "〚", "⟩": "⟨", "⟧": "⟦",
    ]

    /// The opening brackets of ``openingBrackets``.
    private static let openingBracketSet = Set(openingBrackets.values)

    private static let leadingPunctuation: Set<UInt8> = Set("([{'\"`*_".utf8)
    private static let trailingPunctuation: Set<UInt8> = Set(".,;:!?)]}'\"`*_".utf8)

    private static let commonTopLevelDomains: Set<String> = [
        "com", "org", "net", "edu", "gov", "io", "dev", "app", "co", "ai", "me", "info", "biz",
        "uk", "de", "fr", "es", "it", "nl", "be", "ch", "at", "se", "no", "dk", "fi", "pl", "cz",
        "ru", "ua", "jp", "cn", "kr", "in", "au", "nz", "ca", "us", "br", "mx", "ar", "eu", "tv",
        "xyz", "tech", "site", "online", "blog", "news", "shop", "cloud",
    ]
}
