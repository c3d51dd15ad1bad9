import Foundation
import ParleyCore
import ParleySQLite
import Testing

/// The GTK demo as a user runs it: its own process, its own GLib main loop.
@Suite("parley-gtk-demo", .serialized, .enabled(if: GTKHarness.hasDisplay, "needs a display (scripts/test starts Xvfb)"))
struct GtkDemoTests {
    static let demo = ChildProcess.product("parley-gtk-demo")

    @Test("@MainActor tasks run inside the GLib main loop: the script runs and the bot answers (#4)")
    func mainActorTasksRun() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.demo), "build parley-gtk-demo first (scripts/test does)")
        // The script itself and every step of the bot (status changes, typing, the reply)
        // are `Task { @MainActor in }` work with sleeps: without the main loop running
        // the main queue, none of it would happen and the demo would never quit.
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await ChildProcess.run(
            Self.demo, ["--ephemeral", "--theme", "light", "--script", "wait:0.5;send:hello GTK;wait:3;report;quit"],
            environment: ["XDG_DATA_HOME": folder])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("You\tread\thello GTK"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("Parley Bot\tsent\tHello! I'm the Parley bot") }, "\(result.output)")
    }

    @Test("what you send is in the store when the demo opens again (#5)")
    func keepsWhatYouSend() async throws {
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/chat.sqlite"
        let first = try await ChildProcess.run(Self.demo, ["--history", path, "--theme", "dark", "--script", "wait:0.5;send:remember me;wait:0.5;quit"])
        #expect(first.status == 0, "\(first.errors)")
        let store = try ConversationStore(path: path)
        let newest = try store.newestPage(limit: 20).messages
        #expect(newest.contains { message in
            if case .text(let text) = message.content { return text.string == "remember me" && message.sender.id == "me" }
            return false
        })
        // Opened again, the message is shown from the store (the first page is the newest).
        let second = try await ChildProcess.run(Self.demo, ["--history", path, "--script", "wait:1;report;quit"])
        #expect(second.status == 0)
        #expect(second.output.contains("remember me"), "\(second.output)")
    }

    @Test("jump to date shows that day's messages from the store, and /jump returns (#5)")
    func jumpToDate() async throws {
        // The demo's store holds 5000 messages over the weeks before today.
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let day = formatter.string(from: Date().addingTimeInterval(-30 * 86_400))
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await ChildProcess.run(
            // Alice's greeting arrives about a second in: jump after it, so that it is not
            // news arriving in the past.
            Self.demo, ["--script", "wait:2.5;jump:\(day);wait:0.5;report;send:/jump;wait:0.5;report;quit"],
            environment: ["XDG_DATA_HOME": folder])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let first = Array(lines.prefix(8)), second = Array(lines.dropFirst(8))
        #expect(!first.joined().contains("Booking the garden café"), "\(first)")
        // The generated history's phrases, a month old.
        let phrases = ["coffee", "train", "release notes", "ok", "lol", "PR", "comments", "Meeting", "👍", "slides", "build", "Not me!", "flaky", "Lunch at the usual", "+44"]
        #expect(first.count == 8 && first.allSatisfy { line in phrases.contains { line.contains($0) } }, "\(first)")
        #expect(second.joined().contains("Booking the garden café"), "\(second)")
    }

    @Test("report prints hostile sender names and texts inert: no escape, bell or C1 byte reaches stdout (#10)")
    func reportIsInert() async throws {
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hostile.txt"
        // Title (OSC 0 and 2), clipboard (OSC 52), a hyperlink (OSC 8), clearing the screen
        // (CSI 2J), and the same as C1 controls; a tab inside a text.
        let hostile: [(name: String, text: String)] = [
            ("Eve\u{1B}]0;owned\u{07}", "title \u{1B}]2;pwned\u{1B}\\ set"),
            ("Mallory\u{1B}]52;c;aGVsbG8=\u{07}", "clip \u{1B}]52;c;cm0gLXJm\u{07} board"),
            ("Trudy", "\u{1B}]8;;https://evil.example\u{1B}\\click me\u{1B}]8;;\u{1B}\\"),
            ("Oscar\u{1B}[2J", "wipe \u{1B}[2J\u{1B}[H done"),
            ("Peggy\u{9D}0;c1\u{9C}", "c1 \u{9B}2J and\ttab \u{7F}\u{0}"),
        ]
        let lines = hostile.enumerated().map { index, message in "\(1_700_000_000 + index * 60)\t\(message.name)\t\(message.text)" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        // Odd waits first: a script's numbers may be anything, and must not trap.
        let result = try await ChildProcess.run(
            Self.demo, ["--transcript", path, "--script", "wait:nan;wait:-1;wait:0.5;indexed;report;quit"],
            environment: ["XDG_DATA_HOME": folder])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = Array(result.output.utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x7F) && !bytes.contains(0))
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A }, "\(result.output.debugDescription)")
        #expect(!result.output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "C1 controls")
        #expect(!result.errors.unicodeScalars.contains { $0 != "\n" && InertText.needsReplacement($0) })
        // Every message is one record of three fields, its controls shown as symbols.
        let records = result.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let ours = records.filter { record in
            record.count == 3 && ["Eve", "Mallory", "Trudy", "Oscar", "Peggy"].contains { record[0].hasPrefix($0) }
        }
        #expect(ours.count == hostile.count, "\(result.output)")
        #expect(records.allSatisfy { $0.count == 3 }, "\(result.output)")
        for inert in ["Eve␛]0;owned␇", "title ␛]2;pwned␛\\ set", "Mallory␛]52;c;aGVsbG8=␇", "␛]8;;https://evil.example␛\\click me", "wipe ␛[2J␛[H done", "Oscar␛[2J", "and    tab ␡␀"] {
            #expect(result.output.contains(inert), "\(inert) in \(result.output)")
        }
    }

    @Test("a file that is not a Parley store is refused with its name, and left alone (#5)")
    func refusesForeignFile() async throws {
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.sqlite"
        try Data("just some notes, not a database".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await ChildProcess.run(Self.demo, ["--history", path, "--script", "quit"])
        #expect(result.status == 2)
        #expect(result.errors.contains(path), "\(result.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some notes, not a database")
    }

    @Test("the window opens 360 px wide in every theme: the header's theme menu is a button, not a drop-down as wide as \"Messenger\"")
    func narrowWindow() async throws {
        let folder = ChildProcess.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for theme in ["light", "messenger"] {
            let shot = folder + "/\(theme).png"
            let result = try await ChildProcess.run(
                Self.demo, ["--ephemeral", "--theme", theme, "--size", "360x640", "--script", "wait:1;screenshot:\(shot);quit"],
                environment: ["XDG_DATA_HOME": folder])
            #expect(result.status == 0, "\(result.errors)")
            // A PNG's width and height are the big-endian words at bytes 16 and 20.
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: shot)))
            try #require(png.count > 24)
            let word = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(word(16) == 360 && word(20) == 640, "\(theme): \(word(16))×\(word(20))")
        }
    }
}
