import Foundation
import ParleyCore
import ParleyMatrix
import ParleyTestSupport
import Synchronization
import Testing

/// The Synapse the Matrix tests talk to.
///
/// `scripts/test` starts one (`scripts/matrix-server start` on port 8009 with its own
/// state) and names it in `PARLEY_MATRIX_HOMESERVER`; without that, the first test starts
/// it the same way and leaves it running for the next run (`scripts/matrix-server stop`
/// with `PARLEY_MATRIX_DIR=.build/matrix-test PARLEY_MATRIX_PORT=8009` stops it). A server
/// that cannot start fails the tests with its log: nothing is skipped.
enum MatrixTestServer {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static let started = Mutex<Task<URL, any Error>?>(nil)

    /// The server's base URL, starting the server when needed.
    static func homeserver() async throws -> URL {
        let task = started.withLock { task in
            if let task { return task }
            let new = Task<URL, any Error> { try await start() }
            task = new
            return new
        }
        return try await task.value
    }

    private static func start() async throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["PARLEY_MATRIX_HOMESERVER"], let url = URL(string: named) { return url }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var variables = environment
        variables["PARLEY_MATRIX_DIR"] = variables["PARLEY_MATRIX_DIR"] ?? root.appendingPathComponent(".build/matrix-test").path
        variables["PARLEY_MATRIX_PORT"] = variables["PARLEY_MATRIX_PORT"] ?? "8009"
        let result = try await spawn(["bash", root.appendingPathComponent("scripts/matrix-server").path, "start"], environment: variables)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("PARLEY_MATRIX_HOMESERVER=") }
        guard result.status == 0, let line, let url = URL(string: String(line.dropFirst("PARLEY_MATRIX_HOMESERVER=".count))) else {
            throw Failure(description: "scripts/matrix-server start failed (status \(result.status)):\n\(result.output)")
        }
        return url
    }

    /// Runs `arguments` (through `/usr/bin/env`) to its end on a thread of its own;
    /// returns its status and what it printed.
    static func spawn(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("parley-matrix-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                guard let pid = launch(arguments, environment: environment, output: log.path) else {
                    continuation.resume(returning: -1)
                    return
                }
                continuation.resume(returning: wait(for: pid))
            }
        }
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Starts `arguments` (through `/usr/bin/env`) with standard output and error into
    /// the file `output`, and returns its process id.
    ///
    /// Not Foundation's `Process`: a child inherits the signal mask of the thread that
    /// starts it, and the test runner's threads block SIGTERM, so a server started that
    /// way ignores `stop` (and `waitUntilExit` was seen spinning for ever here). This
    /// starts the child with no signal blocked and default handlers.
    static func launch(_ arguments: [String], environment: [String: String], output: String) -> pid_t? {
        let argv = ["/usr/bin/env"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment) == 0 else { return nil }
        return pid
    }

    /// Waits for process `pid` to end; its exit status, or -1 when a signal ended it.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// A new user on the server, signed in.
    static func newClient(_ name: String = "user") async throws -> MatrixClient {
        let client = MatrixClient(homeserver: try await homeserver())
        let user = "\(name)-\(UUID().uuidString.prefix(8).lowercased())"
        try await client.register(user: user, password: "password-\(user)")
        return client
    }

    /// A new room of `owner` that `others` joined.
    static func room(of owner: MatrixClient, with others: [MatrixClient]) async throws -> String {
        let room = try await owner.createRoom(name: "test", invite: others.compactMap(\.userID))
        for other in others { try await other.join(room) }
        return room
    }
}

/// Waits until `condition` holds, polling every 20 ms, for at most `timeout`.
func eventually(
    _ what: String = "condition", timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    // Checked once more after the deadline: a sleep can end well past it on a busy machine.
    while true {
        if try condition() { return }
        if ContinuousClock.now >= deadline { break }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    throw MatrixTestServer.Failure(description: "timed out waiting for \(what)")
}
