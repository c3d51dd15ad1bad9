import Foundation
import ParleyTestSupport
import Testing
@testable import ParleyTerminal

#if canImport(Glibc)
import Glibc
#endif

@Suite("parley-demo on a pty: writes only when the screen changes", .serialized)
struct DemoQuietTests {
    /// Starts parley-demo with its standard streams on `pty`'s terminal side.
    private func spawnDemo(_ arguments: [String], on pty: SessionPTY) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in 0...2 { posix_spawn_file_actions_adddup2(&actions, pty.slave, Int32(descriptor)) }
        posix_spawn_file_actions_addclose(&actions, pty.master)
        closeInheritedDescriptors(in: &actions)
        let argv = ([demoBinary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables: [String] = ["TERM=xterm-256color", "COLORTERM=truecolor", "PATH=/usr/bin:/bin"]
        let environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, demoBinary, &actions, nil, argv, environment)
        guard status == 0 else { throw TerminalError.systemCall(name: "posix_spawn", errno: status) }
        return pid
    }

    @Test("idle writes nothing; a one-row scroll writes a little; Ctrl-C restores the terminal")
    func quiet() throws {
        let path = NSTemporaryDirectory() + "parley-quiet-\(UUID().uuidString).tsv"
        let lines = (0..<2_000).map { "\(1_700_000_000 + $0 * 30)\t\(["Ann", "Ben", "Cy"][$0 % 3])\tmessage number \($0) with some words" }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let pty = try SessionPTY()
        pty.setSize(columns: 100, rows: 30)
        let pid = try spawnDemo(["--transcript", path], on: pty)
        let opening = pty.output(quiet: .milliseconds(800))
        #expect(opening.count > 1_000, "the first frame is drawn")
        #expect(SessionTestSupport.find(Array("message number 1999".utf8), in: opening) != nil)

        let idle = pty.output(quiet: .milliseconds(1_500))
        #expect(idle.isEmpty, "nothing is written while nothing changes (\(idle.count) bytes)")

        try pty.type([0x1B, 0x5B, 0x41])  // Up: scroll one row
        let step = pty.output(quiet: .milliseconds(300))
        #expect(step.count > 0 && step.count < 1_500, "one row costs a few hundred bytes, not a repaint (\(step.count))")
        #expect(pty.output(quiet: .milliseconds(800)).isEmpty)

        try pty.type([0x03])  // Ctrl-C
        let closing = pty.output(quiet: .milliseconds(500))
        let end = SessionTestSupport.wait(for: pid)
        #expect(end == .exited(0))
        #expect(SessionTestSupport.find(Array("\u{1B}[?1049l".utf8), in: closing) != nil, "the alternate screen is left")
        #expect(SessionTestSupport.find(Array("\u{1B}[?25h".utf8), in: closing) != nil, "the cursor is shown again")
    }
}
