import Foundation
import ParleyTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs a built executable of the package as a child process (posix_spawn; Foundation's
/// Process can hang in test tasks), with its output in temporary files.
struct ChildProcess {
    /// The exit status (or 128 + signal), standard output and standard error.
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The path of a product built next to the tests (`.build/debug/NAME`).
    static func product(_ name: String) -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for configuration in ["debug", "release"] {
            let path = root.appendingPathComponent(".build/\(configuration)/\(name)").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root.appendingPathComponent(".build/debug/\(name)").path
    }

    /// A fresh folder for a demo's data (its default store), never the user's own.
    static func scratchFolder() -> String {
        let path = NSTemporaryDirectory() + "parley-gtk-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `executable` with `arguments` and extra `environment`, killing it after
    /// `timeout`.
    static func run(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
        timeout: Duration = .seconds(90)
    ) async throws -> Result {
        let folder = scratchFolder()
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        closeInheritedDescriptors(in: &actions)
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in extra { variables[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var status: Int32 = 0
        while true {
            let finished = waitpid(pid, &status, WNOHANG)
            if finished == pid { break }
            if clock.now > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                Issue.record("\(executable) did not finish within \(timeout)")
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: folder)
        return Result(status: code, output: output, errors: errors)
    }
}
