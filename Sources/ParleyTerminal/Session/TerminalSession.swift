#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal, switched into the modes a full-screen chat needs, and put back afterwards.
///
/// Creating a session saves the line settings and makes them raw, then enters the
/// alternate screen, hides the cursor and turns on mouse, bracketed paste and focus
/// reporting (each can be turned off in ``Options``). ``restore()`` undoes it all in
/// reverse order; it runs at most once, whether called directly, from `deinit`, at
/// `exit`, or from a signal handler (SIGINT, SIGTERM, SIGHUP, SIGQUIT and crash signals,
/// which then act as they would have).
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.restore() }
/// while running {
///     for event in try session.readEvents(timeout: .milliseconds(100)) { handle(event) }
/// }
/// ```
///
/// One session is active per process. It is not `Sendable`: use it from one thread (the
/// run loop's).
public final class TerminalSession {
    /// The modes this session turned on.
    public let options: Options
    /// Where input is read from (and whose line settings are changed).
    public let inputDescriptor: Int32
    /// Where output goes.
    public let outputDescriptor: Int32

    /// What puts the terminal back; shared with the signal handlers, never freed.
    private let record: UnsafeMutablePointer<RestoreRecord>
    /// The self-pipe SIGWINCH writes to: read end, write end.
    private let resizePipe: (read: Int32, write: Int32)
    /// Decodes what ``readEvents(timeout:)`` reads.
    private var decoder: InputDecoder
    /// When the last input byte arrived (for ``Options/pasteTimeout``).
    private var lastInput = ContinuousClock.now
    /// Whether ``restore()`` has run.
    public private(set) var isRestored = false
    /// Input read while waiting for something else (keys typed during
    /// ``queryCanvas(timeout:)``), handed out by the next ``readEvents(timeout:)``.
    private var pendingEvents: [InputEvent] = []
    /// Where reads land before the bytes read are copied out: kept, so that a key press
    /// allocates no 64 KB buffer.
    private var readScratch = [UInt8](repeating: 0, count: 65_536)
    /// Whether the terminal carries out REP (`ESC[nb`, repeat the last character) for a
    /// character outside ASCII, as the first ``queryCanvas(timeout:)`` found; false until
    /// one has asked. A renderer may then send a run of one character as one and a repeat
    /// (``AnsiRenderer/repeatsCharacters``).
    public private(set) var repeatsCharacters = false
    /// Whether ``queryCanvas(timeout:)`` has asked its first query, which alone probes
    /// for REP and synchronized output.
    private var probed = false
    /// Whether the terminal has synchronized output (DEC mode 2026), as the first
    /// ``queryCanvas(timeout:)`` found by asking (DECRQM): true when it reported the mode,
    /// false when it answered the query's end (DA1) without knowing the mode, nil when
    /// nothing has asked or the terminal did not answer in time. A renderer need not wrap
    /// frames in the mode where it is false (``AnsiRenderer/synchronizedOutput``).
    public private(set) var synchronizesOutput: Bool?
    /// Whether the resize pipe may hold a signal's byte: set when a wait saw it
    /// readable, so a key press costs no read of an empty pipe.
    private var resizeMayWait = true

    /// Starts a session on standard input and output, which must both be terminals.
    ///
    /// - Throws: ``TerminalError/notATerminal(descriptor:role:)`` when either is redirected,
    ///   ``TerminalError/alreadyActive`` when another session is running.
    public convenience init(options: Options = Options()) throws(TerminalError) {
        try self.init(input: STDIN_FILENO, output: STDOUT_FILENO, options: options)
    }

