import Foundation

/// Runs `executable` with `arguments` (in `folder`, with `environment` when given) until
/// it exits; returns its exit status and everything it printed, both streams together.
public func runProgram(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
