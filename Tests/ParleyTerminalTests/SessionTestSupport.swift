import Dispatch
import Synchronization
import Testing
@testable import ParleyTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair: the session runs on the slave side, the test plays the
/// terminal emulator on the master side.
final class SessionPTY {
    let master: Int32
    let slave: Int32
    private var masterOpen = true

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw TerminalError.systemCall(name: "openpty", errno: errno)
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.slave = slave
    }

    deinit {
        if masterOpen { close(master) }
        close(slave)
    }

    /// Closes the terminal emulator's side, as when its window is closed.
    func closeMaster() {
        guard masterOpen else { return }
        masterOpen = false
        close(master)
    }

    /// The slave side's line settings.
    var settings: termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    /// Everything the session has written so far: reads the master until it has been
    /// quiet for `quiet`.
    func output(quiet: Duration = .milliseconds(60)) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, FileDescriptorIO.milliseconds(quiet))
            guard ready > 0 else { return bytes }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            guard count > 0 else { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// Types `bytes` as if the user pressed keys.
    func type(_ bytes: [UInt8]) throws {
        try FileDescriptorIO.writeAll(master, bytes)
    }

    /// Sets the window size the slave side sees.
    func setSize(columns: Int, rows: Int) {
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }
}

/// Helpers on line settings and child processes.
enum SessionTestSupport {
    /// Whether two `termios` values are the same in every flag and control character.
    static func sameSettings(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        let ccA = withUnsafeBytes(of: &a.c_cc) { Array($0) }
        let ccB = withUnsafeBytes(of: &b.c_cc) { Array($0) }
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
            && a.c_lflag == b.c_lflag && ccA == ccB
    }

    /// Whether `haystack` contains `needle` starting at or after `from`; returns where.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// How a child process ended.
    enum ChildEnd: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
    }

    /// Waits for `pid` up to `limit`; kills it (SIGKILL) if it has not ended by then.
    static func wait(for pid: pid_t, limit: Duration = .seconds(10)) -> ChildEnd {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var status: Int32 = 0
        while clock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                let signal = status & 0x7F
                return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
            }
            usleep(5_000)
        }
        // Once more after the deadline, which a sleep on a busy machine can overshoot.
        if waitpid(pid, &status, WNOHANG) == pid {
            let signal = status & 0x7F
            return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return .timedOut
    }

    /// Sets `signal`'s disposition to `handler` and returns the one it replaces.
    static func setDisposition(
        _ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        var old = sigaction()
        _ = sigaction(signal, &action, &old)
        return old
    }

    /// Runs `body` with `signal` unblocked on this thread. Test runners call tests on
    /// worker threads that block asynchronous signals, where `raise` would leave the
    /// signal pending instead of delivering it.
    static func withSignalUnblocked<T>(_ signal: Int32, _ body: () throws -> T) rethrows -> T {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        var old = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &set, &old)
        defer { _ = pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// Puts back a disposition saved by ``setDisposition(_:_:)``.
    static func restoreDisposition(_ signal: Int32, _ action: sigaction) {
        var action = action
        _ = sigaction(signal, &action, nil)
    }
}

/// Collects what a reader thread reads from a pty master.
final class SessionByteSink: Sendable {
    let bytes = Mutex<[UInt8]>([])

    /// Reads `master` on another thread until `expected` bytes arrived or `limit` passed.
    func drain(_ master: Int32, expected: Int, limit: Duration = .seconds(20)) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let clock = ContinuousClock()
            let deadline = clock.now + limit
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while clock.now < deadline, self.bytes.withLock({ $0.count }) < expected {
                var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
                if count > 0 { self.bytes.withLock { $0 += buffer[..<count] } }
            }
            done.signal()
        }
        return done
    }
}

/// Counts deliveries to the test's own SIGTERM handler.
let sessionTestSignalCount = Atomic<Int>(0)
