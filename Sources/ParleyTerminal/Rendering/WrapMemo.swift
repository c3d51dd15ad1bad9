@_spi(Tables) import ParleyCore
import Synchronization

/// The lines of the texts a ``TerminalMeasurer`` wrapped last, by text and width: a
/// message's text is wrapped when its row is laid out and again when the row is painted
/// (and for every click on it), at the same width. A page of new rows wrapped each text
/// twice; now the second time is a lookup (#15).
///
/// Two generations of ``generationSize`` texts (a `GenerationalCache`, as the layout
/// engine keeps its layouts): the older is dropped when the newer is full, so a text used
/// lately stays. Shared by the copies of a measurer and safe from
/// any thread (layouts are made off the main actor).
final class WrapMemo: Sendable {
    /// A text wrapped at a number of columns, known by its storage: hashing the text
    /// itself cost as much as wrapping it again. The key holds the text, so its storage
    /// is neither freed nor changed in place while the key is kept: the same storage
    /// and length are the same text.
    struct Key: Hashable {
        let text: String
        let storage: UInt
        let count: Int
        let columns: Int

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.storage == rhs.storage && lhs.count == rhs.count && lhs.columns == rhs.columns
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(storage)
            hasher.combine(count)
            hasher.combine(columns)
        }
    }

    /// Texts this short are wrapped again rather than looked up: their UTF-8 is held in
    /// the string itself, with no storage to know them by, and wrapping them costs little.
    static let shortest = 16

    /// How many texts each generation holds.
    static let generationSize = 128

    private let generations = Mutex(GenerationalCache<Key, [LineBreaker.Line]>(generationSize: WrapMemo.generationSize))

    /// The lines of `text` at `columns`, from the memo or from `wrap`.
    func lines(of text: String, columns: Int, wrap: () -> [LineBreaker.Line]) -> [LineBreaker.Line] {
        guard text.utf8.count >= Self.shortest,
            let storage = text.utf8.withContiguousStorageIfAvailable({ UInt(bitPattern: $0.baseAddress) })
        else { return wrap() }
        let key = Key(text: text, storage: storage, count: text.utf8.count, columns: columns)
        if let known = generations.withLock({ $0.value(for: key) }) { return known }
        let lines = wrap()
        generations.withLock { $0.insert(lines, for: key) }
        return lines
    }
}
