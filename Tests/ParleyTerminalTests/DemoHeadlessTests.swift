import Foundation
import ParleyTestSupport
import Testing

/// A fresh folder for the demo's default store, so tests never touch the user's own.
func scratchDataHome() -> String {
    let path = NSTemporaryDirectory() + "parley-data-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs the built parley-demo without a terminal and returns its exit status and output.
/// Its default store goes under `dataHome`; unless one is given, a fresh scratch folder,
/// removed when the demo has ended.
func runDemo(_ arguments: [String], dataHome: String? = nil) async throws -> (status: Int32, output: String) {
    let home = dataHome ?? scratchDataHome()
    defer { if dataHome == nil { try? FileManager.default.removeItem(atPath: home) } }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = home
    return try await runProgram(demoBinary, arguments, environment: environment)
}

@Suite("parley-demo headless")
struct DemoHeadlessTests {
    @Test("“/jump YYYY-MM-DD” shows that day from the store; “/jump” returns, with what I sent (#5)",
        arguments: [[], ["--ephemeral"]])
    func jumpToDate(history: [String]) async throws {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let day = Date().addingTimeInterval(-30 * 86_400)
        let (status, output) = try await runDemo(history + [
            "--headless", "--size", "80x24", "--frames", "20",
            "--script", "wait:0.3;type:sent before the jump;send;wait:1;type:/jump \(formatter.string(from: day));send;wait:0.5;frame;"
                + "type:/jump;send;wait:0.5;frame",
        ])
        #expect(status == 0)
        // The frames the script asked for ("frame" steps): after the jump, after the return.
        let frames = output.components(separatedBy: "── frame").filter { $0.contains(": frame ─") }
        #expect(frames.count == 2)
        let jumped = try #require(frames.first)
        #expect(!jumped.contains("Booking the garden café"))
        // The generated history's phrases, a month old.
        let phrases = ["coffee", "train", "release notes", "review my PR", "comments", "Meeting", "slides", "build", "Not me!", "flaky", "Lunch at the usual", "+44", "lol", "ok"]
        #expect(phrases.contains { jumped.contains($0) }, "\(jumped)")
        let back = try #require(frames.last)
        #expect(back.contains("sent before the jump"), "\(back)")
    }

    @Test("a script's waits of NaN, infinity or below zero do not trap (#10)")
    func oddWaits() async throws {
        let (status, output) = try await runDemo([
            "--headless", "--size", "60x20", "--frames", "10", "--script", "wait:nan;wait:-1;wait:-inf;wait:1e-300;frame",
        ])
        #expect(status == 0, "\(output)")
        // A frame after each step: every wait ran, and the script went on to its end.
        for step in ["wait:nan", "wait:-1", "wait:-inf", "wait:1e-300", "frame"] {
            #expect(output.contains(": \(step) ─"), "\(step)")
        }
    }

    @Test("a scripted session renders frames: the bot replies, history loads")
    func scripted() async throws {
        // The first run opens at the New messages line; sending returns to the newest.
        // (Waits with room for a loaded machine: the first page and the bot's greeting come
        // from other tasks.)
        let (status, output) = try await runDemo([
            "--headless", "--size", "80x24", "--script", "wait:1.5;frame;send:hello there;wait:3;frame;page:-30;wait:0.5;frame",
        ])
        #expect(status == 0)
        // "send:TEXT" types the text and sends it, as in the GTK demo's scripts: it shows
        // in a bubble with its delivery mark (typed but not sent, only in the composer).
        #expect(output.split(separator: "\n").contains { $0.contains("hello there") && ($0.contains("✔") || $0.contains("◷")) })
        #expect(output.contains("── frame 1: start"))
        #expect(output.contains("New messages"))
        #expect(output.contains("I'm the Parley bot"))
        let last = output.components(separatedBy: "── frame").last ?? ""
        #expect(!last.contains("Booking the garden café"))  // scrolled far up into history
    }

    @Test("a transcript opens as history; bad lines are counted, not fatal")
    func transcript() async throws {
        let path = NSTemporaryDirectory() + "parley-transcript-\(UUID().uuidString).tsv"
        let lines = (0..<300).map { "\(1_700_000_000 + $0 * 60)\t\($0 % 2 == 0 ? "Ann" : "Ben")\tline \($0)" }
            + ["not a line", "123\tno text field", "\u{1B}]0;x\u{07}\tEve\tescape in the time"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try await runDemo(["--headless", "--transcript", path, "--size", "60x20", "--script", "wait:0.5;frame"])
        #expect(status == 0)
        #expect(output.contains("Opened 300 messages"))
        #expect(output.contains("3 lines skipped"))
        #expect(output.contains("line 299"))
    }

    @Test("what you send is still there next time; --ephemeral keeps nothing")
    func persistence() async throws {
        let home = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try await runDemo(["--headless", "--size", "70x20", "--script", "wait:0.3;type:keep this one;send;wait:1"], dataHome: home)
        #expect(first.status == 0)
        #expect(first.output.contains("Conversation kept in \(home)/parley/demo.sqlite"))
        let second = try await runDemo(["--headless", "--size", "70x30", "--script", "wait:0.5;frame"], dataHome: home)
        #expect(second.output.contains("keep this one"))
        let ephemeral = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: ephemeral) }
        let third = try await runDemo(["--headless", "--ephemeral", "--script", "type:gone;send;wait:0.5"], dataHome: ephemeral)
        #expect(third.status == 0)
        #expect(!FileManager.default.fileExists(atPath: ephemeral + "/parley/demo.sqlite"))
    }

    @Test("while another program locks the store the title says so, and what was sent is saved after (#10)")
    func lockedStore() async throws {
        let folder = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/locked.sqlite"
        #expect(try await runDemo(["--headless", "--history", path, "--script", "wait:0.2"]).status == 0)
        // Another program takes the write lock for four seconds (the demo looks again after
        // nine: retries come every two seconds at the slowest, with room for a busy machine).
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE"); print("locked", flush=True); time.sleep(4); c.execute("COMMIT")
            """, path]
        let said = Pipe()
        locker.standardOutput = said
        try locker.run()
        _ = said.fileHandleForReading.availableData  // "locked"
        let run = try await runDemo([
            "--headless", "--history", path, "--size", "90x12",
            "--script", "wait:0.3;type:sent while locked;send;wait:1.5;frame;wait:9;frame",
        ])
        locker.waitUntilExit()
        #expect(run.status == 0)
        let frames = run.output.components(separatedBy: "── frame").filter { $0.contains(": frame ─") }
        #expect(frames.first?.contains("⚠ Waiting to save") == true, "\(frames.first ?? run.output)")
        // Not on disk yet, so not marked sent: it still shows the sending clock.
        #expect(frames.first?.contains("◷") == true, "\(frames.first ?? run.output)")
        #expect(frames.last?.contains("◷") == false, "\(frames.last ?? run.output)")
        #expect(frames.last?.contains("⚠") == false)
        let again = try await runDemo(["--headless", "--history", path, "--size", "90x30", "--script", "wait:0.5;frame"])
        #expect(again.output.contains("sent while locked"))
    }

    @Test("a damaged store is a clear error that names the file and leaves it alone")
    func damagedStore() async throws {
        let path = NSTemporaryDirectory() + "parley-damaged-\(UUID().uuidString).sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await runDemo(["--headless", "--history", path])
        #expect(result.status == 2)
        #expect(result.output.contains(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("a folder, a FIFO or /dev/null as a transcript is a clear error, never a hang (#10)")
    func transcriptNotAFile() async throws {
        let folder = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/chat.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [
            (folder, "is a folder, not a transcript file"),
            (fifo, "is not a regular file"),
            ("/dev/null", "is not a regular file"),
        ]
        for (path, words) in cases {
            let result = try await runDemo(["--headless", "--transcript", path])
            #expect(result.status == 2)
            #expect(result.output.contains(path) && result.output.contains(words), "\(result.output)")
        }
    }

    @Test("lines dated past year 9999 or not at all are skipped with the reason; the rest opens (#10)")
    func transcriptDates() async throws {
        let path = NSTemporaryDirectory() + "parley-dates-\(UUID().uuidString).tsv"
        let lines = ["1e300\tX\thi", "nan\tX\tnot a number", "-1e20\tX\tbefore time", "1700000000\tAnn\tfine",
            "1700000060\tBen\t   ", "1700000120\tAnn\twith a\rcarriage return inside"]
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try await runDemo(["--headless", "--transcript", path, "--size", "60x20", "--script", "wait:0.5;frame"])
        #expect(status == 0)
        #expect(output.contains("Opened 2 messages"), "\(output)")
        #expect(output.contains("4 lines skipped"))
        #expect(output.contains("line 1: the time 1e300 is not between the years 1 and 9999"))
        #expect(output.contains("line 2: “nan” is not a time in seconds"))
        #expect(output.contains("fine") && output.contains("carriage return inside"))
    }

    @Test("paths with escape sequences are printed inert: no title or clipboard set (#10)")
    func inertPaths() async throws {
        let hostile = NSTemporaryDirectory() + "evil\u{1B}]2;pwned\u{07}\u{1B}]52;c;aGk=\u{07}.tsv"
        let missing = try await runDemo(["--headless", "--transcript", hostile])
        #expect(missing.status == 2)
        #expect(!missing.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(missing.output.contains("evil␛]2;pwned␇"))
        let scratch = scratchDataHome()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let home = scratch + "/we\u{1B}[2Jird"
        let kept = try await runDemo(["--headless", "--script", "wait:0.2"], dataHome: home)
        #expect(kept.status == 0)
        #expect(kept.output.contains("we␛[2Jird"))
        #expect(!kept.output.unicodeScalars.contains { $0 == "\u{1B}" })
    }

    @Test("a missing transcript or a bad flag is a clear error")
    func errors() async throws {
        let missing = try await runDemo(["--headless", "--transcript", "/nonexistent/chat.tsv"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("There is no transcript at /nonexistent/chat.tsv."))
        let flag = try await runDemo(["--frobnicate"])
        #expect(flag.status == 2)
        #expect(flag.output.contains("unknown option"))
    }
}
