/// The composer's cursor and the readline-style edits a terminal user expects.
///
/// The text itself lives in the ``InputBar`` (the core's model); the editor holds the
/// cursor as a UTF-8 offset into it and applies edits by whole grapheme clusters, so a
/// flag or a family emoji is one step and one deletion.
struct LineEditor {
    /// The cursor, as a UTF-8 offset into the text (always on a cluster boundary).
    private(set) var cursor = 0

    /// Keeps the cursor valid after the text changed underneath (sent, set by the app).
    mutating func clamp(to text: String) {
        if cursor > text.utf8.count { cursor = text.utf8.count }
        cursor = boundary(atOrBefore: cursor, in: text)
    }

    mutating func moveToEnd(of text: String) { cursor = text.utf8.count }

    /// Puts the cursor at UTF-8 offset `offset` of `text` (clamped to it).
    mutating func move(to offset: Int, in text: String) {
        cursor = max(0, min(offset, text.utf8.count))
        clamp(to: text)
    }

    mutating func insert(_ string: String, into text: inout String) {
        clamp(to: text)
        let index = self.index(cursor, in: text)
        text.insert(contentsOf: string, at: index)
        cursor += string.utf8.count
        clamp(to: text)
    }

    mutating func backspace(in text: inout String) {
        clamp(to: text)
        guard cursor > 0 else { return }
        let end = index(cursor, in: text)
        let start = text.index(before: end)
        cursor -= text.utf8.distance(from: start, to: end)
        text.removeSubrange(start..<end)
    }

    mutating func delete(in text: inout String) {
        clamp(to: text)
        let start = index(cursor, in: text)
        guard start < text.endIndex else { return }
        text.remove(at: start)
    }

    mutating func left(in text: String) {
        clamp(to: text)
        guard cursor > 0 else { return }
        let here = index(cursor, in: text)
        cursor = text.utf8.distance(from: text.startIndex, to: text.index(before: here))
    }

    mutating func right(in text: String) {
        clamp(to: text)
        let here = index(cursor, in: text)
        guard here < text.endIndex else { return }
        cursor = text.utf8.distance(from: text.startIndex, to: text.index(after: here))
    }

    /// To the start of the current line (Home, Ctrl-A).
    mutating func lineStart(in text: String) {
        clamp(to: text)
        let here = index(cursor, in: text)
        let start = text[..<here].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        cursor = text.utf8.distance(from: text.startIndex, to: start)
    }

    /// To the end of the current line (End, Ctrl-E).
    mutating func lineEnd(in text: String) {
        clamp(to: text)
        let here = index(cursor, in: text)
        let end = text[here...].firstIndex(of: "\n") ?? text.endIndex
        cursor = text.utf8.distance(from: text.startIndex, to: end)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    mutating func deleteWordBack(in text: inout String) {
        clamp(to: text)
        let end = index(cursor, in: text)
        var start = end
        while start > text.startIndex, text[text.index(before: start)].isWhitespace { start = text.index(before: start) }
        while start > text.startIndex, !text[text.index(before: start)].isWhitespace { start = text.index(before: start) }
        cursor = text.utf8.distance(from: text.startIndex, to: start)
        text.removeSubrange(start..<end)
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    mutating func killToLineStart(in text: inout String) {
        let end = index(cursor, in: text)
        lineStart(in: text)
        text.removeSubrange(index(cursor, in: text)..<end)
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    mutating func killToLineEnd(in text: inout String) {
        clamp(to: text)
        let start = index(cursor, in: text)
        let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
        text.removeSubrange(start..<end)
    }

    private func index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count))
    }

    private func boundary(atOrBefore offset: Int, in text: String) -> Int {
        var raw = index(offset, in: text)
        while raw > text.startIndex, raw.samePosition(in: text) == nil { raw = text.utf8.index(before: raw) }
        return text.utf8.distance(from: text.startIndex, to: raw)
    }
}
