/// What the user typed into a search field, as words to find.
///
/// The text is split into words (runs of letters and digits); everything else (quotes,
/// `*`, parentheses, control characters) only separates words, so no typed character is
/// ever an operator of a search engine. Every word must occur in a message for it to
/// match; the last word also matches as the start of a longer word ("lun" finds
/// "lunch"), so results follow the user as they type. Words are compared folded: case
/// and diacritics do not matter ("CAFE" finds "café").
///
/// Bounded whatever is typed: at most ``maximumTerms`` words of at most
/// ``maximumTermLength`` characters each are kept, and only the first
/// ``maximumScannedLength`` characters are read, so a megabyte pasted into a search field
/// costs microseconds.
public struct SearchQuery: Hashable, Sendable {
    /// The text as typed (cut to ``maximumScannedLength`` characters).
    public let text: String
    /// The folded words to find, in the order typed, without repeats.
    public let terms: [String]
    /// Whether the last word matches as a prefix (the text does not end in a separator).
    public let matchesPrefix: Bool

    /// The most words a query keeps.
    public static let maximumTerms = 16
    /// The longest word a query keeps, in characters (longer words are cut).
    public static let maximumTermLength = 64
    /// How much of the typed text is read.
    public static let maximumScannedLength = 1024

    /// The query for `text`.
    public init(_ text: String) {
        var scanned = String(text.prefix(Self.maximumScannedLength))
        if scanned.count < text.count, let next = text.dropFirst(scanned.count).first, Self.isWord(next) {
            // Cut inside a word: that word was not typed as it is here.
            while let last = scanned.last, Self.isWord(last) { scanned.removeLast() }
        }
        self.text = scanned
        var terms: [String] = []
        for word in SearchText.words(in: scanned) where !terms.contains(word.folded) {
            terms.append(String(word.folded.prefix(Self.maximumTermLength)))
            if terms.count == Self.maximumTerms { break }
        }
        self.terms = terms
        let endsInWord = scanned.last.map(SearchText.isWordCharacter) ?? false
        matchesPrefix = endsInWord && terms.count < Self.maximumTerms
    }

    private static func isWord(_ character: Character) -> Bool { SearchText.isWordCharacter(character) }

    /// Whether there is nothing to search for (no letters or digits were typed).
    public var isEmpty: Bool { terms.isEmpty }
}
