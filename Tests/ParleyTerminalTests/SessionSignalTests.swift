import Testing
@testable import ParleyTerminal

// Linux only: uses glibc's sigaction layout and RLIMIT_CORE spelling.
#if canImport(Glibc)
import Glibc

private typealias S = SessionTestSupport

extension SessionTests {
    /// The emergency paths: a signal handler or `exit` restores the terminal. Signals that
    /// would kill the test runner are raised in forked children, which run only
    /// async-signal-safe code after the fork.
    @Suite("Terminal session: signals and exit")
    struct Signals {
        @Test("a terminating signal restores, then acts as before (default: the child dies of it)",
              arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT])
        func terminatingSignal(_ signal: Int32) throws {
            let pty = try SessionPTY()
            let original = pty.settings
            // Whatever the runner had (SIGHUP may be ignored under nohup), the child should
            // see the default disposition as "before".
            let runnerAction = S.setDisposition(signal, SIG_DFL)
            defer { S.restoreDisposition(signal, runnerAction) }

            let session = try TerminalSession(input: pty.slave, output: pty.slave)
            let entered = pty.output()
            #expect(entered == TerminalSession.enterSequence(for: .init()))

            let pid = fork()
            if pid == 0 {
                var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
                _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
                S.withSignalUnblocked(signal) { _ = raise(signal) }
                _exit(42)
            }
            #expect(pid > 0)
            #expect(S.wait(for: pid) == .signalled(signal))
            #expect(S.sameSettings(pty.settings, original))
            #expect(pty.output() == TerminalSession.restoreSequence)

            session.restore()
        }

        @Test("at exit the terminal is restored")
        func exitRestores() throws {
            let pty = try SessionPTY()
            let original = pty.settings
            let session = try TerminalSession(input: pty.slave, output: pty.slave)
            _ = pty.output()
            let pid = fork()
            if pid == 0 {
                exit(7)
            }
            #expect(S.wait(for: pid) == .exited(7))
            #expect(S.sameSettings(pty.settings, original))
            #expect(pty.output() == TerminalSession.restoreSequence)
            session.restore()
        }

        @Test("a program's own handler still runs after the restore, and restore() then writes nothing more")
        func chainsToPreviousHandler() throws {
            let pty = try SessionPTY()
            let original = pty.settings
            let runnerAction = S.setDisposition(SIGTERM) { _ in
                sessionTestSignalCount.add(1, ordering: .relaxed)
            }
            defer { S.restoreDisposition(SIGTERM, runnerAction) }
            let before = sessionTestSignalCount.load(ordering: .relaxed)

            let session = try TerminalSession(input: pty.slave, output: pty.slave)
            _ = pty.output()
            S.withSignalUnblocked(SIGTERM) { _ = raise(SIGTERM) }
            #expect(sessionTestSignalCount.load(ordering: .relaxed) == before + 1)
            #expect(S.sameSettings(pty.settings, original))
            #expect(pty.output() == TerminalSession.restoreSequence)

            session.restore()
            #expect(pty.output() == [])
            // The program's handler is in place again.
            S.withSignalUnblocked(SIGTERM) { _ = raise(SIGTERM) }
            #expect(sessionTestSignalCount.load(ordering: .relaxed) == before + 2)
        }

        @Test("handlers are removed by restore and ignored signals stay ignored")
        func handlersRemoved() throws {
            let pty = try SessionPTY()
            let runnerHUP = S.setDisposition(SIGHUP, SIG_IGN)
            let runnerINT = S.setDisposition(SIGINT, SIG_DFL)
            defer {
                S.restoreDisposition(SIGHUP, runnerHUP)
                S.restoreDisposition(SIGINT, runnerINT)
            }
            let session = try TerminalSession(input: pty.slave, output: pty.slave)
            var current = sigaction()
            _ = sigaction(SIGHUP, nil, &current)
            #expect(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1)
            _ = sigaction(SIGINT, nil, &current)
            #expect(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) > 1)
            session.restore()
            _ = sigaction(SIGINT, nil, &current)
            #expect(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0)
        }
    }
}
#endif
