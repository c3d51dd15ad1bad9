import Foundation
import Glibc
import ParleyTestSupport
import Testing

/// Drives a tmux server of its own (a private socket), so tests never touch the user's.
struct Tmux {
    let socket = "parley-test-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    let session = "demo"

    /// Runs a tmux command and returns what it printed (posix_spawn and waitpid: Foundation's
    /// Process can miss its child's exit when waited on from a test's task).
    @discardableResult
    func run(_ arguments: [String], captures: Bool = true) throws -> String {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EMFILE) }
        // Close-on-exec: a child another test starts meanwhile must not hold the write end,
        // or the read below waits for that child's end (the dup2 below clears the flag on
        // the tmux client's copy). Glibc's pipe2 is not visible from Swift.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captures {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            // The server a new session starts inherits our descriptors: give it none to hold.
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        // Nothing else either: the server, and the shell and `sleep` of its pane, would
        // otherwise hold pipes other tests are reading to their end for a minute.
        closeInheritedDescriptors(in: &actions)
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &chunk, chunk.count)
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self)
    }

    func start(_ command: String, columns: Int, rows: Int) throws {
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command], captures: false)
    }

    func screen() throws -> String { try run(["capture-pane", "-p", "-t", session]) }

    func keys(_ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }

    func flag(_ name: String) throws -> String {
        try run(["display-message", "-p", "-t", session, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen until `predicate` holds; records an issue and returns the last
    /// screen after `seconds`.
    @discardableResult
    func wait(
        for what: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        // The screen is looked at once more after the deadline: on a busy machine the
        // sleep can end well past it, and the screen may have been ready for long.
        while true {
            last = try screen()
            if predicate(last) { return last }
            if Date() >= deadline { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        Issue.record("timed out waiting for \(what); screen was:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    func kill() { _ = try? run(["kill-server"]) }
}

/// The built `parley-demo` next to the test bundle.
let demoBinary: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for configuration in ["debug", "release"] {
        let path = root.appendingPathComponent(".build/\(configuration)/parley-demo").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return root.appendingPathComponent(".build/debug/parley-demo").path
}()

@Suite("parley-demo in a real terminal (tmux)", .serialized)
struct DemoPtyTests {
    @Test("start, type, send, see the bot reply, load history, resize, quit restored")
    func session() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: demoBinary), "build parley-demo first (scripts/test does)")
        let tmux = Tmux()
        defer { tmux.kill() }
        let home = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try tmux.start("XDG_DATA_HOME=\(home) TERM=xterm-256color COLORTERM=truecolor \(demoBinary); echo PARLEY_EXIT=$?; sleep 60", columns: 100, rows: 30)
        try await tmux.wait(for: "the demo") { $0.contains("Parley demo") && $0.contains("Message") }
        #expect(try tmux.flag("alternate_on") == "1")
        #expect(try tmux.flag("mouse_any_flag") == "1")

        try tmux.keys("hello parley")
        try await tmux.wait(for: "the typed text in the composer") { $0.contains("hello parley") }
        try tmux.keys("Enter")
        let replied = try await tmux.wait(for: "the bot's reply") { $0.contains("I'm the Parley bot") }
        #expect(replied.contains("hello parley"))
        // The composer is empty again: its placeholder is back on the last line.
        #expect(replied.split(separator: "\n").last?.contains("Message") == true)

        for _ in 0..<8 { try tmux.keys("PageUp") }
        try await tmux.wait(for: "history loaded by scrolling up") { screen in
            ["Morning! Anyone up for coffee?", "Can you review my PR", "Who broke the build?", "Lunch at the usual place?"]
                .contains { screen.contains($0) }
        }

        try tmux.run(["resize-window", "-t", tmux.session, "-x", "64", "-y", "22"])
        let resized = try await tmux.wait(for: "a reflowed screen") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.first?.contains("Parley demo") == true && screen.contains("Message")
        }
        for line in resized.split(separator: "\n") { #expect(line.count <= 64) }

        try tmux.keys("C-c")
        try await tmux.wait(for: "the demo to exit") { $0.contains("PARLEY_EXIT=0") }
        #expect(try tmux.flag("alternate_on") == "0")
        #expect(try tmux.flag("cursor_flag") == "1")
        #expect(try tmux.flag("mouse_any_flag") == "0")
    }
}
