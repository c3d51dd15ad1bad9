import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// Replies, reactions, edits, deletions and the keys that make them, in the terminal (#12).
@Suite("Terminal: replies, reactions, edits, deletions (#12)")
@MainActor
struct RelationsScreenTests {
    static func conversation() -> Conversation {
        let question = Cast.message("q", Cast.alice, 0, .text("Lunch at the garden café? It opens at noon"))
        var answer = Cast.message("a", Cast.me, 1, .text("Sure! 12:30?"), status: .read)
        answer.replyTo = ReplyQuote(question)
        answer.reactions = [Reaction("👍", by: ["alice", "bob"]), Reaction("🎉", by: ["me"])]
        var edited = Cast.message("e", Cast.bob, 2, .text("Make it 13:00"))
        edited.edits = [MessageEdit(content: .text("Make it 12:45"), replacedAt: Cast.noon.addingTimeInterval(200))]
        edited.isEdited = true
        let deleted = Cast.message("d", Cast.bob, 3, .deleted)
        var blind = Cast.message("b", Cast.alice, 4, .text(TextContent("Agreed, @Me", mentioning: [Cast.me])))
        blind.replyTo = ReplyQuote(id: "older", senderName: "", summary: "")
        var receipted = blind
        receipted.readers = [Cast.alice, Cast.bob]
        let chat = Conversation(me: Cast.me, messages: [question, answer, edited, deleted, receipted])
        chat.isGroup = true
        chat.setFirstUnread("e")
        return chat
    }

    func screen(_ colors: Bool = true, style: ChatStyle = .light) -> ChatScreen {
        ChatScreen(conversation: Self.conversation(), style: Cast.style(style), title: "Lunch", columns: 60, rows: 34, usesColor: colors, density: .regular)
    }

