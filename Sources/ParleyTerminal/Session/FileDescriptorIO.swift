#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking-free reads and complete writes on raw file descriptors, retrying on `EINTR`.
enum FileDescriptorIO {
    /// Writes every byte, looping over partial writes, `EINTR`, and `EAGAIN` on a
    /// non-blocking descriptor (waiting until it is writable).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(TerminalError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            let code = errno
            if written < 0, code == EINTR { continue }
            if written < 0, code == EAGAIN || code == EWOULDBLOCK {
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
                continue
            }
            throw .systemCall(name: "write", errno: written == 0 ? EIO : code)
        }
    }

    /// Waits until one of `descriptors` is readable (or has hung up), at most
    /// `timeoutMilliseconds` (-1: forever). Returns which ones are ready; none on timeout
    /// or when a signal interrupted the wait.
    static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) throws(TerminalError) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let result = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        if result < 0 {
            let code = errno
            if code == EINTR || code == EAGAIN { return descriptors.map { _ in false } }
            throw .systemCall(name: "poll", errno: code)
        }
        let readyMask = Int16(POLLIN | POLLHUP | POLLERR)
        return entries.map { $0.revents & readyMask != 0 }
    }

    /// Reads what is available into `scratch` (as much as it holds) and returns a copy of
    /// the bytes read. Returns `[]` when nothing is (`EAGAIN`, `EINTR`); throws
    /// ``TerminalError/inputClosed`` at end of input or `EIO`.
    ///
    /// A reader that keeps its scratch allocates only the few bytes a key press is: a new
    /// 64 KB buffer a read came from the thread's malloc arena, which gave the memory back
    /// to the kernel when it was freed and faulted it in again on the next press (#15).
    static func readAvailable(_ descriptor: Int32, into scratch: inout [UInt8]) throws(TerminalError) -> [UInt8] {
        let count = scratch.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count > 0 { return Array(scratch[0..<count]) }
        if count == 0 { throw .inputClosed }
        let code = errno
        if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { return [] }
        if code == EIO { throw .inputClosed }
        throw .systemCall(name: "read", errno: code)
    }

    /// Reads and discards everything available on a non-blocking descriptor; returns
    /// whether there was anything.
    static func drain(_ descriptor: Int32) -> Bool {
        var drained = false
        var scratch = [UInt8](repeating: 0, count: 64)
        while scratch.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress!, $0.count) }) > 0 {
            drained = true
        }
        return drained
    }

    /// Converts a timeout to poll's milliseconds: nil is forever (-1), rounded up otherwise.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let (seconds, attoseconds) = timeout.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let millis = seconds.multipliedReportingOverflow(by: 1000)
        guard !millis.overflow else { return Int32.max }
        let total = millis.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
