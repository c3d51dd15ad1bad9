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

/// A transcript file, kept open, and the index of its message lines in message order.
///
/// Built by one pass over the file in 1 MiB reads (never mapped: a file cut short under a
/// mapping kills the program with SIGBUS). Lines are read again, with `pread`, only when
/// a page asks for them. Immutable after init, so safe to share between tasks; the file
/// is closed when the last reference goes.
final class TranscriptIndex: Sendable {
    /// The open file.
    let descriptor: Int32
    /// The message lines, oldest first.
    let entries: [TranscriptEntry]
    /// Lines that did not parse.
    let skipped: Int
    /// Why the first few did not.
    let problems: [String]

    /// The size of each read while indexing.
    static let chunkSize = 1 << 20

    /// Indexes the regular file at `path`, refused before reading when it is anything else
    /// or larger than `maximumBytes` (a FIFO would block the program forever).
    init(path: String, maximumBytes: Int, describedProblems: Int) throws(TranscriptError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing(path: path) : .unreadable(path: path, reason: Self.reason(errno))
        }
        try Self.check(info, path: path, maximumBytes: maximumBytes)
        // O_NONBLOCK: should the file be swapped for a FIFO after the check, opening it
        // does not wait for a writer (and the check below refuses it).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .unreadable(path: path, reason: Self.reason(code))
        }
        do {
            try Self.check(info, path: path, maximumBytes: maximumBytes)
            let scan = try Self.scan(
                descriptor, path: path, size: Int(info.st_size), maximumBytes: maximumBytes, describedProblems: describedProblems)
            self.entries = scan.entries
            self.skipped = scan.skipped
            self.problems = scan.problems
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    private static func check(_ info: stat, path: String, maximumBytes: Int) throws(TranscriptError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder(path: path)
        default: throw .notAFile(path: path)
        }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(path: path, limit: maximumBytes) }
    }

    /// Reads the file once, examining each line where it lies in the buffer; a line longer
    /// than the buffer grows it.
    private static func scan(
        _ descriptor: Int32, path: String, size: Int, maximumBytes: Int, describedProblems: Int
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
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + filled, bytes.count - filled, off_t(bufferOffset + filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: "it could not be read")
            }
            if count == 0 { atEnd = true }
            filled += count
            // The file grew after it was checked.
            guard bufferOffset + filled <= maximumBytes else { throw .tooLarge(path: path, limit: maximumBytes) }
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

    /// The bytes of the line starting at `offset`, without its line feed, as the file
    /// holds them now: `nil` when nothing is there any more, the read fails, or no line
    /// feed comes within `limit` bytes of a line that does not end the file.
    func line(at offset: UInt32, limit: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 512)
        var filled = 0
        while true {
            if filled == buffer.count {
                guard buffer.count < limit else { return nil }
                buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, limit - buffer.count)))
            }
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + filled, bytes.count - filled, off_t(Int(offset) + filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 {
                // The end of the file: the last line, or nothing.
                guard filled > 0 else { return nil }
                return Array(buffer[0..<filled])
            }
            let feed = buffer.withUnsafeBufferPointer { bytes in
                TranscriptLine.firstIndex(of: 0x0A, in: bytes, from: filled, to: filled + count)
            }
            filled += count
            if let feed { return Array(buffer[0..<feed]) }
        }
    }

    /// The index of the first entry not before `cursor` (binary search).
    func firstIndex(notBefore cursor: HistoryCursor) -> Int {
        var low = 0
        var upper = entries.count
        while low < upper {
            let middle = (low + upper) / 2
            if entries[middle].isBefore(cursor) { low = middle + 1 } else { upper = middle }
        }
        return low
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "you don't have permission to read it"
        case ELOOP: return "its path has too many symbolic links"
        case ENAMETOOLONG: return "its path is too long"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
