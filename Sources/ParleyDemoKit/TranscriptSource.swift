import Foundation
import ParleyCore

/// A ``HistorySource`` (and ``ParleyCore/HistoryWindowSource``, for jumping to a date)
/// over a plain chat log: one message a line, `epoch seconds`, `sender`, `text`,
/// separated by tabs. Lines that do not parse are skipped, counted and described.
///
/// Read lazily: opening the log reads it once to index its message lines (16 bytes a
/// line: date, offset, line number), and each page reads only its own lines from the file,
/// which stays open until the last copy of the source goes. Messages are `line-N` (N
/// counted from 1), in date order, equal dates by id. Should the file change after it was
/// opened, a page shows each of its lines as the file now holds it when it still parses
/// with the same time, and in place of one that does not (or is gone) a notice saying so:
/// never a crash, and never a page shorter than asked.
public struct TranscriptSource: HistoryWindowSource {
    let index: TranscriptIndex
    let me: Sender
    /// Messages read.
    public var count: Int { index.entries.count }
    /// Lines that did not parse.
    public var skipped: Int { index.skipped }
    /// Why the first few skipped lines were skipped ("line 3: the time 1e300 is not
    /// between the years 1 and 9999"), for the user.
    public var problems: [String] { index.problems }

    /// The largest transcript read (256 MiB): a bigger file is refused before reading.
    public static let maximumBytes = 256 << 20
    /// How many skipped lines ``problems`` describes.
    static let describedProblems = 5
    /// Who a notice about a line that changed after opening comes from.
    static let noticeSender = Sender(id: "parley.transcript", name: "Transcript")

    /// Opens and indexes `path`, which must be a regular file. Invalid UTF-8 is replaced,
    /// never fatal; a line ends at a line feed (a carriage return before it is dropped,
    /// one inside a line is kept as part of the text).
    ///
    /// - Throws: ``TranscriptError`` naming the file when it is missing, a folder, not a
    ///   regular file (a FIFO, a device), unreadable or too large.
    public init(path: String, me: Sender) throws(TranscriptError) {
        self.index = try TranscriptIndex(path: path, maximumBytes: Self.maximumBytes, describedProblems: Self.describedProblems)
        self.me = me
    }

    /// The source over an index already made.
    init(index: TranscriptIndex, me: Sender) {
        self.index = index
        self.me = me
    }

    /// The page before `cursor`, read from the file.
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        let upper = cursor.map(index.firstIndex(notBefore:)) ?? count
        let lower = max(0, upper - max(0, limit))
        return HistoryPage(messages: messages(lower..<upper), hasMore: lower > 0)
    }

    /// About `limit` messages around `date`; the anchor is the first at or after `date`
    /// (the newest when all are older).
    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        let split = index.firstIndex(notBefore: HistoryCursor(date: date, id: ""))
        let limit = max(1, limit)
        var lower = max(0, split - limit / 2)
        let upper = lower + min(limit, count - lower)
        lower = max(0, upper - limit)
        let anchor = split < count ? index.entries[split].id : index.entries.last?.id
        return HistoryWindow(messages: messages(lower..<upper), hasOlder: lower > 0, hasNewer: upper < count, anchor: anchor)
    }

    /// Up to `limit` messages just newer than `cursor`, oldest first.
    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        var lower = index.firstIndex(notBefore: cursor)
        // Skip the cursor's own message.
        while lower < count, index.entries[lower].id == cursor.id { lower += 1 }
        let upper = lower + min(max(1, limit), count - lower)
        return HistoryWindow(messages: messages(lower..<upper), hasOlder: lower > 0, hasNewer: upper < count)
    }

    /// The messages of entries `range`, read from the file as it is now.
    func messages(_ range: Range<Int>) -> [Message] {
        index.entries[range].map(message)
    }

    /// The message of `entry`: its line as the file holds it now, or a notice when the line
    /// no longer parses with the time it was indexed with.
    func message(_ entry: TranscriptEntry) -> Message { Self.message(entry, in: index.file, me: me) }

    /// The message of `entry` in `file`, with `me` as the sender of the user's own lines.
    static func message(_ entry: TranscriptEntry, in file: TranscriptFile, me: Sender) -> Message {
        let date = Date(timeIntervalSinceReferenceDate: entry.date)
        if let bytes = file.line(at: entry.offset, limit: maximumBytes) {
            let message: Message? = bytes.withUnsafeBufferPointer { line in
                guard case .message(let parsed, let name, let text) = TranscriptLine.examine(line), parsed == date else { return nil }
                let shownName = String(decoding: UnsafeBufferPointer(rebasing: line[name]), as: UTF8.self)
                let sender = shownName == me.name ? me : Sender(id: "t:" + shownName, name: shownName)
                let shown = String(decoding: UnsafeBufferPointer(rebasing: line[text]), as: UTF8.self)
                return Message(id: entry.id, sender: sender, date: date, content: .text(shown))
            }
            if let message { return message }
        }
        let notice = "Line \(entry.line) of the transcript changed after it was opened."
        return Message(id: entry.id, sender: noticeSender, date: date, content: .notice(Notice(text: notice)))
    }
}

/// Why a transcript could not be opened; the description names the file and can be
/// shown as it is.
public enum TranscriptError: Error, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case missing(path: String)
    /// The path is a folder.
    case folder(path: String)
    /// The path is a FIFO, a device or a socket.
    case notAFile(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than ``TranscriptSource/maximumBytes``.
    case tooLarge(path: String, limit: Int)

    /// What went wrong, naming the file (its name shown inert).
    public var description: String {
        switch self {
        case .missing(let path): return "There is no transcript at \(Self.shown(path))."
        case .folder(let path): return "\(Self.shown(path)) is a folder, not a transcript file."
        case .notAFile(let path): return "\(Self.shown(path)) is not a regular file (a pipe or a device?); a transcript must be a file."
        case .unreadable(let path, let reason): return "The transcript \(Self.shown(path)) cannot be opened: \(reason)."
        case .tooLarge(let path, let limit): return "The transcript \(Self.shown(path)) is larger than \(limit >> 20) MB."
        }
    }

    private static func shown(_ path: String) -> String { InertText.singleLine(path) }
}
