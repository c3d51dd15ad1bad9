/// Message text as it is drawn: made inert (``InertText``), bounded (``TextLimit``), with
/// detections that index into the drawn string.
///
/// Besides making controls visible, the drawn form keeps what text engines choke on away
/// from them: a text past its limit shows its beginning (``isTruncated``), a run of more
/// than ``longestUnbrokenRun`` characters without a break opportunity gets a zero-width
/// space to break at every ``longRunBreakSpacing`` characters (Pango's line breaking is
/// quadratic in such a run, and fills lines only with breaks close together), and a
/// cluster keeps at most ``mostScalarsPerCluster`` scalars. The message itself is never
/// changed: copying it copies the text as received.
public struct DisplayText: Hashable, Sendable {
    /// The string to draw.
    public let string: String
    /// Links, addresses and phone numbers, as UTF-8 ranges of ``string``; those cut off by
    /// the limit are left out.
    public let detections: [TextDetection]
    /// Whether ``string`` shows only the beginning of the text.
    public let isTruncated: Bool
    /// The styles over ``string`` of formatted text (``FormattedText``); empty for plain.
    public let spans: [FormatSpan]

    /// The longest run of characters drawn without a break opportunity.
    public static let longestUnbrokenRun = 64
    /// The most scalars drawn as one character: a base and 30 marks, joiners or
    /// selectors (Unicode's stream-safe limit); the longest emoji sequences have 10.
    public static let mostScalarsPerCluster = 31

    /// The drawn form of `content`, showing at most `limit` of it. When nothing needed
    /// changing (the usual case) the string and detections are the content's own.
    public init(_ content: TextContent, limit: TextLimit = .maximum) {
        self.init(content, spans: [], limit: limit)
    }

    /// The drawn form of formatted text (``TextFormatter``), its spans following the
    /// string as detections do.
    /// `isCut` says the source was cut before formatting: the text then counts as
    /// truncated whatever its length.
    public init(_ formatted: FormattedText, limit: TextLimit = .maximum, isCut: Bool = false) {
        self.init(formatted.content, spans: formatted.spans, limit: limit, isCut: isCut)
    }

    private init(_ content: TextContent, spans: [FormatSpan], limit: TextLimit, isCut: Bool = false) {
        if !isCut, Self.isShownAsIs(content.string, limit: limit) {
            string = content.string
            isTruncated = false
            detections = content.detections
            self.spans = spans
            return
        }
        let (prefix, cutHere) = Self.prefix(of: content.string, limit: limit)
        let truncated = cutHere || isCut
        isTruncated = truncated
        let inert = InertText.display(prefix)
        // A cut text ends in an ellipsis, so the cut shows even without the button.
        let broken = Self.breakingLongRuns(inert)
        let shown = truncated ? broken + "…" : broken
        string = shown
        // The usual case (nothing cut) keeps the content's own arrays: no copy per layout.
        let end = prefix.utf8.count
        let kept = truncated ? content.detections.filter { $0.utf8Range.upperBound <= end } : content.detections
        let keptSpans = truncated
            ? spans.compactMap { span -> FormatSpan? in
                guard span.utf8Range.lowerBound < end else { return nil }
                var cut = span
                cut.utf8Range = span.utf8Range.lowerBound..<min(span.utf8Range.upperBound, end)
                return cut
            } : spans
        if shown == content.string || (kept.isEmpty && keptSpans.isEmpty) {
            detections = kept
            self.spans = keptSpans
        } else {
            let toInert = inert == prefix ? nil : InertText.displayOffsets(of: prefix)
            let toShown = broken == inert ? nil : Self.breakOffsets(of: inert)
            func map(_ range: Range<Int>) -> Range<Int> {
                func map(_ offset: Int) -> Int {
                    let inertOffset = toInert?[offset] ?? offset
                    return toShown?[inertOffset] ?? inertOffset
                }
                return map(range.lowerBound)..<map(range.upperBound)
            }
            detections = kept.map { detection in
                var mapped = detection
                mapped.utf8Range = map(detection.utf8Range)
                return mapped
            }
            self.spans = keptSpans.map { span in
                var mapped = span
                mapped.utf8Range = map(span.utf8Range)
                return mapped
            }
        }
    }