    @Test("the quote, the chips, the edited mark and the placeholder are drawn where the layout puts them")
    func drawn() throws {
        let screen = screen()
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "relations-light-60x34")
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("▎ Alice Liddell"))
        #expect(text.contains("▎ Lunch at the garden"))
        #expect(text.contains("👍 2"))
        #expect(text.contains("edited"))
        #expect(text.contains("Message deleted"))
        #expect(text.contains("━ New messages ━"))
        #expect(buffer.lines.contains { $0.hasPrefix("@") }, "a mention of me is marked in the gutter")
        #expect(text.contains("▎ Original message"))
        #expect(buffer.lines.contains { $0.hasSuffix("AL BS ") }, "receipts at the trailing edge")
        // Mine is drawn in reverse video, others' not: a difference in shape, not colour.
        let frame = screen.presenter.frame()
        let row = try #require(frame.rows.first { $0.row.id == .message("a") })
        let mine = try #require(row.layout.reactions.first { $0.isMine })
        let theirs = try #require(row.layout.reactions.first { !$0.isMine })
        let top = 1 + Int(row.y)
        let mineCell = buffer[Int(mine.frame.minX) + 1, top + Int(mine.frame.minY)]
        let theirCell = buffer[Int(theirs.frame.minX) + 1, top + Int(theirs.frame.minY)]
        #expect(mineCell.style.attributes.contains(.reverse))
        #expect(!theirCell.style.attributes.contains(.reverse))
    }

    @Test("message times show in each bubble when the style asks")
    func times() {
        var style = Cast.style(.light)
        style.showsMessageTimes = true
        let screen = ChatScreen(conversation: Self.conversation(), style: style, title: "Lunch", columns: 60, rows: 34, density: .regular)
        let lines = screen.render().buffer.lines
        #expect(lines.contains { $0.contains("Lunch at the garden café? It") } )
        #expect(lines.contains { $0.contains("edited 12:02") })
        #expect(lines.contains { $0.contains("12:00") })
    }

    @Test("without colour the same parts show, mine still set apart")
    func noColor() {
        let (buffer, _) = screen(false, style: .iMessage).render()
        Snapshot.check(buffer, named: "relations-imessage-nocolor-60x34")
    }

    @Test("Alt+↑ selects, Alt+R replies with a banner, Enter sends the reply and ends the selection, Esc cancels")
    func keys() throws {
        let screen = screen()
        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            if let command = TerminalMessenger.command(for: .key(key, modifiers), composerIsEmpty: screen.inputBar.text.isEmpty) {
                screen.perform(command)
            }
        }
        _ = screen.render()
        key(.up, .alt)
        #expect(screen.presenter.selection == "b")
        key(.up, .alt)  // past the deleted message
        #expect(screen.presenter.selection == "e")
        key(.character("r"), .alt)
        #expect(screen.inputBar.replyTarget?.id == "e")
        let (buffer, _) = screen.render()
        #expect(buffer.lines.contains { $0.contains("↩ Replying to Bob Stone: Make it 13:00") })
        #expect(buffer.lines.contains { $0.hasPrefix("▶") }, "the selection shows in the gutter")
        screen.inputBar.onSend { text, reply in screen.conversation.append(.text(text), replyTo: reply) }
        screen.perform(.insert("OK"))
        key(.enter)
        #expect(screen.conversation.messages.last?.replyTo?.id == "e")
        #expect(screen.inputBar.replyTarget == nil)
        // Sent: the selection ended with it, and Alt+↑ starts again from the newest.
        #expect(screen.presenter.selection == nil)
        #expect(!screen.render().buffer.lines.contains { $0.hasPrefix("▶") })
        key(.up, .alt)
        #expect(screen.presenter.selection == screen.conversation.messages.last?.id)
        key(.up, .alt)
        key(.up, .alt)
        #expect(screen.presenter.selection == "e")

        // Alt+1 reacts 👍 to the selection, twice takes it back.
        key(.character("1"), .alt)
        #expect(screen.conversation.message("e")?.reactions == [Reaction("👍", by: ["me"])])
        key(.character("1"), .alt)
        #expect(screen.conversation.message("e")?.reactions == [])

        // Esc: the reply first, then the selection, then back to the newest.
        key(.character("r"), .alt)
        key(.escape)
        #expect(screen.inputBar.replyTarget == nil && screen.presenter.selection == "e")
        key(.escape)
        #expect(screen.presenter.selection == nil)
        // Without a selection, Alt+R answers the newest message from someone else.
        key(.character("r"), .alt)
        #expect(screen.inputBar.replyTarget?.id == "b")
    }

    @Test("typing @ shows suggestions over the list; Tab completes; the message sent mentions them")
    func mentionKeys() throws {
        let screen = screen()
        screen.inputBar.members = [Cast.alice, Cast.bob]
        screen.inputBar.onSendMessage { content, reply in screen.conversation.append(content, replyTo: reply) }
        screen.perform(.insert("see you @bo"))
        let lines = screen.render().buffer.lines
        #expect(lines.contains { $0.contains("@Bob Stone") && $0.contains("Tab") })
        let tab = try #require(TerminalMessenger.command(for: .key(.tab, []), composerIsEmpty: false))
        screen.perform(tab)
        #expect(screen.inputBar.text == "see you @Bob Stone ")
        #expect(screen.cursorOffset == screen.inputBar.text.utf8.count)
        screen.perform(.insert("!"))
        screen.perform(.send)
        guard case .text(let text)? = screen.conversation.messages.last?.content else { Issue.record("not text"); return }
        #expect(text.string == "see you @Bob Stone !" && text.mentionedIDs == ["bob"])
    }

    @Test("a deletion shows Undo on the screen; Ctrl-Z puts the message back")
    func undo() throws {
        let screen = screen()
        _ = screen.render()
        #expect(screen.presenter.delete("a"))
        let lines = screen.render().buffer.lines
        #expect(lines.contains { $0.contains("Message deleted · Undo (Ctrl-Z)") })
        let command = try #require(TerminalMessenger.command(for: .key(.character("z"), .ctrl), composerIsEmpty: true))
        screen.perform(command)
        #expect(screen.conversation.message("a")?.content == .text("Sure! 12:30?"))
        #expect(!screen.render().buffer.lines.contains { $0.contains("Undo (Ctrl-Z)") })
    }

    @Test("a reply banner too long for the line is cut with “…”, a column short of its ✕")
    func longBanner() throws {
        let screen = ChatScreen(
            conversation: Self.conversation(), style: Cast.style(.light), title: "Lunch", columns: 40, rows: 34, usesColor: false,
            density: .regular)
        _ = screen.render()
        screen.presenter.reply(to: "q")
        let line = try #require(screen.render().buffer.lines.first { $0.contains("↩ Replying to") })
        let full = "↩ Replying to Alice Liddell: Lunch at the garden café? It opens at noon"
        let cut = try #require(line.range(of: "…"))
        let shown = line[line.range(of: "↩")!.lowerBound..<cut.lowerBound]
        #expect(full.hasPrefix(shown), "\(line)")
        #expect(line[cut.upperBound...].hasPrefix(" ✕"), "a space between the cut and the ✕: \(line)")
    }

    @Test("Delete on an empty composer deletes the selected message of mine; never someone else's, never while typing")
    func deleteKey() throws {
        let screen = screen()
        _ = screen.render()
        let delete = try #require(TerminalMessenger.command(for: .key(.delete, []), composerIsEmpty: true))
        // Without a selection the key has nothing to delete.
        screen.perform(delete)
        #expect(screen.conversation.messages.filter(\.isDeleted).map(\.id) == ["d"])
        // Alice's last message, selected: not mine, so it stays.
        screen.perform(.selectPrevious)
        #expect(screen.presenter.selection == "b")
        screen.perform(delete)
        #expect(screen.conversation.message("b")?.isDeleted == false)
        // Mine ("a"), selected, with a draft in the composer: the key edits the draft.
        screen.presenter.selected = "a"
        screen.perform(.insert("xy"))
        screen.perform(.cursorLeft)
        screen.perform(delete)
        #expect(screen.inputBar.text == "x")
        #expect(screen.conversation.message("a")?.isDeleted == false)
        // On an empty composer, it goes, and Undo shows.
        screen.perform(.backspace)
        screen.perform(delete)
        #expect(screen.conversation.message("a")?.isDeleted == true)
        #expect(screen.render().buffer.lines.contains { $0.contains("Message deleted · Undo (Ctrl-Z)") })
        screen.perform(.undo)
        #expect(screen.conversation.message("a")?.content == .text("Sure! 12:30?"))
    }

    @Test("a click on a message selects it, marked as Alt+↑ marks it; Alt+R then answers it")
    func clickSelects() throws {
        let screen = screen()
        _ = screen.render()
        let frame = screen.presenter.frame()
        let row = try #require(frame.rows.first { $0.row.id == .message("q") })
        let bubble = try #require(row.layout.bubble)
        let y = 1 + Int(row.y + bubble.midY)
        #expect(!screen.render().buffer.lines.contains { $0.contains("▶") }, "nothing selected yet")
        screen.perform(.click(x: Int(bubble.midX), y: y))
        #expect(screen.presenter.selection == "q")
        #expect(screen.render().buffer.lines.contains { $0.contains("▶") }, "the selection's mark is drawn")
        // A click on the deleted message leaves the selection where it is.
        let deleted = try #require(frame.rows.first { $0.row.id == .message("d") })
        screen.perform(.click(x: Int(try #require(deleted.layout.bubble).midX), y: 1 + Int(deleted.y)))
        #expect(screen.presenter.selection == "q")
        let reply = try #require(TerminalMessenger.command(for: .key(.character("r"), .alt), composerIsEmpty: true))
        screen.perform(reply)
        #expect(screen.inputBar.replyTarget?.id == "q", "not the newest message from someone else")
    }

    @Test("a click on a quote whose message is nowhere says so on the list's last line")
    func quoteNotFound() async throws {
        let screen = screen()
        _ = screen.render()
        let row = try #require(screen.presenter.frame().rows.first { $0.row.id == .message("b") })
        let quote = try #require(row.layout.quote)
        #expect(!screen.render().buffer.lines.contains { $0.contains("Original message not found") })
        screen.perform(.click(x: Int(quote.frame.midX), y: 1 + Int(row.y + quote.frame.midY)))
        let deadline = Date().addingTimeInterval(60)
        while screen.presenter.frame().notice == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(screen.render().buffer.lines.contains { $0.contains(" Original message not found ") })
    }

    @Test("a long notice wraps onto the list's last lines on a narrow screen, its end included")
    func longNoticeWraps() throws {
        let screen = screen()
        screen.resize(columns: 40, rows: 16)
        screen.presenter.showNotice("“2026-02-30” is not a date: /jump takes a day as 2026-11-20")
        let lines = screen.render().buffer.lines
        let first = try #require(lines.firstIndex { $0.contains("“2026-02-30” is not a date") }, "\(lines)")
        #expect(lines[first + 1].contains("takes a day as 2026-11-20"), "\(lines)")
        #expect(lines.allSatisfy { TerminalWidth.columns(of: $0) <= 40 })
        // A notice that fits stays on one line.
        screen.resize(columns: 80, rows: 16)
        let wide = screen.render().buffer.lines
        #expect(wide.contains { $0.contains("is not a date: /jump takes a day as 2026-11-20") })
    }

    @Test("a click on a chip toggles mine; a click on the banner's ✕ cancels the reply")
    func clicks() throws {
        let screen = screen()
        _ = screen.render()
        let frame = screen.presenter.frame()
        let row = try #require(frame.rows.first { $0.row.id == .message("a") })
        let chip = try #require(row.layout.reactions.first { !$0.isMine })
        screen.perform(.click(x: Int(chip.frame.minX) + 1, y: 1 + Int(row.y + chip.frame.minY)))
        #expect(screen.conversation.message("a")?.reactions.first?.senders == ["alice", "bob", "me"])
        screen.presenter.reply(to: "q")
        let (buffer, _) = screen.render()
        let y = try #require(buffer.lines.firstIndex { $0.contains("Replying to") })
        let x = try #require(buffer.lines[y].firstIndex(of: "✕").map { buffer.lines[y].distance(from: buffer.lines[y].startIndex, to: $0) })
        screen.perform(.click(x: x, y: y))
        #expect(screen.inputBar.replyTarget == nil)
    }
}
