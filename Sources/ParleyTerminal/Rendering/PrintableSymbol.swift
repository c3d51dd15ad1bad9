/// What the renderer may send for a cell's symbol: one printable grapheme cluster that fills
/// exactly its slot, and nothing a terminal could take as control.
///
/// ``CellBuffer/put(_:x:y:style:maxWidth:)`` already shows controls inert; this is the last
/// line of defence for cells set some other way. A symbol holding a C0 or C1 control, ESC,
/// DEL, a line or paragraph separator or a bidi override or isolate, or more than one
/// cluster, or a width other than its slot's, is sent as U+FFFD (padded with a space in a
/// two-column slot). A lone combining mark, which a terminal would put on the cell before,
/// is sent on a no-break space, as Unicode suggests for showing a mark by itself.
///
/// It also knows which clusters terminals measure differently (see
/// ``hasDisputedWidth(_:)``), so the renderer can keep their damage to their own cells.
enum PrintableSymbol {
    /// The replacement for symbols that cannot be sent as they are.
    static let replacement = "\u{FFFD}"

    /// The text to send for `symbol` drawn in a slot `columns` wide (1 or 2).
    static func text(for symbol: String, columns: Int) -> String {
        if columns == 1, symbol.utf8.count == 1, let byte = symbol.utf8.first, byte >= 0x20, byte < 0x7F {
            return symbol
        }
        guard symbol.count == 1, let character = symbol.first,
            !symbol.unicodeScalars.contains(where: isForbidden),
            TerminalWidth.columns(of: character) == columns
        else {
            return padded(replacement, to: columns)
        }
        if let first = symbol.unicodeScalars.first, isZeroWidthMark(first) { return "\u{A0}" + symbol }
        return symbol
    }

    /// Whether terminals are known to disagree about how wide `text` is.
    ///
    /// True for clusters of several visible scalars (emoji with a skin tone or zero-width
    /// joiner, flags, tag sequences, Indic spacing marks), which many terminals count
    /// scalar by scalar; for a lone regional indicator; for a symbol drawn as text unless
    /// an emoji variation selector follows (❤️, ☺️), which terminals that ignore the
    /// selector count as one column (xterm, tmux 3.3); and for emoji added after Unicode
    /// 9, which older tables count as one column. Base-plus-mark clusters are agreed on.
    static func hasDisputedWidth(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return false }
        // ©️ and ®️ too, below U+0300.
        if scalars.contains("\u{FE0F}"), first.properties.isEmoji, !first.properties.isEmojiPresentation { return true }
        guard first.value >= 0x300 else { return false }
        if scalars.dropFirst().contains(where: { !isZeroWidth($0) }) { return true }
        if isRegionalIndicator(first) { return true }
        guard first.properties.isEmojiPresentation, let age = first.properties.age else { return false }
        return age.major > 9
    }

    /// The most columns any terminal may advance for `text`: two for each scalar that is
    /// not a nonspacing or enclosing mark, joiner or variation selector.
    static func widestReading(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isZeroWidth($1) ? 0 : 2) }
    }

    /// What to send instead of a disputed cluster where a terminal that counts it wider
    /// could wrap past the right edge: its first scalar when that alone is an agreed wide
    /// emoji (a thumb without its skin tone), else U+FFFD.
    static func edgeFallback(for text: String, columns: Int) -> String {
        if let first = text.unicodeScalars.first {
            let alone = String(first)
            if !hasDisputedWidth(alone), let character = alone.first, TerminalWidth.columns(of: character) == columns {
                return alone
            }
        }
        return padded(replacement, to: columns)
    }

    /// What to send for a symbol, and whether terminals disagree on its width.
    struct Decision {
        /// ``text(for:columns:)``.
        var glyph: Glyph
        /// Whether the text is the symbol itself and ``hasDisputedWidth(_:)``.
        var disputed: Bool
        /// ``widestReading(of:)`` of the text.
        var widest: Int
    }

    /// The decisions worked out so far, once per symbol: a frame repeats a few symbols
    /// (bubble edges, box lines, letters) many times, the next frame mostly the same ones,
    /// and deciding a symbol outside ASCII means breaking it into clusters and reading
    /// Unicode properties. A renderer keeps one from frame to frame (#15); it forgets
    /// everything past ``limit`` symbols, so a stream of distinct ones cannot grow it.
    struct Memo {
        /// How many symbols of each width are kept at most.
        static let limit = 4096

        private var decisions: [Glyph: Decision] = [:]
        private var wide: [Glyph: Decision] = [:]

        /// How many symbols are kept, of both widths.
        var count: Int { decisions.count + wide.count }

        /// The last decision: a bubble's edge is one symbol many times over.
        private var last: (glyph: Glyph, columns: Int, decision: Decision)?

        /// The one-column decisions met lately, by ``Glyph/slot``, ahead of
        /// ``decisions`` (a page looked up 75) (#15).
        private var recent = RecentSlots<Glyph, Decision>()

        /// The decision for `glyph` in a slot `columns` wide.
        mutating func decision(for glyph: Glyph, columns: Int) -> Decision {
            if columns == 1, let byte = glyph.ascii, byte >= 0x20, byte < 0x7F {
                return Decision(glyph: glyph, disputed: false, widest: 2)
            }
            if let last, last.glyph == glyph, last.columns == columns { return last.decision }
            let slot = glyph.slot
            if columns == 1, let seen = recent.value(for: glyph, in: slot) {
                last = (glyph, columns, seen)
                return seen
            }
            if let known = columns == 1 ? decisions[glyph] : wide[glyph] {
                last = (glyph, columns, known)
                if columns == 1 { recent.remember(known, for: glyph, in: slot) }
                return known
            }
            let symbol = glyph.text
            let text = PrintableSymbol.text(for: symbol, columns: columns)
            let decision = Decision(
                glyph: text == symbol ? glyph : Glyph(text), disputed: text == symbol && hasDisputedWidth(text),
                widest: widestReading(of: text))
            if columns == 1 {
                if decisions.count >= Self.limit { decisions = [:] }
                decisions[glyph] = decision
                recent.remember(decision, for: glyph, in: slot)
            } else {
                if wide.count >= Self.limit { wide = [:] }
                wide[glyph] = decision
            }
            last = (glyph, columns, decision)
            return decision
        }

    }

    /// Scalars that must never reach a terminal.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func padded(_ text: String, to columns: Int) -> String {
        columns == 2 ? text + " " : text
    }

    /// Marks that terminals draw on the cell before (nonspacing and enclosing).
    private static func isZeroWidthMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Scalars that take no column of their own in a cluster: nonspacing and enclosing
    /// marks, joiners, selectors. (Spacing marks do, in many terminals.)
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        case .format: return scalar.value == 0x200D || scalar.value == 0x200C
        default: return scalar.properties.isVariationSelector
        }
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
