import Foundation

/// A transcript file, open for reading: checked to be a regular file no larger than its
/// limit, and closed when the last reference goes.
///
/// Read with `pread` only, never mapped: a file cut short under a mapping kills the
/// program with SIGBUS. Immutable, so safe to share between threads.
final class TranscriptFile: Sendable {
    /// The open file.
    let descriptor: Int32
    /// Its path, for errors.
    let path: String
    /// The most bytes it may hold; a file that grows past it while read is refused.
    let maximumBytes: Int
    /// Its size when it was opened.
    let sizeWhenOpened: Int

    /// Opens the regular file at `path`, refused before reading when it is anything else
    /// or larger than `maximumBytes` (a FIFO would block the program forever).
    init(path: String, maximumBytes: Int) throws(TranscriptError) {
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
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.path = path
        self.maximumBytes = maximumBytes
        self.sizeWhenOpened = Int(info.st_size)
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

    /// Reads up to `count` bytes at `offset` into `buffer` from index `start`, retrying
    /// when interrupted: the bytes read, 0 at the end of the file.
    func read(into buffer: inout [UInt8], from start: Int, count: Int, at offset: Int) throws(TranscriptError) -> Int {
        precondition(start >= 0 && count >= 0 && start + count <= buffer.count)
        while true {
            let read = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + start, count, off_t(offset))
            }
            if read >= 0 { return read }
            if errno != EINTR { throw .unreadable(path: path, reason: "it could not be read") }
        }
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
            guard let count = try? read(into: &buffer, from: filled, count: buffer.count - filled, at: Int(offset) + filled) else {
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

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "you don't have permission to read it"
        case ELOOP: return "its path has too many symbolic links"
        case ENAMETOOLONG: return "its path is too long"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
