import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Plain mode: one line per message, "sender, time: text", for screen readers (#14).
@Suite("Plain mode")
@MainActor
struct PlainModeTests {
    @Test("each message is one line, 'sender, time: text', without frames or controls (#14)")
    func lines() {
        let chat = ScreenTests.conversation()
        var transcript = PlainTranscript(conversation: chat, style: Cast.style(.light))
        let lines = transcript.newLines()
        // Each day's label on a line of its own before its first message, as the list's
        // separators: the fixture has yesterday's message, then today's.
        let grouping = Grouping(style: Cast.style(.light))
        let days = Set(chat.messages.map { grouping.dayText($0.date) })
        #expect(days.count == 2 && lines.filter(days.contains).count == 2, "\(lines)")
        #expect(days.contains(lines[0]) && days.contains(lines[2]), "\(lines)")
        let messages = lines.filter { !days.contains($0) }
        #expect(messages.count == 9)
        #expect(messages[1] == "Alice Liddell, 12:00: Lunch? I found a place: https://cafe.example.com")
        #expect(messages[3] == "You, 12:02: Sure! 12:30? (read)")
        #expect(messages[6].hasPrefix("Bob Stone, 12:04: can I come? ␛]0;pwned␇"))
        for line in lines {
            #expect(!line.contains { "▀▄▗▖▝▘╭╮╰╯│─".contains($0) })
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
        #expect(transcript.newLines().isEmpty, "nothing new, nothing said")
    }

    @Test("a new message is one new line; an edit and a failure are said again; a status change is not (#14)")
    func news() throws {
        let chat = ScreenTests.conversation()
        var transcript = PlainTranscript(conversation: chat, style: Cast.style(.light), backlog: 2)
        let first = transcript.newLines()
        #expect(first.count == 3 && first[0] == Grouping(style: Cast.style(.light)).dayText(Cast.noon), "the day, then two: \(first)")
        // Later news of the same day comes without its day again.
        try chat.append(Cast.message("10", Cast.alice, 7, .text("first\nsecond line")))
        #expect(transcript.newLines() == ["Alice Liddell, 12:07: first second line"])
        try chat.update(MessageID("4")) { $0.status = .delivered }
        #expect(transcript.newLines().isEmpty)
        try chat.edit(MessageID("4"), to: .text("Sure! 13:00?"), at: Cast.noon)
        #expect(transcript.newLines() == ["You, 12:02: Sure! 13:00? (delivered), edited"])
        try chat.update(MessageID("5")) { $0.status = .failed }
        #expect(transcript.newLines() == ["You, 12:02: 🎉 (not delivered)"])
    }

    @Test("a first page that loads after the transcript starts says only the backlog, not all of it")
    func firstPageLater() throws {
        let loaded = ScreenTests.conversation()
        let messages = loaded.read { rows in (0..<rows.count).compactMap { rows.message(at: $0) } }
        let chat = Conversation(me: loaded.me)
        var transcript = PlainTranscript(conversation: chat, style: Cast.style(.light), backlog: 2)
        #expect(transcript.newLines().isEmpty, "nothing loaded yet")
        _ = chat.prependHistory(messages)
        #expect(messages.count > 2)
        let day = Grouping(style: Cast.style(.light)).dayText(messages[messages.count - 1].date)
        #expect(transcript.newLines() == [day] + messages.suffix(2).map { transcript.line(for: $0) })
    }

    @Test("the plain messenger prints the transcript, sends each line typed, and ends with the input (#14)")
    func messenger() async throws {
        var inputPipe: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1]
        #expect(pipe(&inputPipe) == 0 && pipe(&outputPipe) == 0)
        defer { [inputPipe[0], outputPipe[0], outputPipe[1]].forEach { close($0) } }
        let chat = ScreenTests.conversation()
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), title: "Lunch")
        screen.inputBar.onSend { text in chat.append(.text(text)) }
        screen.inputBar.text = "a draft from before"
        let messenger = PlainMessenger(screen: screen, input: inputPipe[0], output: outputPipe[1], backlog: 3)
        let typed = Array("see you there\n\n".utf8)
        #expect(write(inputPipe[1], typed, typed.count) == typed.count)
        close(inputPipe[1])
        await messenger.run()
        let flags = fcntl(outputPipe[0], F_GETFL)
        _ = fcntl(outputPipe[0], F_SETFL, flags | O_NONBLOCK)
        var scratch = [UInt8](repeating: 0, count: 65_536)
        let output = String(decoding: (try? FileDescriptorIO.readAvailable(outputPipe[0], into: &scratch)) ?? [], as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Lunch")
        // The title; the backlog's day and three messages; today, and what was sent.
        #expect(lines.count == 7, "\(lines)")
        #expect(lines[lines.count - 2] == Grouping(style: screen.style).dayText(Date()), "\(lines)")
        #expect(lines.last?.hasPrefix("You, ") == true && lines.last?.hasSuffix(": see you there (sent)") == true)
        #expect(!output.contains("\u{1B}"))
        #expect(chat.messages.last?.content == .text("see you there"))
        #expect(screen.inputBar.text == "a draft from before", "the draft waited aside")
    }

    @Test("TERM=dumb and no TERM ask for plain output; real terminals do not (#14)")
    func preferred() {
        #expect(PlainMessenger.isPreferred(in: ["TERM": "dumb"]))
        #expect(PlainMessenger.isPreferred(in: [:]))
        #expect(!PlainMessenger.isPreferred(in: ["TERM": "xterm-256color"]))
        #expect(!PlainMessenger.isPreferred(in: ["TERM": "linux"]))
    }
}

