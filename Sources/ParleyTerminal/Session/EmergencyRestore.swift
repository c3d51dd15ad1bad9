import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What must be done to put the terminal back, kept in memory allocated up front so a
/// signal handler can use it with async-signal-safe calls only (`write`, `tcsetattr`).
struct RestoreRecord {
    /// Where the restore bytes go.
    var outputDescriptor: Int32
    /// Whose `termios` to reset.
    var inputDescriptor: Int32
    /// Whether `savedSettings` holds settings to restore.
    var restoresSettings: Bool
    /// The settings before the session changed them.
    var savedSettings: termios
    /// The restore sequence.
    var bytes: UnsafeMutablePointer<UInt8>
    /// Its length.
    var count: Int

    /// Writes the bytes and resets the settings, using only async-signal-safe calls.
    /// Output first, so the mode changes reach the terminal while output is still raw.
    func perform() {
        var offset = 0
        while offset < count {
            let written = write(outputDescriptor, bytes + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        if restoresSettings {
            var settings = savedSettings
            _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
        }
    }
}

/// The process-wide restore path used by signal handlers and `atexit`.
///
/// At most one session is active; its ``RestoreRecord`` address sits in ``active``. Whoever
/// exchanges it for 0 first (the session's `restore()`, a signal handler, `atexit`)
/// restores, so it happens exactly once. Records are never freed: a handler on another
/// thread may still be reading one, and they are a few hundred bytes per session.
enum EmergencyRestore {
    /// The active session's record address, 0 when none.
    static let active = Atomic<Int>(0)
    /// Whether the `atexit` hook is registered (it can never be removed).
    static let exitHookInstalled = Atomic<Bool>(false)
    /// The write end of the resize self-pipe, -1 when none.
    static let resizeDescriptor = Atomic<Int32>(-1)

    /// Signals that end the process and get a restore first: the four terminal/kill
    /// signals, and the crash signals (a Swift runtime trap is SIGILL or SIGTRAP).
    static let terminatingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
    ]

    /// Enough slots for every signal number.
    private static let slotCount = 128
    /// The disposition each signal had before we installed ours, by signal number.
    /// Written only while no handler of ours is installed for that signal.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let slots = UnsafeMutablePointer<sigaction>.allocate(capacity: slotCount)
        slots.initialize(repeating: sigaction(), count: slotCount)
        return slots
    }()
    /// Whether our handler is installed, by signal number (only touched off signal context).
    nonisolated(unsafe) private static var installed = [Bool](repeating: false, count: slotCount)

    /// Makes `record` the active one; false if another session is active.
    static func activate(_ record: UnsafeMutablePointer<RestoreRecord>) -> Bool {
        _ = previous  // initialise before any handler can need it
        return active.compareExchange(expected: 0, desired: Int(bitPattern: record), ordering: .acquiringAndReleasing).exchanged
    }

    /// Restores with `record` unless someone already has; returns whether this call did.
    @discardableResult
    static func restore(_ record: UnsafeMutablePointer<RestoreRecord>) -> Bool {
        guard active.compareExchange(expected: Int(bitPattern: record), desired: 0, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        record.pointee.perform()
        return true
    }

    /// Restores whatever session is active (signal and exit path).
    static func restoreActive() {
        let address = active.exchange(0, ordering: .acquiringAndReleasing)
        guard let record = UnsafeMutablePointer<RestoreRecord>(bitPattern: address) else { return }
        record.pointee.perform()
    }

    /// Registers the `atexit` hook once per process.
    static func installExitHook() {
        guard !exitHookInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        atexit { EmergencyRestore.restoreActive() }
    }

    /// Installs the restoring handler for ``terminatingSignals``, leaving alone any the
    /// process ignores (a `nohup` run keeps ignoring SIGHUP).
    static func installSignalHandlers() {
        for signal in terminatingSignals where !installed[Int(signal)] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, !isIgnored(current) else { continue }
            previous[Int(signal)] = current
            var action = sigaction()
            setHandler(&action) { signal in EmergencyRestore.handleTerminatingSignal(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            if sigaction(signal, &action, nil) == 0 { installed[Int(signal)] = true }
        }
    }

    /// Puts back the dispositions ``installSignalHandlers()`` replaced.
    static func uninstallSignalHandlers() {
        for signal in terminatingSignals where installed[Int(signal)] {
            _ = sigaction(signal, previous + Int(signal), nil)
            installed[Int(signal)] = false
        }
    }

    /// Restores the terminal, reinstates the signal's previous disposition (the default,
    /// unless the program had its own) and raises the signal again, so the process ends
    /// as it would have without us. Async-signal-safe.
    private static func handleTerminatingSignal(_ signal: Int32) {
        let savedErrno = errno
        restoreActive()
        if signal >= 0, signal < Int32(slotCount) {
            _ = sigaction(signal, previous + Int(signal), nil)
        }
        _ = raise(signal)
        errno = savedErrno
    }

    /// Installs the SIGWINCH handler that writes a byte to `descriptor` (non-blocking).
    static func installResizeHandler(writingTo descriptor: Int32) {
        resizeDescriptor.store(descriptor, ordering: .releasing)
        guard !installed[Int(SIGWINCH)] else { return }
        var current = sigaction()
        guard sigaction(SIGWINCH, nil, &current) == 0 else { return }
        previous[Int(SIGWINCH)] = current
        var action = sigaction()
        setHandler(&action) { _ in
            let savedErrno = errno
            let descriptor = EmergencyRestore.resizeDescriptor.load(ordering: .acquiring)
            if descriptor >= 0 {
                var byte: UInt8 = 1
                _ = write(descriptor, &byte, 1)
            }
            errno = savedErrno
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        if sigaction(SIGWINCH, &action, nil) == 0 { installed[Int(SIGWINCH)] = true }
    }

    /// Removes the SIGWINCH handler and forgets the pipe.
    static func uninstallResizeHandler() {
        resizeDescriptor.store(-1, ordering: .releasing)
        guard installed[Int(SIGWINCH)] else { return }
        _ = sigaction(SIGWINCH, previous + Int(SIGWINCH), nil)
        installed[Int(SIGWINCH)] = false
    }

    /// Whether `action` is SIG_IGN.
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
    }

    /// Sets a plain (non-SA_SIGINFO) handler.
    private static func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }
}
