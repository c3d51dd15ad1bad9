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
        // Character positions of the first match, to cut around.
        var firstCharacter = 0
        if let first = matches.first {
            var bytes = 0
            for character in characters {
                if bytes >= first.lowerBound { break }
                bytes += character.utf8.count
                firstCharacter += 1
            }
        }
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
        let head = lower > 0 ? "…" : ""
        let tail = upper < characters.count ? "…" : ""
        let cutBytes = characters[..<lower].reduce(0) { $0 + $1.utf8.count }
        let keptBytes = characters[lower..<upper].reduce(0) { $0 + $1.utf8.count }
        let shift = head.utf8.count - cutBytes
        self.text = head + String(characters[lower..<upper]) + tail
        self.matches = matches.compactMap { range in
            guard range.lowerBound >= cutBytes, range.upperBound <= cutBytes + keptBytes else { return nil }
            return (range.lowerBound + shift)..<(range.upperBound + shift)
        }
    }

    /// This snippet for a line `limit` wide, each character `width` wide (1 by default;
    /// a terminal passes its columns): itself when its first match ends within the line
    /// or starts in its first third, else cut to start a word or so before that match,
    /// after "…", so the match shows where the line has room. The end is the front end's
    /// to clip.
    public func fitting(width limit: Int, measuring width: (Character) -> Int = { _ in 1 }) -> SearchSnippet {
        guard limit > 0, let first = matches.first else { return self }
        let characters = Array(text)
        // Character positions of the first match's start and end.
        var bytes = 0, start = characters.count, end = characters.count
        for (index, character) in characters.enumerated() {
            if start == characters.count, bytes >= first.lowerBound { start = index }
            if bytes >= first.upperBound { end = index; break }
            bytes += character.utf8.count
        }
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
        let cutBytes = characters[..<lower].reduce(0) { $0 + $1.utf8.count }
        let head = "…"
        let shift = head.utf8.count - cutBytes
        return SearchSnippet(
            text: head + String(characters[lower...]),
            matches: matches.compactMap { range in
                range.lowerBound >= cutBytes ? (range.lowerBound + shift)..<(range.upperBound + shift) : nil
            })
    }
}