    /// Starts a session on the given terminal descriptors (for instance one descriptor of
    /// `/dev/tty` opened read-write as both, or a pty's slave side in tests). The
    /// descriptors stay owned by the caller and must outlive the session.
    public init(input: Int32, output: Int32, options: Options = Options()) throws(TerminalError) {
        guard isatty(input) == 1 else { throw .notATerminal(descriptor: input, role: "input") }
        guard isatty(output) == 1 else { throw .notATerminal(descriptor: output, role: "output") }
        self.options = options
        self.inputDescriptor = input
        self.outputDescriptor = output

        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw .systemCall(name: "tcgetattr", errno: errno) }
        decoder = InputDecoder(eraseByte: RawMode.eraseByte(saved))

        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw .systemCall(name: "pipe", errno: errno) }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        resizePipe = (pipeEnds[0], pipeEnds[1])

        let restoreBytes = Self.restoreSequence(for: options)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreBytes.count)
        bytes.initialize(from: restoreBytes, count: restoreBytes.count)
        record = .allocate(capacity: 1)
        record.initialize(to: RestoreRecord(
            outputDescriptor: output, inputDescriptor: input, restoresSettings: options.rawMode,
            savedSettings: saved, bytes: bytes, count: restoreBytes.count))

        guard EmergencyRestore.activate(record) else {
            close(resizePipe.read)
            close(resizePipe.write)
            bytes.deallocate()
            record.deallocate()
            isRestored = true
            throw .alreadyActive
        }
        // From here every exit path restores: handlers first, then the changes.
        if options.restoresOnSignals {
            EmergencyRestore.installSignalHandlers()
            EmergencyRestore.installExitHook()
        }
        EmergencyRestore.installResizeHandler(writingTo: resizePipe.write)
        do throws(TerminalError) {
            if options.rawMode {
                var raw = RawMode.raw(from: saved)
                guard tcsetattr(input, TCSANOW, &raw) == 0 else {
                    throw .systemCall(name: "tcsetattr", errno: errno)
                }
            }
            try FileDescriptorIO.writeAll(output, Self.enterSequence(for: options))
        } catch {
            restore()
            throw error
        }
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was: modes off, cursor shown, alternate screen left,
    /// attributes reset, line settings restored, signal handlers removed. Safe to call
    /// more than once; only the first call (or a signal or `exit` before it) acts.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        EmergencyRestore.restore(record)
        EmergencyRestore.uninstallResizeHandler()
        if options.restoresOnSignals { EmergencyRestore.uninstallSignalHandlers() }
        close(resizePipe.read)
        close(resizePipe.write)
    }

    /// The terminal's current size (see ``TerminalSize/of(descriptor:)``).
    public var size: TerminalSize {
        TerminalSize.of(descriptor: outputDescriptor)
    }

    /// Writes all of `bytes` to the terminal (looping over partial writes and interruptions).
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        try FileDescriptorIO.writeAll(outputDescriptor, bytes)
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws(TerminalError) {
        try write(Array(text.utf8))
    }

    /// Waits up to `timeout` (nil: forever) for input and returns the bytes available,
    /// or `[]` on timeout or when a resize interrupted the wait (see ``takeResize()``).
    ///
    /// - Throws: ``TerminalError/inputClosed`` when the terminal has gone away.
    public func read(timeout: Duration?) throws(TerminalError) -> [UInt8] {
        guard !isRestored else { throw .inputClosed }
        let ready = try FileDescriptorIO.waitReadable(
            [inputDescriptor, resizePipe.read], timeoutMilliseconds: FileDescriptorIO.milliseconds(timeout))
        if ready[1] { resizeMayWait = true }
        guard ready[0] else { return [] }
        return try FileDescriptorIO.readAvailable(inputDescriptor, into: &readScratch)
    }

    /// Asks the terminal for its text and background colours (OSC 10 and 11) and waits up
    /// to `timeout` for the answers; returns `nil` when the background went unanswered.
    ///
    /// In the same round trip it finds out whether the terminal repeats characters
    /// (``repeatsCharacters``): at the start of the cursor's line it writes a wide
    /// character and a repeat of it (REP, `ESC[1b`) and asks where the cursor is (DSR 6),
    /// then erases the line. A terminal that repeats the character leaves the cursor four
    /// columns on; one that repeats only ASCII (tmux repeats the last ASCII character
    /// printed, whatever came after it) leaves it three or two on, and is not trusted.
    /// A DA1 query sent last ends the wait as soon as the terminal has answered
    /// what it will, so a terminal that ignores the queries costs one round trip.
    /// The first query also asks whether the terminal has synchronized output
    /// (``synchronizesOutput``), with DECRQM for mode 2026.
    /// Keys typed meanwhile are kept for ``readEvents(timeout:)``. Call it before
    /// reading events on another thread. Only the first call probes, and it should come
    /// before anything is drawn; with ``Options/repeats`` off none does. The answer
    /// holds for the session: a terminal narrower than four columns at the time answers
    /// no, even if it is widened later.
    public func queryCanvas(timeout: Duration = .milliseconds(200)) throws(TerminalError) -> TerminalCanvas? {
        // The repeat probe draws (and erases) at the cursor, so it goes with the first
        // query only, before anything is drawn.
        let first = !probed
        let probes = options.repeats && first
        probed = true
        let probe = (probes ? "\r中\u{1B}[1b\u{1B}[6n\r\u{1B}[2K" : "") + (first ? "\u{1B}[?2026$p" : "")
        try write(Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\(probe)\u{1B}[c".utf8))
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var bytes: [UInt8] = []
        var reply = CanvasReply()
        while ContinuousClock.now < deadline, bytes.count < 4096 {
            let left = ContinuousClock.now.duration(to: deadline)
            bytes += try read(timeout: left)
            reply = CanvasReply.parse(bytes)
            if reply.isComplete { break }
        }
        if !reply.rest.isEmpty { pendingEvents += decoder.feed(reply.rest) }
        // The wide character and its repeat leave the cursor in column 5.
        if probes { repeatsCharacters = reply.cursorColumn == 5 }
        // States 1 to 3 say the mode can be set; 0 (unknown), 4 (permanently reset) or no
        // report before DA1 say it cannot.
        if first, let state = reply.synchronizedOutputState {
            synchronizesOutput = (1...3).contains(state)
        } else if first, reply.isComplete {
            synchronizesOutput = false
        }
        return reply.background.map { TerminalCanvas(background: $0, foreground: reply.foreground) }
    }

    /// The new size if the window was resized (SIGWINCH) since the last call, else nil.
    /// Several resizes in between count as one.
    public func takeResize() -> TerminalSize? {
        guard !isRestored else { return nil }
        return FileDescriptorIO.drain(resizePipe.read) ? size : nil
    }

    /// Waits up to `timeout` for input and returns it decoded, with a
    /// ``InputEvent/resize(columns:rows:)`` first if the window changed size. When the read
    /// ends inside an escape sequence it waits up to ``Options/escapeDelay`` for the rest,
    /// then settles it (a lone ESC is the Escape key). Returns `[]` on timeout.
    public func readEvents(timeout: Duration?) throws(TerminalError) -> [InputEvent] {
        var events: [InputEvent] = []
        if !pendingEvents.isEmpty {
            events = pendingEvents
            pendingEvents = []
            if !decoder.needsFlush { return events }
        }
        let pasteWait = decoder.isPasting ? options.pasteTimeout : nil
        var bytes = try read(timeout: pasteWait.map { wait in timeout.map { min($0, wait) } ?? wait } ?? timeout)
        if !bytes.isEmpty {
            lastInput = .now
        } else if decoder.isPasting, lastInput.duration(to: .now) >= options.pasteTimeout {
            events += decoder.endPaste()
        }
        while true {
            if resizeMayWait {
                resizeMayWait = false
                if let size = takeResize() { events.append(.resize(columns: size.columns, rows: size.rows)) }
            }
            events += bytes.isEmpty && decoder.needsFlush ? decoder.flush() : decoder.feed(bytes)
            guard decoder.needsFlush else { return events }
            do {
                bytes = try read(timeout: options.escapeDelay)
                if !bytes.isEmpty { lastInput = .now }
            } catch {
                // Keep what was typed; the next call reports the error again.
                return events + decoder.flush()
            }
        }
    }
}
