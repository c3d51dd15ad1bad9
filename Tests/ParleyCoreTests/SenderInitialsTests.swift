import Testing

@testable import ParleyCore

@Suite("Sender initials")
struct SenderInitialsTests {
    @Test("the first letter of the first and the last word, uppercased", arguments: [
        ("Ada Lovelace", "AL"), ("bob", "B"), ("", "?"), ("!!! ???", "?"), ("jean-luc picard", "JP"),
        ("  x  ", "X"), ("Mary Ann Smith", "MS"), ("李 小龍", "李小"), ("42 club", "4C"), ("_ada_", "A"),
        ("é clair", "ÉC"), ("straße", "S"), ("ß", "SS"), ("(ada) [lovelace]", "AL"), ("ada 🚀", "A"),
        ("👩‍💻 grace hopper", "GH"), ("e\u{301}mile zola", "ÉZ"), ("o'brien", "O"), ("a\tb\nc", "AC"),
    ])
    func initials(name: String, expected: String) {
        #expect(Sender(id: "s", name: name).initials == expected)
    }

    /// The rule as first written: words split out, each word's first letter or digit kept.
    static func byWords(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" })
        let letters = words.compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        guard let first = letters.first else { return "?" }
        if letters.count == 1 { return String(first).uppercased() }
        return (String(first) + String(letters[letters.count - 1])).uppercased()
    }

    @Test("the one-pass reading agrees with splitting into words, on every name of up to three hard pieces")
    func agreesWithWords() {
        let pieces = ["a", "Zoë", " ", "-", "_", "日本", "9", "!", "🚀", "\u{301}", "ǅ", "\t", "--", "x y", "İ", "ﬁ"]
        var names = [""]
        for _ in 0..<3 { names += names.flatMap { name in pieces.map { name + $0 } } }
        var compared = Set<String>()
        for name in names where compared.insert(name).inserted {
            #expect(Sender(id: "s", name: name).initials == Self.byWords(name), "\(name.debugDescription)")
        }
        #expect(compared.count > 4000)
    }

    @Test("ASCII names, read from their bytes, agree with the rule: every pair of ASCII characters around a space")
    func asciiAgreesWithWords() {
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for a in ascii {
            for b in ascii {
                let name = a + "q " + b + b
                #expect(Sender(id: "s", name: name).initials == Self.byWords(name), "\(name.debugDescription)")
            }
        }
    }
}
