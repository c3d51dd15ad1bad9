import Foundation

/// How search reads a text: its words, folded, and where a query's words occur in it.
///
/// One definition for every searcher (the in-memory ``ConversationSearch``, ParleySQLite's
/// full-text index) and for the match a front end marks in a bubble, so what is found and
/// what is highlighted agree.
public enum SearchText {
    /// A word of a text: where it is and its folded form.
    public struct Word: Hashable, Sendable {
        /// Its UTF-8 offsets in the text.
        public var utf8Range: Range<Int>
        /// The word folded (lowercase, no diacritics).
        public var folded: String
    }

    /// Whether `character` belongs to a word: a letter, a digit or a combining mark.
    public static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// `word` lowercased and without diacritics.
    public static func fold(_ word: some StringProtocol) -> String {
        String(word).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The words of `text`, in order.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func words(in text: String) -> [Word] {
        var words: [Word] = []
        var offset = 0
        var start: Int?
        var startIndex = text.startIndex
        for index in text.indices {
            let character = text[index]
            if isWordCharacter(character) {
                if start == nil { start = offset; startIndex = index }
            } else if let begun = start {
                words.append(Word(utf8Range: begun..<offset, folded: fold(text[startIndex..<index])))
                start = nil
            }
            offset += character.utf8.count
        }
        if let begun = start {
            words.append(Word(utf8Range: begun..<offset, folded: fold(text[startIndex...])))
        }
        return words
    }

    /// Where `query`'s words occur in `text` (UTF-8 offsets, in order), or `nil` when one
    /// of them does not: a word matches a whole word of the text, the last one (when the
    /// query ``SearchQuery/matchesPrefix``) also the start of one.
    public static func matches(of query: SearchQuery, in text: String) -> [Range<Int>]? {
        guard !query.isEmpty else { return nil }
        var found = Set<String>()
        var ranges: [Range<Int>] = []
        let last = query.terms.count - 1
        for word in words(in: text) {
            var matched = false
            for (index, term) in query.terms.enumerated() {
                let prefix = index == last && query.matchesPrefix
                guard word.folded == term || (prefix && word.folded.hasPrefix(term)) else { continue }
                found.insert(term)
                matched = true
            }
            if matched { ranges.append(word.utf8Range) }
        }
        return found.count == query.terms.count ? ranges : nil
    }
}
