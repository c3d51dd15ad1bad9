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
        var transcript = PlainTranscript(conversation: ScreenTests.conversation(), style: Cast.style(.light))
        let lines = transcript.newLines()
        #expect(lines.count == 9)
        #expect(lines[1] == "Alice Liddell, 12:00: Lunch? I found a place: https://cafe.example.com")
        #expect(lines[3] == "You, 12:02: Sure! 12:30? (read)")
        #expect(lines[6].hasPrefix("Bob Stone, 12:04: can I come? ␛]0;pwned␇"))
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
        #expect(transcript.newLines().count == 2)
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
        #expect(transcript.newLines() == messages.suffix(2).map { transcript.line(for: $0) })
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
        #expect(lines.count == 5, "\(lines)")
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
        #expect(transcript.newLines() == ["Alice Liddell, 12:10: now"])
        _ = chat.prependHistory([Cast.message("o", Cast.bob, 1, .text("old"))])
        #expect(transcript.newLines().isEmpty)
        try chat.append(Cast.message("l", Cast.bob, 11, .text("later")))
        #expect(transcript.newLines() == ["Bob Stone, 12:11: later"])
    }
}

extension PlainModeTests {
    /// Reads what `descriptor` holds until `done` says the text is complete, or 5 s pass.
    func read(_ descriptor: Int32, into text: inout String, until done: (String) -> Bool) async {
        var scratch = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<500 where !done(text) {
            let bytes = (try? FileDescriptorIO.readAvailable(descriptor, into: &scratch)) ?? []
            text += String(decoding: bytes, as: UTF8.self)
            if !done(text) { try? await Task.sleep(for: .milliseconds(10)) }
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
        screen.inputBar.onSend { text in
            if text == "/jump" { Task { @MainActor in await presenter.jump(to: history[40].date) } }
            if text == "/now" { Task { @MainActor in await presenter.returnToLatest() } }
        }
        var inputPipe: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1]
        #expect(pipe(&inputPipe) == 0 && pipe(&outputPipe) == 0)
        defer { [inputPipe[0], outputPipe[0], outputPipe[1]].forEach { close($0) } }
        _ = fcntl(outputPipe[0], F_SETFL, fcntl(outputPipe[0], F_GETFL) | O_NONBLOCK)
        let messenger = PlainMessenger(screen: screen, input: inputPipe[0], output: outputPipe[1], backlog: 2)
        let running = Task { @MainActor in await messenger.run() }
        func type(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            #expect(write(inputPipe[1], bytes, bytes.count) == bytes.count)
        }
        var output = ""
        await read(outputPipe[0], into: &output) { $0.contains("day 99 says hi") }
        type("/jump")
        let day = Grouping(style: style).dayText(history[40].date)
        await read(outputPipe[0], into: &output) { $0.contains("day 49 says hi") }
        type("/now")
        await read(outputPipe[0], into: &output) { $0.contains(ChatStrings().backToLatest) }
        close(inputPipe[1])
        await running.value
        let lines = output.split(separator: "\n").map(String.init)
        let jumped = try #require(lines.firstIndex(of: day), "\(lines)")
        // The day, then ten messages from the one jumped to, then the way back, once.
        #expect(lines[jumped + 1].hasSuffix(": day 40 says hi"), "\(lines)")
        #expect(Array(lines[(jumped + 1)...(jumped + 10)]) == history[40..<50].map { PlainTranscript(conversation: chat, style: style).line(for: $0) })
        #expect(lines[jumped + 11] == "Back to the newest messages", "\(lines)")
        #expect(lines.count == jumped + 12, "nothing said twice: \(lines)")
        // The newest messages, said at the start, are not said again on the way back.
        #expect(lines.filter { $0.hasSuffix("day 99 says hi") }.count == 1)
    }
}
