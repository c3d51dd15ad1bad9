import Foundation
import ParleyCore

/// The last message lines of a transcript, read from its end before the whole file is
/// indexed, so that its newest page can be shown at once (#15).
///
/// The ids' line numbers count from the file's start, so the file's line feeds are
/// counted first, a pass that parses nothing. Then lines are read backwards from the end
/// until `limit` messages are found, the start is reached, or ``maximumReach`` bytes
/// were read.
///
/// It answers only where it agrees with the full index whenever the file is in message
/// order: its lines must be in that order among themselves (unless it holds the whole
/// file, which it then sorts). Otherwise ``entries`` is empty and it answers nothing.
/// Whether a file is in order is known only once it is all read; ``agrees(with:)`` says
/// whether what the tail answered stands.
struct TranscriptTail: Sendable {
    /// The last message lines, in message order (oldest first); empty when unusable.
    let entries: [TranscriptEntry]
    /// Whether ``entries`` holds every message line of the file.
    let reachesStart: Bool

    /// The size of the first read back from the end; each further read doubles what is held.
    static let chunkSize = 1 << 16
    /// The most bytes read back from the end: lines longer than this leave the tail unusable.
    static let maximumReach = 4 << 20

    /// Reads the last `limit` message lines of `file`, as it is now.
    ///
    /// - Throws: ``TranscriptError`` when the file cannot be read or grows past its limit.
    init(file: TranscriptFile, limit: Int) throws(TranscriptError) {
        // Count the line feeds, and where the file ends now.
        var buffer = [UInt8](repeating: 0, count: TranscriptIndex.chunkSize)
        var end = 0
        var feeds = 0
        while true {
            let count = try file.read(into: &buffer, from: 0, count: buffer.count, at: end)
            if count == 0 { break }
            feeds += buffer.withUnsafeBufferPointer { Self.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[0..<count])) }
            end += count
            guard end <= file.maximumBytes else { throw .tooLarge(path: file.path, limit: file.maximumBytes) }
        }
        let read = try Self.lines(of: file, end: end, lastLine: feeds + 1, limit: limit)
        let entries = Array(read.newestFirst.reversed())
        // Unusable when the reach ran out or the file changed between the count and the
        // read back (the line numbers no longer fit).
        guard read.complete else {
            (self.entries, self.reachesStart) = ([], false)
            return
        }
        if read.reachesStart {
            // The whole file: sorted, it is what the index would make.
            self.entries = entries.sorted { $0.precedes($1) }
        } else {
            // Unusable out of order.
            self.entries = zip(entries, entries.dropFirst()).allSatisfy { $0.precedes($1) } ? entries : []
        }
        self.reachesStart = read.reachesStart
    }

    /// The message lines read back from `end`, newest first: the piece after the last
    /// line feed is line `lastLine`. `complete` is false when the reach ran out or the
    /// file changed between the passes (its line numbers no longer fit).
    static func lines(
        of file: TranscriptFile, end: Int, lastLine: Int, limit: Int
    ) throws(TranscriptError) -> (newestFirst: [TranscriptEntry], reachesStart: Bool, complete: Bool) {
        var found: [TranscriptEntry] = []
        var window: [UInt8] = []  // the file's bytes [windowStart, end)
        var windowStart = end
        var lineEnd = end  // where the line looked for ends, its line feed excluded
        var lineNumber = lastLine
        while found.count < limit {
            let feed = window.withUnsafeBufferPointer { Self.lastLineFeed(in: $0, before: lineEnd - windowStart) }
            let lineStart: Int
            if let feed {
                lineStart = windowStart + feed + 1
            } else if windowStart == 0 {
                lineStart = 0
            } else {
                // The line starts before what is held: read as much again further back.
                guard end - windowStart < maximumReach else { return (found, false, false) }
                let grow = min(windowStart, max(chunkSize, end - windowStart))
                var more = [UInt8](repeating: 0, count: grow)
                var filled = 0
                while filled < grow {
                    let count = try file.read(into: &more, from: filled, count: grow - filled, at: windowStart - grow + filled)
                    // Cut short since the count: the line numbers no longer fit.
                    guard count > 0 else { return (found, false, false) }
                    filled += count
                }
                window = more + window
                windowStart -= grow
                continue
            }
            let verdict = window.withUnsafeBufferPointer { bytes in
                TranscriptLine.examine(UnsafeBufferPointer(rebasing: bytes[(lineStart - windowStart)..<(lineEnd - windowStart)]))
            }
            if case .message(let date, _, _) = verdict {
                found.append(TranscriptEntry(date: date.timeIntervalSinceReferenceDate, offset: UInt32(lineStart), line: UInt32(lineNumber)))
            }
            if lineStart == 0 { return (found, true, lineNumber == 1) }
            lineEnd = lineStart - 1
            lineNumber -= 1
            // More lines than line feeds were counted: the file changed.
            guard lineNumber > 0 else { return (found, false, false) }
        }
        return (found, false, true)
    }

    /// The entries of the page before `cursor` (the newest page when `nil`), and whether
    /// more may come before them: what the full index answers when the file is in order.
    /// `nil` when the tail does not reach back far enough to tell.
    ///
    /// Where only lines that are not messages precede its entries, it may say more come
    /// when none do; the next page is then empty and says so.
    func page(before cursor: HistoryCursor?, limit: Int) -> (range: Range<Int>, hasMore: Bool)? {
        guard !entries.isEmpty || reachesStart else { return nil }
        let upper = cursor.map(entries.firstIndex(notBefore:)) ?? entries.count
        let lower = upper - max(0, limit)
        if lower >= 0 { return (lower..<upper, lower > 0 || !reachesStart) }
        guard reachesStart else { return nil }
        return (0..<upper, false)
    }

    /// Whether every page the tail answers is the page `index` answers: its entries are
    /// the index's newest.
    func agrees(with index: TranscriptIndex) -> Bool {
        reachesStart ? entries == index.entries : entries.elementsEqual(index.entries.suffix(entries.count))
    }

    /// The number of line feeds in `bytes`, found with `memchr`: for lines of a usual log
    /// (60–120 bytes) four to five times as fast as comparing byte by byte, which the
    /// compiler does not vectorize (15 against 80 ms for 105 MB).
    static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var start = 0
        while let feed = TranscriptLine.firstIndex(of: 0x0A, in: bytes, from: start, to: bytes.count) {
            count += 1
            start = feed + 1
        }
        return count
    }

    /// The index of the last line feed in `bytes[0..<before]`.
    private static func lastLineFeed(in bytes: UnsafeBufferPointer<UInt8>, before: Int) -> Int? {
        var index = before - 1
        while index >= 0 {
            if bytes[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }
}
