/// A line of a found message around its first match, with the matches marked as ranges
/// (never markup), so a front end draws them its own way: bold in GTK, reversed in a
/// terminal.
public struct SearchSnippet: Hashable, Sendable {
    /// The line: part of the message's plain text, made inert and on one line, with "…"
    /// where it was cut.
    public var text: String
    /// The matches in ``text``, as UTF-8 offsets, in order.
    public var matches: [Range<Int>]

    /// How many characters of a message a snippet reads: matches past them show the
    /// message's start, unmarked.
    public static let scannedLength = 20_000

    /// Creates a snippet from parts.
    public init(text: String, matches: [Range<Int>]) {
        self.text = text
        self.matches = matches
    }

    /// The snippet of `text` for `query`: about `radius` characters either side of the
    /// first match. Without a match, the start of the text.
    public init(of text: String, query: SearchQuery, radius: Int = 40) {
        let radius = max(1, radius)
        // A found message may be megabytes long: a snippet reads its start only.
        let characters = Array(InertText.singleLine(String(text.prefix(Self.scannedLength))))
        let line = String(characters)
        let matches = SearchText.matches(of: query, in: line) ?? []
        // Character position of the first match, to cut around.
        let firstCharacter = matches.first.map { Self.position(ofByte: $0.lowerBound, in: characters) } ?? 0
        var lower = max(0, firstCharacter - radius)
        var upper = min(characters.count, firstCharacter + radius * 2)
        // Cut between words where a space comes in reach: "…the garden salad", not
        // "…he garden salad" (text without spaces is cut where the radius ends).
        if lower > 0, !characters[lower - 1].isWhitespace,
            let space = characters[lower..<firstCharacter].firstIndex(where: \.isWhitespace)
        {
            lower = space + 1
        }
        if upper < characters.count, !characters[upper].isWhitespace,
            let space = characters[(firstCharacter + 1)..<upper].lastIndex(where: \.isWhitespace)
        {
            upper = space
        }
        while upper > lower + 1, characters[upper - 1].isWhitespace, upper < characters.count { upper -= 1 }
        self = Self.cut(characters, lower..<upper, matches: matches)
    }

    /// `characters[kept]`, with "…" where text was cut at either end, and the `matches`
    /// (UTF-8 ranges in `characters`) that lie in it, moved with it.
    private static func cut(_ characters: [Character], _ kept: Range<Int>, matches: [Range<Int>]) -> SearchSnippet {
        let head = kept.lowerBound > 0 ? "…" : ""
        let tail = kept.upperBound < characters.count ? "…" : ""
        let cutBytes = characters[..<kept.lowerBound].reduce(0) { $0 + $1.utf8.count }
        let keptBytes = characters[kept].reduce(0) { $0 + $1.utf8.count }
        let shift = head.utf8.count - cutBytes
        return SearchSnippet(
            text: head + String(characters[kept]) + tail,
            matches: matches.compactMap { range in
                guard range.lowerBound >= cutBytes, range.upperBound <= cutBytes + keptBytes else { return nil }
                return (range.lowerBound + shift)..<(range.upperBound + shift)
            })
    }

    /// The position in `characters` of the character at or after UTF-8 offset `byte`.
    private static func position(ofByte byte: Int, in characters: [Character]) -> Int {
        var bytes = 0
        for (index, character) in characters.enumerated() {
            if bytes >= byte { return index }
            bytes += character.utf8.count
        }
        return characters.count
    }

    /// This snippet for a line `limit` wide, each character `width` wide (1 by default;
    /// a terminal passes its columns): itself when its first match ends within the line
    /// or starts in its first third, else cut to start a word or so before that match,
    /// after "…", so the match shows where the line has room. The end is the front end's
    /// to clip.
    public func fitting(width limit: Int, measuring width: (Character) -> Int = { _ in 1 }) -> SearchSnippet {
        guard limit > 0, let first = matches.first else { return self }
        let characters = Array(text)
        let start = Self.position(ofByte: first.lowerBound, in: characters)
        let end = Self.position(ofByte: first.upperBound, in: characters)
        // The width of the characters before each position.
        var before = [0]
        before.reserveCapacity(characters.count + 1)
        for character in characters { before.append(before[before.count - 1] + max(0, width(character))) }
        let lead = max(1, limit / 3)
        guard before[end] > limit, before[start] > lead else { return self }
        // About a third of the line before the match, then back to the start of the word
        // that falls in, while the match still ends in the line ("…" included); else on
        // to the next word's start.
        var lower = start
        while lower > 1, before[start] - before[lower - 1] <= lead { lower -= 1 }
        while lower > 1, !characters[lower - 1].isWhitespace, 1 + before[end] - before[lower - 1] <= limit { lower -= 1 }
        if !characters[lower - 1].isWhitespace, let space = characters[lower..<start].firstIndex(where: \.isWhitespace) {
            lower = space + 1
        }
        return Self.cut(characters, lower..<characters.count, matches: matches)
    }
}
