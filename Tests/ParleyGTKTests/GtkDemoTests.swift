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
        let result = try await ChildProcess.run(
            Self.demo, ["--ephemeral", "--theme", "light", "--script", "wait:0.5;send:hello GTK;wait:3;report;quit"],
            environment: ["XDG_DATA_HOME": ChildProcess.scratchFolder()])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("You\tread\thello GTK"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("Parley Bot\tsent\tHello! I'm the Parley bot") }, "\(result.output)")
    }

    @Test("what you send is in the store when the demo opens again (#5)")
    func keepsWhatYouSend() async throws {
        let folder = ChildProcess.scratchFolder()
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
        let result = try await ChildProcess.run(
            // Alice's greeting arrives about a second in: jump after it, so that it is not
            // news arriving in the past.
            Self.demo, ["--script", "wait:2.5;jump:\(day);wait:0.5;report;send:/jump;wait:0.5;report;quit"],
            environment: ["XDG_DATA_HOME": ChildProcess.scratchFolder()])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let first = Array(lines.prefix(8)), second = Array(lines.dropFirst(8))
        #expect(!first.joined().contains("Booking the garden café"), "\(first)")
        // The generated history's phrases, a month old.
        let phrases = ["coffee", "train", "release notes", "ok", "lol", "PR", "comments", "Meeting", "👍", "slides", "build", "Not me!", "flaky", "Lunch at the usual", "+44"]
        #expect(first.count == 8 && first.allSatisfy { line in phrases.contains { line.contains($0) } }, "\(first)")
        #expect(second.joined().contains("Booking the garden café"), "\(second)")
    }

    @Test("a file that is not a Parley store is refused with its name, and left alone (#5)")
    func refusesForeignFile() async throws {
        let path = ChildProcess.scratchFolder() + "/notes.sqlite"
        try Data("just some notes, not a database".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await ChildProcess.run(Self.demo, ["--history", path, "--script", "quit"])
        #expect(result.status == 2)
        #expect(result.errors.contains(path), "\(result.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some notes, not a database")
    }
}