extension PlainModeTests {
    @Test("older history loaded later is not read out as news (#14)")
    func history() throws {
        let chat = Conversation(me: Cast.me, messages: [Cast.message("n", Cast.alice, 10, .text("now"))])
        var transcript = PlainTranscript(conversation: chat, style: Cast.style(.light))
        let today = Grouping(style: Cast.style(.light)).dayText(Cast.noon)
        #expect(transcript.newLines() == [today, "Alice Liddell, 12:10: now"])
        _ = chat.prependHistory([Cast.message("o", Cast.bob, 1, .text("old"))])
        #expect(transcript.newLines().isEmpty)
        try chat.append(Cast.message("l", Cast.bob, 11, .text("later")))
        #expect(transcript.newLines() == ["Bob Stone, 12:11: later"])
    }
}

extension PlainModeTests {
    /// A plain messenger running on pipes: lines typed in, what it says read out.
    @MainActor
    final class PlainRun {
        private var input: [Int32] = [-1, -1]
        private var output: [Int32] = [-1, -1]
        private var running: Task<Void, Never>?
        /// Everything said so far.
        private(set) var said = ""

        init(_ screen: ChatScreen, backlog: Int) {
            #expect(pipe(&input) == 0 && pipe(&output) == 0)
            _ = fcntl(output[0], F_SETFL, fcntl(output[0], F_GETFL) | O_NONBLOCK)
            let messenger = PlainMessenger(screen: screen, input: input[0], output: output[1], backlog: backlog)
            running = Task { @MainActor in await messenger.run() }
        }

        func type(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            #expect(write(input[1], bytes, bytes.count) == bytes.count)
        }

        /// Reads what was said until `done` says it is complete, or 5 s pass.
        func read(until done: (String) -> Bool) async {
            for _ in 0..<500 where !done(said) {
                readAvailable()
                if !done(said) { try? await Task.sleep(for: .milliseconds(10)) }
            }
        }

        private func readAvailable() {
            var scratch = [UInt8](repeating: 0, count: 65_536)
            let bytes = (try? FileDescriptorIO.readAvailable(output[0], into: &scratch)) ?? []
            said += String(decoding: bytes, as: UTF8.self)
        }

        /// Ends the input, waits for the messenger, and returns what it said, by line.
        func finish() async -> [String] {
            close(input[1])
            await running?.value
            readAvailable()
            [input[0], output[0], output[1]].forEach { close($0) }
            return said.split(separator: "\n").map(String.init)
        }
    }

    @Test("after a jump the day and its first messages are printed, and the way back is said")
    func jumpSaysThePlace() async throws {
        // 100 days of history, a message a day at noon; the newest page loaded.
        let history = (0..<100).map { day in
            Cast.message("d\(day)", day % 2 == 0 ? Cast.alice : Cast.bob, Double(day - 99) * 1_440, .text("day \(day) says hi"))
        }
        let chat = Conversation(me: Cast.me)
        let style = Cast.style(.light)
        let screen = ChatScreen(conversation: chat, style: style, title: "Lunch")
        let pager = HistoryPager(conversation: chat, source: ArrayHistorySource(history), pageSize: 20)
        screen.presenter.pager = pager
        _ = await pager.loadEarlier()
        // The app's commands, as the demo's: "/jump" to day 40, "/now" back.
        let presenter = screen.presenter
        screen.inputBar.onCommand { text in
            switch text {
            case "/jump": Task { @MainActor in await presenter.jump(to: history[40].date) }
            case "/now": Task { @MainActor in await presenter.returnToLatest() }
            default: return false
            }
            return true
        }
        let run = PlainRun(screen, backlog: 2)
        await run.read { $0.contains("day 99 says hi") }
        run.type("/jump")
        let grouping = Grouping(style: style)
        let day = grouping.dayText(history[40].date)
        await run.read { $0.contains("day 49 says hi") }
        // The same jump again, from the past: said again.
        run.type("/jump")
        await run.read { $0.components(separatedBy: "day 49 says hi").count == 3 }
        run.type("/now")
        await run.read { $0.contains(ChatStrings().backToLatest) }
        let lines = await run.finish()
        let jumped = try #require(lines.firstIndex(of: day), "\(lines)")
        // Ten messages from the one jumped to, each day's label first (a message a day
        // here), then the way back, once.
        let told = PlainTranscript(conversation: chat, style: style)
        let expected = history[40..<50].flatMap { [grouping.dayText($0.date), told.line(for: $0)] }
        #expect(Array(lines[jumped..<(jumped + 20)]) == expected, "\(lines)")
        #expect(Array(lines[(jumped + 20)..<(jumped + 40)]) == expected, "the second jump: \(lines)")
        #expect(lines[jumped + 40] == "Back to the newest messages", "\(lines)")
        #expect(lines.count == jumped + 41, "nothing else said: \(lines)")
        // The newest messages, said at the start, are not said again on the way back.
        #expect(lines.filter { $0.hasSuffix("day 99 says hi") }.count == 1)
    }

    @Test("a notice is said each time it is shown, the same text twice too")
    func noticeTwice() async throws {
        let chat = ScreenTests.conversation()
        let screen = ChatScreen(conversation: chat, style: Cast.style(.light), title: "Lunch")
        let presenter = screen.presenter
        screen.inputBar.onCommand { text in
            guard text == "/bad" else { return false }
            presenter.showNotice("“bad” is not a date")
            return true
        }
        let run = PlainRun(screen, backlog: 1)
        let count = { (text: String) in text.components(separatedBy: "“bad” is not a date").count - 1 }
        run.type("/bad")
        await run.read { count($0) == 1 }
        // Again, while the first is still showing.
        run.type("/bad")
        await run.read { count($0) == 2 }
        let output = await run.finish().joined(separator: "\n")
        #expect(count(output) == 2, "\(output)")
        #expect(!output.contains("/bad"), "a command is not sent")
    }
}
