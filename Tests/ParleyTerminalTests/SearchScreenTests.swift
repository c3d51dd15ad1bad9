import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// Search in the conversation, in the terminal (#13).
@Suite("Terminal: search in the conversation (#13)")
@MainActor
struct SearchScreenTests {
    /// 400 messages a minute apart; every 50th mentions the budget.
    static let history: [Message] = (0..<400).map { (index: Int) -> Message in
        let sender: Sender = index % 2 == 0 ? Cast.alice : Cast.bob
        let words: String = index % 50 == 25 ? "Send me the budget draft \(index)" : "message \(index)"
        return Cast.message("m\(1000 + index)", sender, Double(index - 400), .text(TextContent(words)))
    }

    /// A screen paging ``history`` with its newest page loaded, searching all of it.
    func screen() async -> ChatScreen {
        let conversation = Conversation(me: Cast.me)
        let screen = ChatScreen(
            conversation: conversation, style: Cast.style(.light), title: "Budget", columns: 60, rows: 20,
            usesColor: true, density: .regular)
        screen.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 30)
        screen.presenter.searcher = ConversationSearch(Conversation(me: Cast.me, messages: Self.history))
        await screen.pager?.loadEarlier()
        return screen
    }

    func text(_ buffer: CellBuffer) -> String { buffer.lines.joined(separator: "\n") }

    @Test("/search in the composer opens search with its words; results list sender, date and snippet")
    func slashSearch() async throws {
        let screen = await screen()
        screen.perform(.insert("/search budg"))
        screen.perform(.send)
        await screen.searchSettled()
        #expect(screen.inputBar.text.isEmpty)
        #expect(screen.presenter.search?.results.count == 8)
        let (buffer, cursor) = screen.render()
        Snapshot.check(buffer, named: "search-results-light-60x20")
        #expect(text(buffer).contains("8 results"))
        #expect(text(buffer).contains("Bob Stone · Today 11:35 · Send me the budget draft 375"))
        // The field holds the words, the cursor after them, on the list's last line.
        #expect(buffer.lines[cursor!.y].contains("budg"))
    }

    @Test("on a narrow screen a result leaves out its date and starts near the words found, so they show")
    func narrowResults() async throws {
        let screen = await screen()
        screen.resize(columns: 36, rows: 20)
        screen.perform(.search)
        screen.perform(.insert("375"))
        await screen.searchSettled()
        let (buffer, _) = screen.render()
        let line = try #require(buffer.lines.first { $0.contains("Bob Stone · ") }, "\(text(buffer))")
        #expect(!line.contains("Today"), "the date gave way: \(line)")
        #expect(line.contains("…") && line.contains("draft 375"), "\(line)")
        // A match that starts its snippet, on a line too short for it, is drawn from there.
        screen.resize(columns: 18, rows: 20)
        screen.perform(.cancel)
        screen.perform(.search)
        screen.perform(.insert("send"))
        await screen.searchSettled()
        let tight = try #require(screen.render().buffer.lines.first { $0.contains("Bob Stone · ") })
        #expect(tight.contains("Bob Stone · Sen"), "\(tight)")
        // Wide enough, the line is as before: date, and the snippet from its start.
        screen.resize(columns: 60, rows: 20)
        screen.perform(.cancel)
        screen.perform(.search)
        screen.perform(.insert("375"))
        await screen.searchSettled()
        #expect(text(screen.render().buffer).contains("Bob Stone · Today 11:35 · Send me the budget draft 375"))
    }

    @Test("Enter goes to a result not loaded: its history loads, and the match is reversed in the bubble")
    func goesToResult() async throws {
        let screen = await screen()
        screen.perform(.search)
        screen.perform(.insert("budget"))
        await screen.searchSettled()
        for _ in 0..<5 { screen.perform(.lineDown) }
        await screen.searchSettled()
        #expect(screen.presenter.search?.current == 4)
        #expect(screen.conversation.message("m1175") != nil)
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "search-went-light-60x20")
        // "budget" in the bubble of m1175 is drawn reversed.
        let row = try #require(buffer.lines.firstIndex { $0.contains("budget draft 175") && !$0.contains("·") })
        let column = try #require(buffer.lines[row].range(of: "budget").map { buffer.lines[row].distance(from: buffer.lines[row].startIndex, to: $0.lowerBound) })
        #expect(buffer[column, row].style.attributes.contains(.reverse))
        #expect(!buffer[column - 2, row].style.attributes.contains(.reverse))
    }

    @Test("after Enter, n and N move older and newer; typing edits the query again; Esc ends search")
    func keys() async throws {
        let screen = await screen()
        screen.perform(.search)
        screen.perform(.insert("budget"))
        await screen.searchSettled()
        screen.perform(.send)
        await screen.searchSettled()
        #expect(screen.presenter.search?.current == 0)
        screen.perform(.insert("n"))
        screen.perform(.insert("n"))
        await screen.searchSettled()
        #expect(screen.presenter.search?.current == 2)
        screen.perform(.insert("N"))
        await screen.searchSettled()
        #expect(screen.presenter.search?.current == 1)
        screen.perform(.insert(" zzz"))
        await screen.searchSettled()
        #expect(screen.presenter.search?.query.terms == ["budget", "zzz"])
        #expect(screen.presenter.search?.results.isEmpty == true)
        #expect(text(screen.render().buffer).contains("No results"))
        screen.perform(.cancel)
        #expect(screen.presenter.search == nil && screen.presenter.searchMatch == nil)
        // It stays ended: no search starts again behind the closed field.
        await screen.searchSettled()
        #expect(screen.presenter.search == nil)
        #expect(!text(screen.render().buffer).contains("No results"))
        screen.perform(.insert("hi"))
        #expect(screen.inputBar.text == "hi")
    }

    @Test("a click on a result goes to it; a click on the field selects nothing under it")
    func clicksOnResults() async throws {
        let screen = await screen()
        screen.perform(.search)
        screen.perform(.insert("budget"))
        await screen.searchSettled()
        let (buffer, _) = screen.render()
        let third = try #require(buffer.lines.firstIndex { $0.contains("budget draft 275") })
        screen.perform(.click(x: 10, y: third))
        await screen.searchSettled()
        #expect(screen.presenter.search?.current == 2)
        #expect(screen.presenter.selection == nil, "the message under the result line is not selected")
        let field = try #require(screen.render().buffer.lines.firstIndex { $0.contains("⌕") })
        screen.perform(.click(x: 20, y: field))
        #expect(screen.presenter.selection == nil)
        #expect(screen.presenter.search != nil)
    }

    @Test("Ctrl-F means search; hostile text in the field is drawn inert")
    func keysAndHostile() async throws {
        #expect(TerminalMessenger.command(for: .key(.character("f"), .ctrl), composerIsEmpty: true) == .search)
        let screen = await screen()
        screen.perform(.search)
        screen.perform(.insert("\u{1B}]0;owned\u{7}\"NEAR(*"))
        await screen.searchSettled()
        let (buffer, _) = screen.render()
        #expect(!text(buffer).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text(buffer).contains("No results"))
    }
}
