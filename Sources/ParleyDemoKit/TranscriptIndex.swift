import Foundation
import ParleyCore

/// One message line of a transcript: where it starts and its sort key, 16 bytes.
struct TranscriptEntry: Sendable, Equatable {
    /// Its date as `Date` keeps it (seconds since 2001), so comparing entries and cursors
    /// gives what comparing the messages' dates would.
    var date: Double
    /// The byte offset of the line in the file (files are at most 256 MiB).
    var offset: UInt32
    /// Its line number, counted from 1; the message's id is `line-N`.
    var line: UInt32

    /// The message's id.
    var id: MessageID { MessageID("line-\(line)") }

    /// Whether this entry's message comes before `other`'s in ``ParleyCore/Message``'s
    /// order: by date, equal dates by id (`line-10` before `line-9`, as strings).
    func precedes(_ other: TranscriptEntry) -> Bool {
        date == other.date ? Self.decimalPrecedes(line, other.line) : date < other.date
    }

    /// Whether `cursor` comes after this entry's message (``HistoryCursor/isAfter(_:)``).
    func isBefore(_ cursor: HistoryCursor) -> Bool {
        let cursorDate = cursor.date.timeIntervalSinceReferenceDate
        return date == cursorDate ? id < cursor.id : date < cursorDate
    }

    /// Whether the decimal digits of `a` come before those of `b` as strings, without
    /// making the strings.
    static func decimalPrecedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let digitsA = digitCount(a)
        let digitsB = digitCount(b)
        if digitsA == digitsB { return a < b }
        // Compare the shorter with the longer's first digits; a prefix comes first.
        if digitsA < digitsB {
            return a <= UInt32(UInt64(b) / power(digitsB - digitsA))
        }
        return UInt32(UInt64(a) / power(digitsA - digitsB)) < b
    }

    private static func digitCount(_ value: UInt32) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    private static func power(_ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}

/// The index of a transcript's message lines in message order, over its open file.
///
/// Built by one pass over the file in 1 MiB reads. Lines are read again, with `pread`,
/// only when a page asks for them. Immutable after init, so safe to share between tasks;
/// the file is closed when the last reference to it goes.
final class TranscriptIndex: Sendable {
    /// The open file.
    let file: TranscriptFile
    /// The message lines, oldest first.
    let entries: [TranscriptEntry]
    /// Lines that did not parse.
    let skipped: Int
    /// Why the first few did not.
    let problems: [String]

    /// The size of each read while indexing.
    static let chunkSize = 1 << 20

    /// Opens and indexes the regular file at `path` (see ``TranscriptFile``).
    convenience init(path: String, maximumBytes: Int, describedProblems: Int) throws(TranscriptError) {
        try self.init(file: TranscriptFile(path: path, maximumBytes: maximumBytes), describedProblems: describedProblems)
    }

    /// Indexes `file`, reading it from its start to its end as it is now.
    init(file: TranscriptFile, describedProblems: Int) throws(TranscriptError) {
        let scan = try Self.scan(file, size: file.sizeWhenOpened, describedProblems: describedProblems)
        self.file = file
        self.entries = scan.entries
        self.skipped = scan.skipped
        self.problems = scan.problems
    }

    /// Reads the file once, examining each line where it lies in the buffer; a line longer
    /// than the buffer grows it.
    private static func scan(
        _ file: TranscriptFile, size: Int, describedProblems: Int
    ) throws(TranscriptError) -> (entries: [TranscriptEntry], skipped: Int, problems: [String]) {
        var entries: [TranscriptEntry] = []
        // Room for a line per 32 bytes, so a usual log (60–120 bytes a line) never grows
        // the array by copying it; pages not written to are never made resident.
        entries.reserveCapacity(max(0, size) / 32)
        var skipped = 0
        var problems: [String] = []
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var bufferOffset = 0  // the file offset of buffer[0]
        var filled = 0  // bytes of the buffer read
        var lineNumber: UInt32 = 0
        var atEnd = false
        var inOrder = true
        var datesInOrder = true

        func take(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) {
            lineNumber += 1
            let verdict = TranscriptLine.examine(line)
            guard case .message(let date, _, _) = verdict else {
                if let problem = verdict.problem {
                    skipped += 1
                    if problems.count < describedProblems { problems.append("line \(lineNumber): \(problem)") }
                }
                return
            }
            let entry = TranscriptEntry(date: date.timeIntervalSinceReferenceDate, offset: UInt32(offset), line: lineNumber)
            if inOrder, let last = entries.last, !last.precedes(entry) {
                inOrder = false
                datesInOrder = last.date <= entry.date
            } else if !inOrder, datesInOrder, let last = entries.last, last.date > entry.date {
                datesInOrder = false
            }
            entries.append(entry)
        }

        while !atEnd {
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let count = try file.read(into: &buffer, from: filled, count: buffer.count - filled, at: bufferOffset + filled)
            if count == 0 { atEnd = true }
            filled += count
            // The file grew after it was checked.
            guard bufferOffset + filled <= file.maximumBytes else { throw .tooLarge(path: file.path, limit: file.maximumBytes) }
            let consumed = buffer.withUnsafeBufferPointer { bytes in
                let read = UnsafeBufferPointer(rebasing: bytes[0..<filled])
                var start = 0
                while let feed = TranscriptLine.firstIndex(of: 0x0A, in: read, from: start, to: filled) {
                    take(UnsafeBufferPointer(rebasing: read[start..<feed]), at: bufferOffset + start)
                    start = feed + 1
                }
                // The last line of a file with no final line feed (or the empty one after it).
                if atEnd {
                    take(UnsafeBufferPointer(rebasing: read[start..<filled]), at: bufferOffset + start)
                    start = filled
                }
                return start
            }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    let base = bytes.baseAddress!
                    memmove(base, base + consumed, filled - consumed)
                }
                bufferOffset += consumed
                filled -= consumed
            }
        }
        if !inOrder {
            if datesInOrder {
                // Only runs of equal dates are out of order: sort each.
                var start = 0
                while start < entries.count {
                    var end = start + 1
                    while end < entries.count, entries[end].date == entries[start].date { end += 1 }
                    if end - start > 1 { entries[start..<end].sort { $0.precedes($1) } }
                    start = end
                }
            } else {
                entries.sort { $0.precedes($1) }
            }
        }
        // The capacity past the last entry is never written, so it is never resident:
        // copying the entries into an array of their size would only cost time, 16 MB
        // and a page fault every 4 KB for a million lines (#15).
        return (entries, skipped, problems)
    }

    /// The index of the first entry not before `cursor` (binary search).
    func firstIndex(notBefore cursor: HistoryCursor) -> Int { entries.firstIndex(notBefore: cursor) }
}

extension Array where Element == TranscriptEntry {
    /// The index of the first entry not before `cursor`, in entries in message order
    /// (binary search).
    func firstIndex(notBefore cursor: HistoryCursor) -> Int {
        var low = 0
        var upper = count
        while low < upper {
            let middle = (low + upper) / 2
            if self[middle].isBefore(cursor) { low = middle + 1 } else { upper = middle }
        }
        return low
    }
}
