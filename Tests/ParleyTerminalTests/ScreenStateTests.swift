import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal
import ParleyTestSupport

@Suite("Messenger screen states")
@MainActor
struct ScreenStateTests {
    private func screen(_ messages: [Message], style: ChatStyle = .dark, columns: Int = 50, rows: Int = 16) -> ChatScreen {
        let screen = ChatScreen(conversation: Conversation(me: Cast.me, messages: messages), style: Cast.style(style), title: "Test", columns: columns, rows: rows, density: .regular)
        screen.pictures.decodesSynchronously = true
        return screen
    }

    private var group: [Message] {
        [
            Cast.message("a1", Cast.alice, 0, .text("first of a group")),
            Cast.message("a2", Cast.alice, 1, .text("middle")),
            Cast.message("a3", Cast.alice, 2, .text("last of the group")),
        ]
    }

    @Test("group positions: one name, one avatar, stacked corners (Messenger theme)")
    func groupPositions() {
        let (buffer, _) = screen(group, style: .messenger).render()
        Snapshot.check(buffer, named: "group-messenger-50x16")
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.components(separatedBy: "Alice Liddell").count == 2)
        #expect(text.components(separatedBy: " AL ").count == 2)
    }

    @Test("the typing row animates and the loading row spins")
    func indicators() {
        let chat = Conversation(me: Cast.me, messages: group)
        chat.setTyping(Cast.bob, timeout: 60)
        chat.historyIndicator = .loading
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), title: "Test", columns: 50, rows: 22, density: .regular)
        let first = screen.render(time: 0).buffer
        #expect(screen.isAnimating)
        #expect(first.lines.joined().contains("Bob Stone is typing…"))
        let later = screen.render(time: 0.35).buffer
        #expect(first != later)
        Snapshot.check(first, named: "typing-loading-dark-50x22")
    }

    @Test("scrolled up, new messages show a ↓ N new marker that a click clears")
    func unreadMarker() {
        let messages = (0..<30).map { Cast.message("m\($0)", Cast.alice, Double($0) * 10, .text("message \($0)")) }
        let screen = screen(messages)
        screen.perform(.page(-2))
        screen.conversation.append(.text("news"), from: Cast.bob)
        screen.conversation.append(.text("more news"), from: Cast.bob)
        let (buffer, _) = screen.render()
        let markerRow = buffer.lines.firstIndex { $0.contains("↓ 2 new") }
        #expect(markerRow != nil)
        if let markerRow {
            let column = buffer.lines[markerRow].distance(from: buffer.lines[markerRow].startIndex, to: buffer.lines[markerRow].range(of: "↓")!.lowerBound)
            screen.perform(.click(x: column, y: markerRow))
        }
        #expect(screen.presenter.viewport.isPinnedToBottom)
        #expect(!screen.render().buffer.lines.joined().contains("new "))
    }

    @Test("after a jump, Enter returns to the present, then sends and follows (#9)")
    func sendAfterJump() async {
        let history = (0..<300).map { Cast.message("h\($0)", Cast.alice, Double($0) * 10, .text("old \($0)")) }
        let chat = Conversation(me: Cast.me)
        let screen = ChatScreen(conversation: chat, style: Cast.style(.dark), title: "Test", columns: 50, rows: 16, density: .regular)
        screen.pager = HistoryPager(conversation: chat, source: ArrayHistorySource(history), pageSize: 30)
        screen.inputBar.onSend { text in chat.append(.text(text)) }
        // As in an app: the newest page shows, then the user jumps into the past.
        await screen.pager?.loadEarlier()
        #expect(screen.render().buffer.lines.joined().contains("old 299"))
        _ = await screen.presenter.jump(to: history[40].date)
        #expect(screen.render().buffer.lines.joined().contains("old 40"))
        #expect(screen.presenter.frame().badge?.text == "↓")
        screen.perform(.insert("hello from the past"))
        screen.perform(.send)
        for _ in 0..<3000 where chat.messages.last?.content != .text("hello from the past") {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        let frame = screen.presenter.frame()
        #expect(frame.isShowingLatest && frame.isPinnedToBottom && frame.badge == nil)
        let text = screen.render().buffer.lines.joined(separator: "\n")
        #expect(text.contains("hello from the past") && text.contains("old 299"))
        #expect(screen.inputBar.text.isEmpty)
    }

    @Test("the composer grows to its line limit, keeps the cursor in view, and sends")
    func composer() {
        let screen = screen(group)
        var sent: [String] = []
        screen.inputBar.onSend { sent.append($0) }
        screen.perform(.insert("one"))
        for line in ["two", "three", "four", "five", "six", "seven"] {
            screen.perform(.newline)
            screen.perform(.insert(line))
        }
        let (buffer, cursor) = screen.render()
        Snapshot.check(buffer, named: "composer-growth-50x16")
        #expect(buffer.lines.joined().contains("seven"))
        #expect(!buffer.lines.joined().contains("one"))  // scrolled: five lines show
        #expect(cursor?.y == 15)
        screen.perform(.send)
        #expect(sent == ["one\ntwo\nthree\nfour\nfive\nsix\nseven"])
        #expect(screen.inputBar.text.isEmpty)
    }

    @Test("readline editing keys edit by whole clusters")
    func editing() {
        let screen = screen([])
        screen.perform(.insert("hello wide 👨‍👩‍👧 world"))
        screen.perform(.deleteWordBack)
        #expect(screen.inputBar.text == "hello wide 👨‍👩‍👧 ")
        screen.perform(.backspace)
        screen.perform(.backspace)
        #expect(screen.inputBar.text == "hello wide ")
        screen.perform(.lineStart)
        screen.perform(.cursorRight)
        screen.perform(.killToLineEnd)
        #expect(screen.inputBar.text == "h")
        screen.perform(.insert("i there"))
        screen.perform(.cursorLeft)
        screen.perform(.killToLineStart)
        #expect(screen.inputBar.text == "e")
        screen.perform(.insert("\r\nx"))
        #expect(screen.inputBar.text == "\nxe")
    }

    @Test("an empty conversation shows the core's empty text, centred in the list (#9)")
    func emptyState() throws {
        let screen = screen([], style: .light)
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "empty-light-50x16")
        let rows = buffer.lines.indices.filter { buffer.lines[$0].contains("No messages yet") }
        #expect(rows.count == 1)
        let y = try #require(rows.first)
        let line = buffer.lines[y]
        let x = line.distance(from: line.startIndex, to: line.range(of: "No messages yet")!.lowerBound)
        #expect(x == (50 - 15) / 2, "centred: \(line)")
        #expect(y > 1 && y < 12, "in the list's band, not the title or the composer")
        #expect(buffer[x, y].style.attributes.contains(.italic))

        // The text is the core's string: an app that changes it sees its own, or none.
        var style = Cast.style(.light)
        style.strings.emptyConversation = "Say hello"
        let renamed = ChatScreen(conversation: Conversation(me: Cast.me), style: style, title: "Test", columns: 50, rows: 16, density: .regular)
        let text = renamed.render().buffer.lines.joined(separator: "\n")
        #expect(text.contains("Say hello") && !text.contains("No messages yet"))
        style.strings.emptyConversation = ""
        let silent = ChatScreen(conversation: Conversation(me: Cast.me), style: style, title: "Test", columns: 50, rows: 16, density: .regular)
        #expect(!silent.render().buffer.lines.joined().contains("No messages yet"))

        // The first message ends the empty state.
        screen.conversation.append(.text("hi"), from: Cast.alice)
        #expect(!screen.render().buffer.lines.joined().contains("No messages yet"))
    }

    @Test("after a jump, a failed newer page shows a Retry row under the messages; a click retries (#9)")
    func newerFailure() async throws {
        let history = (0..<300).map { Cast.message("h\($0)", Cast.alice, Double($0) * 10, .text("old \($0)")) }
        let source = OfflineWindowSource(history)
        let chat = Conversation(me: Cast.me)
        let screen = ChatScreen(conversation: chat, style: Cast.style(.light), title: "Test", columns: 60, rows: 16, density: .regular)
        screen.pager = HistoryPager(conversation: chat, source: source, pageSize: 20)
        await screen.pager?.loadEarlier()
        source.failsNewer = true
        _ = await screen.presenter.jump(to: history[40].date)
        // Paging down to the end of the window loaded around the jump (End would return
        // to the present instead).
        for _ in 0..<10 {
            screen.perform(.page(3))
            _ = screen.render()
        }
        let failure = "⚠ Couldn’t load newer messages (offline) · Retry"
        func rendered() -> [String] { screen.render().buffer.lines }
        for _ in 0..<3000 where !rendered().joined().contains(failure) {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        let buffer = screen.render().buffer
        let y = try #require(buffer.lines.firstIndex { $0.contains(failure) }, "\(buffer.lines.joined(separator: "\n"))")
        // Under the newest loaded message, which is a page of the past, not the present.
        let newest = try #require(buffer.lines[..<y].lastIndex { $0.contains("old ") })
        #expect(newest < y)
        #expect(!buffer.lines.joined().contains("old 299"))
        let line = buffer.lines[y]
        let x = line.distance(from: line.startIndex, to: line.range(of: "Retry")!.lowerBound)
        // Drawn in the failure colour (a red, adjusted to the background like every colour).
        let warning = line.distance(from: line.startIndex, to: line.range(of: "⚠")!.lowerBound)
        #expect(buffer[x, y].style == buffer[warning, y].style)
        guard case .rgb(let red, let green, let blue) = buffer[x, y].style.foreground else {
            Issue.record("the failure row has no colour: \(buffer[x, y].style)")
            return
        }
        #expect(Int(red) > Int(green) + 80 && Int(red) > Int(blue) + 80, "\(buffer[x, y].style)")

        let count = chat.count
        source.failsNewer = false
        screen.perform(.click(x: x, y: y))
        for _ in 0..<3000 where chat.count == count {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(chat.count > count)
        #expect(!screen.render().buffer.lines.joined().contains("Couldn’t load newer"))
    }

    @Test("hostile names and texts stay inert on screen", arguments: ["\u{1B}[2J", "\u{1B}]52;c;aGk=\u{07}", "\u{9B}6n", "\u{202E}evil"])
    func hostile(text: String) {
        let evil = Sender(id: "evil", name: "Eve" + text)
        let screen = screen([Message(id: "x", sender: evil, date: Cast.noon, content: .text(text))])
        let (buffer, _) = screen.render()
        for cell in buffer.cells {
            #expect(!cell.symbol.unicodeScalars.contains { InertText.needsReplacement($0) })
        }
    }

    @Test("a tiny terminal still renders without breaking", arguments: [(1, 1), (5, 3), (12, 4), (3, 40)])
    func tiny(columns: Int, rows: Int) {
        let screen = screen(group, columns: columns, rows: rows)
        let (buffer, _) = screen.render()
        #expect(buffer.width == columns && buffer.height == rows)
    }
}

@Suite("Messenger screen with enormous input")
@MainActor
struct ScreenEnormousInputTests {
    @Test("a megabyte message, a 10k-character word, Zalgo, invalid UTF-8 and a 200-column emoji line")
    func enormous() {
        let zalgo = "Z" + String(repeating: "\u{0335}\u{0338}\u{0334}", count: 40) + "algo"
        let messages = [
            Cast.message("mb", Cast.alice, 0, .text(String(repeating: "lorem ipsum ", count: 90_000))),
            Cast.message("word", Cast.bob, 1, .text(String(repeating: "x", count: 10_000))),
            Cast.message("zalgo", Cast.alice, 2, .text(zalgo)),
            Cast.message("bytes", Cast.bob, 3, .text(TextContent(utf8: [0x61, 0xFF, 0xFE, 0xC3, 0x28, 0x62]))),
            Cast.message("emoji", Cast.alice, 4, .text(TextContent(String(repeating: "😀", count: 100)))),
        ]
        let screen = ChatScreen(conversation: Conversation(me: Cast.me, messages: messages), style: Cast.style(.dark), columns: 80, rows: 30, density: .regular)
        for command in [MessengerCommand.page(-3), .scrollToTop, .page(5), .scrollToBottom] {
            screen.perform(command)
            let (buffer, _) = screen.render()
            #expect(buffer.width == 80 && buffer.height == 30)
            for line in buffer.lines { #expect(TerminalWidth.columns(of: line) <= 80) }
        }
        // The wrapped megabyte still scrolls to its first line.
        screen.perform(.scrollToTop)
        #expect(screen.render().buffer.lines.contains { $0.contains("lorem ipsum lorem") })
    }
}
