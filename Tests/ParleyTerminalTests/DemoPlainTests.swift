import Foundation
import Testing

/// parley-demo with `--plain` and with `TERM=dumb`: lines in, lines out, no escapes (#14).
@Suite("parley-demo plain", .serialized)
struct DemoPlainTests {
    /// Runs the demo with `arguments` and `term`, types `line`, waits until the output
    /// holds `expected` (or 20 s pass), then ends the input; returns everything printed.
    static func run(_ arguments: [String], term: String?, typing line: String, until expected: String) async throws -> (status: Int32, output: String) {
        try await run(arguments, term: term, steps: [(line, expected)])
    }

    /// Runs the demo; for each step types its line and waits until the output holds its
    /// text (or 20 s pass); then ends the input and returns everything printed.
    static func run(_ arguments: [String], term: String?, steps: [(line: String, until: String)]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: demoBinary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        let home = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        environment["XDG_DATA_HOME"] = home
        environment["TERM"] = term
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in collected.add(handle.availableData) }
        for (line, expected) in steps {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            for _ in 0..<400 where !collected.text.contains(expected) {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        try input.fileHandleForWriting.close()
        let status = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
        output.fileHandleForReading.readabilityHandler = nil
        collected.add(output.fileHandleForReading.readDataToEndOfFile())
        return (status, collected.text)
    }

    @Test("--plain prints one line per message and sends each line typed (#14)")
    func plainFlag() async throws {
        let (status, output) = try await Self.run(["--plain", "--ephemeral"], term: "xterm-256color", typing: "help", until: "Each line you type")
        #expect(status == 0)
        #expect(output.contains("Each line you type is sent"), "the bot answers help with what works here")
        #expect(!output.contains("Alt+R") && !output.contains("PgUp"), "no keys plain mode does not have")
        #expect(output.contains(": help (sent)") || output.contains(": help (read)") || output.contains(": help (delivered)") || output.contains(": help (sending)"))
        #expect(!output.contains("\u{1B}"), "no escape sequences at all")
        #expect(!output.contains { "▀▄▗▖▝▘".contains($0) })
    }

    @Test("/search in plain mode says the results, and the next line is sent as a message")
    func plainSearch() async throws {
        let (status, output) = try await Self.run(
            ["--plain", "--ephemeral"], term: "xterm-256color", typing: "/search ???\n/search garden\nhello after search", until: "hello after search")
        #expect(status == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.contains("Search: /search …"), "nothing to look for: how to search")
        let header = try #require(lines.firstIndex { $0.hasPrefix("Search “garden”: ") }, "\(output)")
        #expect(lines[header].hasSuffix("results") || lines[header].hasSuffix("result"), "\(lines[header])")
        #expect(lines[(header + 1)...].contains { $0.hasPrefix("  ") && $0.lowercased().contains("garden") })
        #expect(lines.contains { $0.hasPrefix("You, ") && $0.contains("hello after search") }, "the line after the search is a message")
        #expect(!output.contains("\u{1B}"))
    }

    @Test("a notice is said in plain mode: an impossible /jump date says it is not a date")
    func plainNotice() async throws {
        let (status, output) = try await Self.run(["--plain", "--ephemeral"], term: "xterm-256color", typing: "/jump 2026-13-45", until: "is not a date")
        #expect(status == 0)
        #expect(output.split(separator: "\n").contains { $0.hasPrefix("“2026-13-45” is not a date") }, "\(output)")
    }

    @Test("/jump in plain mode says the day and its first messages; /jump alone says the way back")
    func plainJump() async throws {
        // The demo's history covers the weeks before today.
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let day = formatter.string(from: Date().addingTimeInterval(-20 * 86_400))
        // The day's label is the list's ("Tue, 17 Nov 2026"): wait for its year.
        let year = String(day.prefix(4))
        let (status, output) = try await Self.run(
            ["--plain", "--ephemeral"], term: "xterm-256color",
            steps: [("/jump \(day)", " \(year)\n"), ("/jump 2026-02-30", "is not a date"), ("/jump", "Back to the newest messages")])
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        let back = try #require(lines.firstIndex(of: "Back to the newest messages"), "\(output)")
        // Before it: the day's label, then ten messages of the history from there
        // ("Alice Liddell, 9:14 AM: …", another day's label before any of another day),
        // said once.
        let isDay = { (line: String) in line.hasSuffix(" \(year)") && !line.contains(": ") }
        let jumped = try #require(lines.firstIndex(where: isDay), "\(lines)")
        // A date that is no date is said where the view is: it is a command, not a message
        // that would bring the view back to the present first.
        let notice = try #require(lines.firstIndex { $0.hasPrefix("“2026-02-30” is not a date") }, "\(output)")
        #expect(notice == back - 1 && lines.filter { $0 == "Back to the newest messages" }.count == 1, "\(lines)")
        let said = lines[jumped..<notice]
        #expect(said.filter { $0.contains(", ") && $0.contains(": ") }.count == 10, "\(said)")
        #expect(said.allSatisfy { isDay($0) || $0.contains(": ") }, "\(said)")
        #expect(!lines.contains { $0.hasPrefix("You, ") && $0.contains("/jump") }, "a command is not sent as a message")
        #expect(!output.contains("\u{1B}"))
    }

    @Test("TERM=dumb gets the plain transcript without asking (#14)")
    func dumbTerminal() async throws {
        let (status, output) = try await Self.run(["--ephemeral"], term: "dumb", typing: "hello there", until: "hello there")
        #expect(status == 0)
        #expect(output.split(separator: "\n").contains { $0.hasPrefix("You, ") && $0.contains("hello there") })
        #expect(!output.contains("\u{1B}"))
    }
}

/// Output gathered from a pipe's handler thread.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func add(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
