import Foundation

/// Runs `executable` with `arguments` (in `folder`, with `environment` when given) until
/// it exits; returns its exit status and everything it printed, both streams together.
///
/// The waiting happens on a thread of its own, not on Swift's cooperative pool: a test
/// waiting for a process must not stop every other test's tasks (on two cores, two such
/// waits would stall the whole run).
public func runProgram(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let running = Running(process: process, output: output)
    return await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            let data = running.output.fileHandleForReading.readDataToEndOfFile()
            running.process.waitUntilExit()
            continuation.resume(returning: (running.process.terminationStatus, String(decoding: data, as: UTF8.self)))
        }
    }
}

/// A started process and its output pipe, handed to the thread that waits for them.
private final class Running: @unchecked Sendable {
    let process: Process
    let output: Pipe
    init(process: Process, output: Pipe) {
        self.process = process
        self.output = output
    }
}
