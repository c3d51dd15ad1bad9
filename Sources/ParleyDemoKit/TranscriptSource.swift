import Foundation
import ParleyCore

/// A ``HistorySource`` over a plain chat log: one message a line, `epoch seconds`, `sender`,
/// `text`, separated by tabs. Lines that do not parse are skipped, counted and described.
public struct TranscriptSource: HistorySource {
    let source: ArrayHistorySource
    /// Messages read.
    public let count: Int
    /// Lines that did not parse.
    public let skipped: Int
    /// Why the first few skipped lines were skipped ("line 3: the time 1e300 is not
    /// between the years 1 and 9999"), for the user.
    public let problems: [String]

    /// The largest transcript read (256 MiB): a bigger file is refused before reading.
    public static let maximumBytes = 256 << 20
    /// How many skipped lines ``problems`` describes.
    static let describedProblems = 5

    /// Reads `path`, which must be a regular file. Invalid UTF-8 is replaced, never fatal;
    /// a line ends at a line feed (a carriage return before it is dropped, one inside a
    /// line is kept as part of the text).
    ///
    /// - Throws: ``TranscriptError`` naming the file when it is missing, a folder, not a
    ///   regular file (a FIFO, a device), unreadable or too large.
    public init(path: String, me: Sender) throws(TranscriptError) {
        let data = try Self.read(path)
        var messages: [Message] = []
        var skipped = 0
        var problems: [String] = []
        var senders: [String: Sender] = [:]
        func skip(_ lineNumber: Int, _ reason: String) {
            skipped += 1
            if problems.count < Self.describedProblems { problems.append("line \(lineNumber): \(reason)") }
        }
        var lineNumber = 0
        for var line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                skip(lineNumber, "expected time, sender and text separated by tabs")
                continue
            }
            let time = String(decoding: fields[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let seconds = Double(time), seconds.isFinite else {
                skip(lineNumber, "“\(InertText.singleLine(String(time.prefix(40))))” is not a time in seconds")
                continue
            }
            let date = Date(timeIntervalSince1970: seconds)
            guard Message.dateRange.contains(date) else {
                skip(lineNumber, "the time \(InertText.singleLine(String(time.prefix(40)))) is not between the years 1 and 9999")
                continue
            }
            let text = String(decoding: fields[2], as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else {
                skip(lineNumber, "the text is empty")
                continue
            }
            let name = String(decoding: fields[1], as: UTF8.self)
            let sender = name == me.name ? me : senders[name, default: Sender(id: "t:" + name, name: name)]
            senders[name] = sender
            messages.append(Message(id: MessageID("line-\(lineNumber)"), sender: sender, date: date, content: .text(text)))
        }
        self.source = ArrayHistorySource(messages)
        self.count = messages.count
        self.skipped = skipped
        self.problems = problems
    }

    /// The page before `cursor`.
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        try await source.page(before: cursor, limit: limit)
    }

    /// The bytes of the regular file at `path`, refused before reading when it is anything
    /// else or too large (a FIFO would block the program forever).
    static func read(_ path: String) throws(TranscriptError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing(path: path) : .unreadable(path: path, reason: Self.reason(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder(path: path)
        default: throw .notAFile(path: path)
        }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(path: path, limit: maximumBytes) }
        // O_NONBLOCK: should the file be swapped for a FIFO after the check, opening it
        // does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else { throw TranscriptError.tooLarge(path: path, limit: maximumBytes) }
            return data
        } catch let error as TranscriptError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "it could not be read")
        }
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