    /// A plain string (a notice, a caption) drawn the same way, without detections.
    public init(plain: String, limit: TextLimit = .maximum) {
        self.init(TextContent(undetected: plain), limit: limit)
    }

    /// The detection covering UTF-8 offset `offset`, if any.
    public func detection(atUTF8Offset offset: Int) -> TextDetection? {
        detections.first { $0.utf8Range.contains(offset) }
    }

    // MARK: Steps

    /// Whether `string` is drawn as it is, settled in one pass over its bytes: printable
    /// ASCII and line feeds (most messages) within `limit`, with no run of more than 60
    /// characters without a space. The steps below give such a text back unchanged; each
    /// walks it again (#15).
    static func isShownAsIs(_ string: String, limit: TextLimit) -> Bool {
        let settled = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count <= limit.characters else { return false }
            let longestRun = min(longestUnbrokenRun, 2 * (mostScalarsPerCluster - 1))
            var run = 0
            var breaks = 0
            for byte in bytes {
                if byte == 0x20 {
                    run = 0
                } else if byte == 0x0A {
                    run = 0
                    breaks += 1
                } else if byte > 0x20, byte < 0x7F {
                    run += 1
                    if run > longestRun { return false }
                } else {
                    return false
                }
            }
            return breaks < limit.lines
        }
        return settled ?? false
    }

    /// The beginning of `string` within `limit`, cut after a whole cluster, and whether
    /// anything was left out. O(shown), however long `string` is.
    static func prefix(of string: String, limit: TextLimit) -> (String, Bool) {
        let bytes = string.utf8.count
        if bytes <= limit.characters {
            // Within the character limit by bytes alone: only the line limit can cut, and
            // not when there are fewer line-break bytes than lines allowed.
            var breaks = 0
            for byte in string.utf8 where byte == 0x0A || byte == 0x0D { breaks += 1 }
            if breaks < limit.lines { return (string, false) }
        }
        var characters = 0
        var lines = 1
        var end = string.startIndex
        for character in string {
            if characters == limit.characters { return (String(string[..<end]), true) }
            if character.isNewline {
                if lines == limit.lines { return (String(string[..<end]), true) }
                lines += 1
            }
            characters += 1
            end = string.index(after: end)
        }
        return (string, false)
    }

    /// `string` with each run of more than ``longestUnbrokenRun`` clusters that offer no
    /// break broken by a zero-width space every ``longRunBreakSpacing`` (every
    /// ``longestUnbrokenRun`` between Thai, Lao, Khmer and Myanmar letters), and each
    /// cluster cut to ``mostScalarsPerCluster`` scalars.
    static func breakingLongRuns(_ string: String) -> String {
        guard needsBreaking(string) else { return string }
        return breaking(string, offsets: false).string
    }

    /// For each UTF-8 offset of `string` (and its end), its offset in
    /// ``breakingLongRuns(_:)``'s result.
    static func breakOffsets(of string: String) -> [Int] {
        breaking(string, offsets: true).offsets
    }

    /// The one pass behind both: the broken string, and the offset map when asked for.
    ///
    /// A run of at most ``longestUnbrokenRun`` characters is left whole. A longer one is
    /// broken from its start every ``longRunBreakSpacing`` characters, so that a text
    /// engine that wraps at break opportunities first (Pango) fills its lines: with a
    /// break only every 64 characters, a long link wrapped as a full line, a short one, a
    /// full one.
    /// Between letters of scripts whose words a dictionary finds (Thai, Lao, Khmer,
    /// Myanmar) no break is added short of the bound: Pango finds their words itself.
    private static func breaking(_ string: String, offsets wanted: Bool) -> (string: String, offsets: [Int]) {
        var result = ""
        var offsets: [Int] = []
        if wanted { offsets.reserveCapacity(string.utf8.count + 1) }
        func append(_ character: Character) {
            if wanted { offsets.append(contentsOf: repeatElement(result.utf8.count, count: character.utf8.count)) }
            result.unicodeScalars.append(contentsOf: cappedScalars(of: character))
        }
        // The run so far while it is short enough to leave whole.
        var pending: [Character] = []
        // Characters since the last break in a long run, and the last of them.
        var sinceBreak = 0
        var previous: Character?
        var isLong = false
        func appendBroken(_ character: Character) {
            if sinceBreak >= longestUnbrokenRun
                || (sinceBreak >= longRunBreakSpacing && !(previous.map(isFoundByDictionary) ?? false)
                    && !isFoundByDictionary(character))
            {
                result.unicodeScalars.append("\u{200B}")
                sinceBreak = 0
            }
            append(character)
            sinceBreak += 1
            previous = character
        }
        for character in string {
            if opensBreak(character) {
                for kept in pending { append(kept) }
                pending.removeAll(keepingCapacity: true)
                isLong = false
                append(character)
            } else if isLong {
                appendBroken(character)
            } else if pending.count < longestUnbrokenRun {
                pending.append(character)
            } else {
                isLong = true
                sinceBreak = 0
                previous = nil
                for kept in pending { appendBroken(kept) }
                pending.removeAll(keepingCapacity: true)
                appendBroken(character)
            }
        }
        for kept in pending { append(kept) }
        if wanted { offsets.append(result.utf8.count) }
        return (result, offsets)
    }

    /// How many characters apart the breaks of a run longer than ``longestUnbrokenRun``
    /// are: a line through such a run ends less than this many characters short of its
    /// width.
    public static let longRunBreakSpacing = 4

    /// Whether `character` is a letter of a script written without spaces whose words
    /// are found by a dictionary (Unicode's line-break class SA): Thai, Lao, Myanmar,
    /// Khmer, Tai Le, New Tai Lue, Tai Tham, Tai Viet.
    private static func isFoundByDictionary(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1950...0x19FF, 0x1A20...0x1AAF,
            0xA9E0...0xA9FF, 0xAA60...0xAADF:
            return true
        default: return false
        }
    }

    /// Whether ``breakingLongRuns(_:)`` changes `string`.
    static func needsBreaking(_ string: String) -> Bool {
        // Short runs are the rule, and settle most texts by bytes: a run of clusters, or a
        // cluster of marks (two bytes each at least), is never shorter in bytes.
        var run = 0
        var longest = 0
        for byte in string.utf8 {
            if byte == 0x20 || byte == 0x0A { run = 0 } else { run += 1 }
            longest = max(longest, run)
        }
        if longest <= min(longestUnbrokenRun, 2 * (mostScalarsPerCluster - 1)) { return false }
        run = 0
        for character in string {
            if character.unicodeScalars.count > mostScalarsPerCluster { return true }
            if opensBreak(character) { run = 0 } else {
                run += 1
                if run > longestUnbrokenRun { return true }
            }
        }
        return false
    }

    /// The scalars of `character`, at most ``mostScalarsPerCluster`` of them (a base and
    /// what Unicode's stream-safe format allows on it); longer clusters are only ever
    /// floods of marks, joiners or selectors.
    private static func cappedScalars(of character: Character) -> [Unicode.Scalar] {
        Array(character.unicodeScalars.prefix(mostScalarsPerCluster))
    }

    /// Whether a line may break around `character`: white space, a hyphen, a slash or a
    /// zero-width space (Pango and the terminal both break there); CJK ideographs and
    /// syllables break anywhere, so they count too.
    private static func opensBreak(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return true }
        switch scalar.value {
        case 0x20, 0x0A, 0x09, 0x2D, 0x2F, 0x200B, 0x3000: return true
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return character.isWhitespace
        }
    }
}
