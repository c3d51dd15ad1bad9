import Foundation
import Synchronization
import Testing
@testable import ParleyCore

/// Replies, reactions, edits and deletions in the model, the layout and the presenter (#12).
@Suite("Relations: replies, reactions, edits, deletions (#12)")
struct RelationsTests {
    /// A conversation of Alice's question, my answer and Bob's remark.
    func chat() -> Conversation {
        let chat = Conversation(me: Fixture.me, clock: { Fixture.date(minutes: 10) })
        try! chat.append(contentsOf: [
            Fixture.message("q", minutes: 0, "Dinner at eight?\nOr nine?"),
            Fixture.message("a", from: Fixture.me, minutes: 1, "Eight works"),
            Fixture.message("b", from: Fixture.bob, minutes: 2, "Count me in"),
        ])
        return chat
    }

    func layout(_ chat: Conversation, _ id: MessageID, width: Double = 60, style: ChatStyle = Fixture.cellStyle) -> RowLayout {
        let engine = Fixture.engine(style)
        return chat.read { rows in engine.layout(at: rows.index(of: .message(id))!, in: rows, width: width) }
    }

    // MARK: Model

    @Test("a reply quotes a snapshot of the message: sender, one line of its text, its date")
    func replySnapshot() throws {
        let chat = chat()
        let reply = chat.reply(to: "q", with: .text("Eight!"))
        let quote = try #require(chat.message(reply)?.replyTo)
        #expect(quote == ReplyQuote(id: "q", senderName: "Alice Liddell", summary: "Dinner at eight? Or nine?", date: Fixture.date(minutes: 0)))
        // Editing the original later does not change what the reply quoted.
        try chat.edit("q", to: .text("Lunch?"))
        #expect(chat.message(reply)?.replyTo?.summary == "Dinner at eight? Or nine?")
        // A reply to a message never loaded is quoted by id alone.
        let blind = chat.reply(to: "gone", with: .text("?"))
        #expect(chat.message(blind)?.replyTo == ReplyQuote(id: "gone", senderName: "", summary: ""))
    }

    @Test("quotes of hostile text are one inert line of at most 200 characters")
    func quoteLimits() {
        let long = String(repeating: "word ", count: 500) + "\u{1B}[2J\n\r\u{202E}"
        let quote = ReplyQuote(id: "x", senderName: "Mallory\u{1B}[31m\nX", summary: long)
        #expect(quote.summary.count == ReplyQuote.maximumLength)
        #expect(quote.summary.hasSuffix("…"))
        #expect(!quote.summary.contains("\n") && !quote.summary.unicodeScalars.contains { $0.value == 0x1B })
        #expect(!quote.senderName.contains("\n") && !quote.senderName.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("reactions toggle per sender, keep first-use order, and vanish when nobody uses them")
    func reactions() throws {
        let chat = chat()
        #expect(chat.toggleReaction("👍", on: "q") == true)
        try chat.setReaction("❤️", on: "q", by: "bob")
        try chat.setReaction("👍", on: "q", by: "bob")
        try chat.setReaction("👍", on: "q", by: "bob")  // twice is once
        #expect(chat.message("q")?.reactions == [Reaction("👍", by: ["me", "bob"]), Reaction("❤️", by: ["bob"])])
        #expect(chat.toggleReaction("👍", on: "q") == false)
        try chat.setReaction("❤️", on: "q", by: "bob", false)
        #expect(chat.message("q")?.reactions == [Reaction("👍", by: ["bob"])])
        #expect(chat.toggleReaction("👍", on: "nope") == nil)
        #expect(chat.toggleReaction("   ", on: "q") == nil)
        #expect(throws: ConversationError.unknownID("nope")) { try chat.setReaction("👍", on: "nope", by: "bob") }
        // A hostile key is cut to one short line.
        try chat.setReaction(String(repeating: "🎉", count: 40) + "\n\u{1B}", on: "a", by: "bob")
        let key = try #require(chat.message("a")?.reactions.first?.key)
        #expect(key.count == Reaction.maximumKeyLength && !key.contains("\n"))
    }

    @Test("an edit keeps the earlier versions, at most 50; a deletion leaves only the placeholder")
    func editsAndDeletions() throws {
        let chat = chat()
        try chat.edit("a", to: .text("Eight works, see you"), at: Fixture.date(minutes: 5))
        var message = try #require(chat.message("a"))
        #expect(message.isEdited)
        #expect(message.edits == [MessageEdit(content: .text("Eight works"), replacedAt: Fixture.date(minutes: 5))])
        for index in 0..<60 { try chat.edit("a", to: .text("version \(index)")) }
        message = try #require(chat.message("a"))
        #expect(message.edits.count == Message.editHistoryLimit)
        #expect(message.edits.last?.content == .text("version 58"))

        _ = chat.toggleReaction("👍", on: "a")
        try chat.markDeleted("a")
        message = try #require(chat.message("a"))
        #expect(message.content == .deleted && message.isDeleted)
        #expect(message.reactions.isEmpty && message.edits.isEmpty && !message.isEdited && message.replyTo == nil)
        #expect(chat.count == 3, "the row stays")
        // A deleted message is not edited back to life.
        try chat.edit("a", to: .text("back"))
        #expect(chat.message("a")?.isDeleted == true)
        #expect(ChatStrings().summary(of: .deleted) == "Message deleted")
    }

    @Test("a read receipt moves forward only, from the message that held it; mine are not shown")
    func receipts() throws {
        let chat = chat()
        #expect(try chat.markRead(upTo: "a", by: Fixture.alice))
        #expect(chat.message("a")?.readers.map(\.id) == ["alice"])
        #expect(try chat.markRead(upTo: "b", by: Fixture.alice))
        #expect(chat.message("a")?.readers.isEmpty == true)
        #expect(chat.message("b")?.readers.map(\.id) == ["alice"])
        #expect(try !chat.markRead(upTo: "q", by: Fixture.alice), "never backwards")
        #expect(try !chat.markRead(upTo: "b", by: Fixture.alice), "already there")
        #expect(try !chat.markRead(upTo: "b", by: Fixture.me))
        #expect(chat.message("b")?.readers.map(\.id) == ["alice"])
        try chat.markRead(upTo: "b", by: Fixture.bob)
        #expect(chat.message("b")?.readers.map(\.id) == ["alice", "bob"])
        #expect(throws: ConversationError.unknownID("nope")) { try chat.markRead(upTo: "nope", by: Fixture.bob) }
        // A receipt the hint lost (the data source replaced the messages) is still found.
        try chat.setMessages(chat.messages)
        chat.append(.text("later"), from: Fixture.me)
        try chat.markRead(upTo: chat.messages.last!.id, by: Fixture.alice)
        #expect(chat.message("b")?.readers.map(\.id) == ["bob"])
    }

    @Test("receipts show as avatars at the row's trailing edge in a group only, collapsing to +N")
    func receiptLayout() throws {
        let chat = chat()
        let people = (0..<7).map { Sender(id: "p\($0)", name: "Person \($0)") }
        for person in people { try chat.markRead(upTo: "b", by: person) }
        #expect(layout(chat, "b").receipts == nil, "one-to-one: the delivery mark says it")
        chat.isGroup = true
        let row = layout(chat, "b")
        let receipts = try #require(row.receipts)
        #expect(receipts.readers.count == ChatMetrics.cells.maximumReceiptAvatars)
        #expect(receipts.moreLabel == "+3")
        #expect(receipts.moreFrame?.maxX == 60 - ChatMetrics.cells.rowInsets.right)
        #expect(receipts.frame.minY >= row.bubble!.maxY)
        #expect(receipts.accessibleName == "Seen by Person 0, Person 1, Person 2 and 4 others")
        let label = ChatPresenter.accessibleLabel(
            for: .message(chat.message("b")!), context: chat.read { Fixture.engine().grouping.context(at: 2, in: $0) },
            style: Fixture.cellStyle)
        #expect(label.hasSuffix("Seen by Person 0, Person 1, Person 2 and 4 others"))
    }

    @MainActor
    @Test("the New messages line sits above the first unread message; the presenter scrolls there")
    func unreadLine() throws {
        let chat = chat()
        for index in 0..<40 { chat.append(.text("later \(index)"), from: Fixture.bob) }
        let before = layout(chat, "b")
        let changes = Mutex<[ChangeSet]>([])
        let observation = chat.observe { change in changes.withLock { $0.append(change) } }
        chat.setFirstUnread("b")
        #expect(changes.withLock { $0.last?.updated } == ["b"], "its row is laid out again")
        let marked = layout(chat, "b")
        let line = try #require(marked.unreadLine)
        #expect(marked.height == before.height + ChatMetrics.cells.topLabelHeight)
        #expect(line.maxY <= marked.content!.minY)
        chat.setFirstUnread("a")
        #expect(layout(chat, "b").unreadLine == nil)
        #expect(changes.withLock { $0.last.map { Set($0.updated) } } == ["a", "b"])
        observation.cancel()

        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 12))
        _ = presenter.frame()
        #expect(presenter.scrollToUnread())
        let opened = presenter.frame()
        let first = opened.rows.first { $0.row.message != nil }
        #expect(first?.row.id == .message("a") && first?.y == 0)
        // The badge counts Bob's messages from the line on that are still below the screen.
        let shown = Set(opened.rows.compactMap { $0.y + $0.layout.height <= 12 ? $0.row.message?.id : nil })
        let below = chat.messages.drop { $0.id != "a" }.filter { $0.sender.id == "bob" && !shown.contains($0.id) }.count
        #expect(below > 0 && opened.badge?.unreadCount == below)
        let label = presenter.frame().rows.first.map(presenter.accessibleLabel(for:))
        #expect(label?.hasPrefix("New messages. You, ") == true)
        chat.setFirstUnread(nil)
        #expect(!presenter.scrollToUnread())
    }

    @Test("mentions are ranges naming senders: found from names, checked, kept apart from links, equal only with the same mentions")
    func mentions() throws {
        let members = [Fixture.alice, Fixture.bob, Sender(id: "al", name: "Al")]
        let text = TextContent("@Alice Liddell and @Bob, see https://x.example @Al. Not email@Bob or @Bobby", mentioning: members)
        #expect(text.mentionedIDs == ["alice", "bob", "al"])
        let first = try #require(text.detections.first)
        #expect(text.string[first.range(in: text.string)] == "@Alice Liddell")
        #expect(text.detections.contains { if case .link = $0.kind { true } else { false } }, "links still found")
        #expect(first.target?.absoluteString == "parley-mention:alice" && !first.opensExternally)
        // Ranges outside the text, inside a character or overlapping are dropped.
        let checked = TextContent("héllo @Me", mentions: [(0..<2, "x"), (7..<10, "me"), (7..<9, "y"), (20..<30, "z"), (0..<0, "w")])
        #expect(checked.mentionedIDs == ["me"])
        // A mention changes the content: equal texts with different mentions differ.
        #expect(TextContent("@Bob hi", mentioning: [Fixture.bob]) != TextContent("@Bob hi"))
        #expect(TextContent("@Bob hi", mentioning: [Fixture.bob]) == TextContent("@Bob hi", mentions: [(0..<4, "bob")]))
    }

    @MainActor
    @Test("a mention of me marks the message; tapping the mention tells the app who, without opening anything")
    func mentionOfMe() throws {
        let chat = chat()
        let id = chat.append(.text(TextContent("@Me are you coming?", mentioning: [Fixture.me])), from: Fixture.alice)
        let context = chat.read { rows in Fixture.engine().grouping.context(at: rows.index(of: .message(id))!, in: rows) }
        #expect(context?.mentionsMe == true)
        #expect(chat.read { Fixture.engine().grouping.context(at: 0, in: $0) }?.mentionsMe == false)
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 20))
        let row = try #require(presenter.frame().rows.first { $0.row.id == .message(id) })
        let content = try #require(row.layout.content)
        let event = presenter.tap(at: Point(x: content.minX + 1.5, y: row.y + content.minY + 0.5))
        guard case .tapLink(id, let detection)? = event, case .mention("me") = detection.kind else {
            Issue.record("\(String(describing: event))")
            return
        }
    }

    @MainActor
    @Test("typing @ and letters suggests members; completing writes the name and the send mentions them")
    func mentionSuggestions() throws {
        let chat = chat()
        let bar = InputBar(metrics: .cells)
        bar.members = [Fixture.alice, Fixture.bob, Sender(id: "lid", name: "Lidia")]
        bar.text = "hi @li"
        #expect(bar.mentionQuery(cursor: 6)?.query == "li")
        #expect(bar.mentionSuggestions(cursor: 6).map(\.id) == ["lid", "alice"], "a name's start before a word's")
        #expect(bar.mentionSuggestions(cursor: 2).isEmpty, "no @ before the cursor")
        bar.text = "mail@bob"
        #expect(bar.mentionSuggestions(cursor: 8).isEmpty, "an @ inside a word is not a mention")
        bar.text = "hi @li and more"
        let cursor = bar.completeMention(with: Fixture.alice, cursor: 6)
        #expect(bar.text == "hi @Alice Liddell  and more")
        #expect(cursor == "hi @Alice Liddell ".utf8.count)
        var sent: [MessageContent] = []
        bar.onSendMessage { content, _ in sent.append(content) }
        #expect(bar.send())
        guard case .text(let text)? = sent.first else { Issue.record("no text sent"); return }
        #expect(text.mentionedIDs == ["alice"])
        #expect(bar.pickedMentions.isEmpty, "the next message starts afresh")
        // Without a mention picked, a few emoji still show large.
        bar.text = "🎉"
        bar.send()
        #expect(sent.last == .emoji("🎉"))
        _ = chat
    }

    // MARK: Layout

    @Test("a reply's quote sits inside the bubble above the text, the text moved under it")
    func quoteLayout() throws {
        let chat = chat()
        let plain = layout(chat, "b")
        let reply = chat.reply(to: "q", with: .text("Count me in"), from: Fixture.bob)
        let quoted = layout(chat, reply)
        let quote = try #require(quoted.quote)
        let bubble = try #require(quoted.bubble)
        let content = try #require(quoted.content)
        #expect(bubble.contains(quote.frame.origin) && quote.frame.maxX <= bubble.maxX)
        #expect(quote.frame.maxY <= content.minY)
        #expect(quote.name == "Alice Liddell" && quote.text == "Dinner at eight? Or nine?")
        #expect(quote.bar.width == ChatMetrics.cells.quoteBarWidth && quote.bar.height == quote.frame.height)
        #expect(quote.nameFrame.minX == quote.frame.minX + ChatMetrics.cells.quoteBarWidth + ChatMetrics.cells.quoteGap)
        // Two lines (name, text) more than the same message without a quote.
        #expect(quoted.height == plain.height + 2)
        #expect(quoted.part(at: Point(x: quote.frame.midX, y: quote.frame.midY)) == .quote)
        // A quote of a message never seen says so.
        let blind = chat.reply(to: "gone", with: .text("?"))
        #expect(layout(chat, blind).quote?.text == ChatStrings().quoteUnavailable)
    }

    @Test("the edited mark is inside its own bubble, under the text at the trailing edge")
    func editedMark() throws {
        let chat = chat()
        let before = layout(chat, "a")
        try chat.edit("a", to: .text("Eight works"))  // the same text: no edit
        #expect(layout(chat, "a").editedMark == nil)
        try chat.edit("a", to: .text("Eight it is"))
        let after = layout(chat, "a")
        let mark = try #require(after.editedMark)
        let bubble = try #require(after.bubble)
        #expect(bubble.minY <= mark.minY && mark.maxY <= bubble.maxY)
        #expect(mark.maxX == bubble.maxX - ChatMetrics.cells.bubbleInsets.right)
        #expect(mark.minY >= after.content!.maxY)
        #expect(after.bottomLabel == nil, "not a label that reads as the next message's")
        #expect(after.height == before.height + 1)
    }

    @Test("with message times on, each bubble ends with its time, after the edited mark on the same line")
    func messageTimes() throws {
        let chat = chat()
        try chat.edit("a", to: .text("Eight it is"))
        var style = Fixture.cellStyle
        style.showsMessageTimes = true
        let edited = layout(chat, "a", style: style)
        let time = try #require(edited.timeMark)
        let mark = try #require(edited.editedMark)
        #expect(time.minY == mark.minY && time.minX > mark.maxX)
        #expect(time.maxX == edited.bubble!.maxX - ChatMetrics.cells.bubbleInsets.right)
        #expect(time.width == 5, "12:01 in the rules' 24-hour clock")
        let plain = layout(chat, "q", style: style)
        #expect(plain.timeMark != nil && plain.editedMark == nil)
        #expect(layout(chat, "q").timeMark == nil, "off by default")
        try chat.markDeleted("b")
        #expect(layout(chat, "b", style: style).timeMark == nil)
    }

    @Test("reaction chips sit under the bubble on its side, mine marked, overflow as +N")
    func chips() throws {
        let chat = chat()
        _ = chat.toggleReaction("👍", on: "q")
        try chat.setReaction("👍", on: "q", by: "bob")
        try chat.setReaction("😂", on: "q", by: "bob")
        let incoming = layout(chat, "q")
        let bubble = try #require(incoming.bubble)
        #expect(incoming.reactions.map(\.label) == ["👍 2", "😂"])
        #expect(incoming.reactions.map(\.isMine) == [true, false])
        #expect(incoming.reactions.first?.frame.minX == bubble.minX)
        #expect(incoming.reactions.allSatisfy { $0.frame.minY >= bubble.maxY })
        #expect(incoming.reactions[0].accessibleName == "👍, 2 reactions, including yours")
        #expect(incoming.part(at: incoming.reactions[1].frame.origin) == .reaction("😂"))

        // On my message, the chips end at the bubble's trailing edge.
        try chat.setReaction("🎉", on: "a", by: "bob")
        let outgoing = layout(chat, "a")
        #expect(outgoing.reactions.last?.frame.maxX == outgoing.bubble?.maxX)

        // Ten emoji: the four that fit the cell limit, then "+6".
        for (index, key) in ["😀", "😃", "😄", "😁", "😆", "😅", "🤣", "😊", "😇", "🙂"].enumerated() {
            try chat.setReaction(key, on: "b", by: "p\(index)")
        }
        let crowded = layout(chat, "b")
        #expect(crowded.reactions.count == ChatMetrics.cells.maximumReactionChips + 1)
        #expect(crowded.reactions.last?.label == "+6" && crowded.reactions.last?.isOverflow == true)
        #expect(crowded.part(at: crowded.reactions.last!.frame.origin) == .moreReactions)
        // In a narrow row, fewer fit, and the "+N" still shows.
        let narrow = layout(chat, "b", width: 24)
        #expect(narrow.reactions.count < crowded.reactions.count)
        #expect(narrow.reactions.last?.isOverflow == true)
        #expect(narrow.reactions.allSatisfy { $0.frame.maxX <= 24 })
    }

    @Test("a deleted message draws the placeholder, and nothing of what it was")
    func deletedLayout() throws {
        let chat = chat()
        _ = chat.toggleReaction("👍", on: "b")
        try chat.markDeleted("b")
        let deleted = layout(chat, "b")
        #expect(deleted.text?.string == "Message deleted")
        #expect(deleted.reactions.isEmpty && deleted.quote == nil && deleted.editedMark == nil)
    }

    // MARK: Presenter

    @MainActor
    @Test("tapping a quote goes to the original and highlights it; tapping a chip toggles mine")
    func presenterVerbs() async throws {
        let chat = chat()
        for index in 0..<40 { chat.append(.text("filler \(index)"), from: Fixture.bob) }
        let reply = chat.reply(to: "q", with: .text("Late, but eight"), from: Fixture.bob)
        try chat.setReaction("👍", on: reply, by: "alice")
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 12))
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        var frame = presenter.frame()
        let row = try #require(frame.rows.first { $0.row.id == .message(reply) })
        let quote = try #require(row.layout.quote)
        #expect(!frame.rows.contains { $0.row.id == .message("q") })
        // A click selects the reply, then taps its quote (what a front end's click does).
        let point = Point(x: quote.frame.midX, y: row.y + quote.frame.midY)
        #expect(presenter.select(at: point) == reply)
        presenter.tap(at: point)
        await waitOnMain("the quoted message on screen") { presenter.frame().rows.contains { $0.row.id == .message("q") } }
        frame = presenter.frame()
        #expect(frame.highlighted == "q")
        #expect(events.first == .tapQuote(reply, quoted: quote.quoted))
        // The selection went along: the next step up starts from the quoted message.
        #expect(frame.selected == "q")
        #expect(presenter.selectNext() == "a")

        // The chip: scroll back down, tap, and mine is added.
        presenter.scrollToBottom()
        frame = presenter.frame()
        let replyRow = try #require(frame.rows.first { $0.row.id == .message(reply) })
        let chip = try #require(replyRow.layout.reactions.first)
        presenter.tap(at: Point(x: chip.frame.midX, y: replyRow.y + chip.frame.midY))
        #expect(chat.message(reply)?.reactions == [Reaction("👍", by: ["alice", "me"])])
        #expect(events.last == .reactionChanged(reply, key: "👍", isOn: true))
        presenter.react(to: reply, with: "👍")
        #expect(chat.message(reply)?.reactions == [Reaction("👍", by: ["alice"])])
        #expect(events.last == .reactionChanged(reply, key: "👍", isOn: false))
    }

    @MainActor
    @Test("going to a quote takes a selection along (a deleted message ends it), and makes none of its own")
    func quoteTakesSelection() async throws {
        let (chat, presenter) = try selectionPresenter()
        _ = presenter.frame()
        let quoteOfQ = try ReplyQuote(#require(chat.message("q")))
        #expect(await presenter.go(to: quoteOfQ))
        #expect(presenter.selection == nil, "no selection: none made")
        presenter.selectPrevious()
        #expect(presenter.selection == "b")
        #expect(await presenter.go(to: quoteOfQ))
        #expect(presenter.selection == "q")
        // A deleted message takes no selection: it ends (the view went elsewhere).
        presenter.selectNext()
        #expect(await presenter.go(to: try ReplyQuote(#require(chat.message("a")))))
        #expect(presenter.selection == nil)
    }

    @MainActor
    @Test("a quote that leads nowhere says so for a moment; one that leads somewhere ends it")
    func quoteNotFound() async throws {
        let (chat, presenter) = try selectionPresenter()
        let gone = ReplyQuote(id: "gone", senderName: "Alice", summary: "Lunch?", date: Fixture.date(minutes: 0))
        #expect(await presenter.go(to: gone) == false)
        #expect(presenter.frame().notice == "Original message not found")
        #expect(await presenter.go(to: try ReplyQuote(#require(chat.message("q")))))
        #expect(presenter.frame().notice == nil)
        #expect(await presenter.go(to: gone) == false)
        await waitOnMain("the notice to end") { presenter.frame().notice == nil }
        // With a pager that cannot jump, the message may be further back: nothing is said.
        struct Paging: HistorySource {
            func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage { HistoryPage(messages: [], hasMore: true) }
        }
        presenter.pager = HistoryPager(conversation: chat, source: Paging())
        #expect(await presenter.go(to: gone) == false)
        #expect(presenter.frame().notice == nil)
        // With one that jumps: the history around its date loads, and it is not there.
        let (_, paged) = await PresenterTests().paged()
        let missing = ReplyQuote(id: "m-gone", senderName: "Alice", summary: "?", date: Fixture.date(minutes: 100))
        #expect(await paged.go(to: missing) == false)
        #expect(paged.frame().notice == "Original message not found")
        #expect(paged.frame().rows.contains { $0.id == .message("m1100") }, "the view went to its date")
    }

    @MainActor
    @Test("reply(to:) quotes the message in the input bar, whose send hands the quote over and clears it")
    func replyThroughInputBar() throws {
        let chat = chat()
        let bar = InputBar(metrics: .cells)
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 12))
        presenter.inputBar = bar
        bar.onSend { text, reply in chat.append(.text(text), replyTo: reply) }
        #expect(presenter.reply(to: "q"))
        #expect(bar.replyTarget?.id == "q")
        let layout = bar.layout(width: 60, measurer: MonospaceMeasurer())
        let banner = try #require(layout.replyBanner)
        #expect(banner.title == "Replying to Alice Liddell")
        #expect(layout.textFrame.minY >= banner.frame.maxY)
        #expect(banner.cancelFrame.maxX == banner.frame.maxX)
        bar.text = "Eight"
        #expect(bar.send())
        #expect(chat.messages.last?.replyTo?.id == "q")
        #expect(bar.replyTarget == nil)
        #expect(bar.layout(width: 60, measurer: MonospaceMeasurer()).replyBanner == nil)
        // Deleted messages and notices take no reply.
        try chat.markDeleted("b")
        #expect(!presenter.reply(to: "b"))
        #expect(presenter.react(to: "b", with: "👍") == nil)
        presenter.reply(to: "q")
        bar.cancelReply()
        #expect(bar.replyTarget == nil)
    }

    @MainActor
    @Test("a deletion can be undone while its notice shows; the event goes out when it is final")
    func undoDeletion() throws {
        let chat = chat()
        _ = chat.toggleReaction("👍", on: "a")
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 20))
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        let original = try #require(chat.message("a"))
        #expect(presenter.delete("a"))
        #expect(chat.message("a")?.isDeleted == true)
        #expect(presenter.frame().undo == UndoNotice(message: "a", text: "Message deleted", action: "Undo"))
        #expect(events.isEmpty)
        #expect(presenter.undoDelete())
        #expect(chat.message("a")?.looksIdentical(to: original) == true)
        #expect(presenter.frame().undo == nil && !presenter.undoDelete())
        #expect(events.isEmpty, "undone: nothing to delete on the server")
        // A second deletion makes the first final.
        presenter.delete("a")
        presenter.deletion = .remove
        presenter.delete("b")
        #expect(events == [.deleted("a")])
        #expect(chat.message("b") == nil)
        #expect(presenter.undoDelete())
        #expect(chat.message("b")?.content == .text("Count me in"), "a removed message comes back in its place")
        #expect(chat.messages.map(\.id) == ["q", "a", "b"])
    }

    @MainActor
    @Test("a draft is the composer's text and reply; setting one puts both back")
    func drafts() {
        let bar = InputBar(metrics: .cells)
        #expect(bar.draft.isEmpty)
        bar.text = "half-written\nsecond line"
        bar.replyTarget = ReplyQuote(id: "q", senderName: "Alice", summary: "Dinner?")
        let kept = bar.draft
        #expect(kept == Draft(text: "half-written\nsecond line", replyTo: ReplyQuote(id: "q", senderName: "Alice", summary: "Dinner?")))
        bar.draft = Draft(text: "")
        #expect(bar.text.isEmpty && bar.replyTarget == nil)
        bar.draft = kept
        #expect(bar.text == kept.text && bar.replyTarget == kept.replyTo)
        #expect(Draft(text: " \n\t").isEmpty && !Draft(text: "", replyTo: kept.replyTo).isEmpty)
    }

    /// The fixture's chat with a notice after it and "a" deleted, in a presenter 60 × 30
    /// cells.
    @MainActor
    func selectionPresenter() throws -> (Conversation, ChatPresenter) {
        let chat = chat()
        chat.append(.system("Bob left"))
        try chat.markDeleted("a")
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 30))
        return (chat, presenter)
    }

    @MainActor
    @Test("keyboard selection walks the messages, skipping notices and deleted ones")
    func selection() throws {
        let (chat, presenter) = try selectionPresenter()
        _ = presenter.frame()
        #expect(presenter.selectPrevious() == "b")
        #expect(presenter.selectPrevious() == "q")
        #expect(presenter.selectPrevious() == "q", "nothing above the first: it stays")
        #expect(presenter.selectNext() == "b")
        #expect(presenter.selectNext() == nil, "past the newest, the selection ends")
        presenter.clearSelection()
        #expect(presenter.selection == nil)
        presenter.selectPrevious()
        #expect(presenter.frame().selected == "b")
        #expect(presenter.delete("b"))
        #expect(presenter.selection == nil)
        presenter.deletion = .remove
        #expect(presenter.delete("q"))
        #expect(chat.message("q") == nil)
    }

    @MainActor
    @Test("a click selects the message of the row under it, anywhere in the row, without scrolling")
    func selectionByPoint() throws {
        let (chat, presenter) = try selectionPresenter()
        let rows = presenter.frame().rows
        func row(_ id: RowID) throws -> VisibleRow { try #require(rows.first { $0.row.id == id }) }
        let q = try row(.message("q")), b = try row(.message("b"))
        // The row's far side, away from the bubble, and its last line select its message.
        #expect(presenter.select(at: Point(x: 59, y: q.y)) == "q")
        #expect(presenter.selection == "q")
        #expect(presenter.select(at: Point(x: 0, y: b.y + b.layout.height - 0.5)) == "b")
        #expect(presenter.selection == "b")
        // A deleted message and a notice leave it where it is.
        for id: RowID in [.message("a"), .message(try #require(chat.messages.last?.id))] {
            let other = try row(id)
            #expect(presenter.select(at: Point(x: 10, y: other.y)) == nil)
        }
        // The empty space above the rows (four short messages sit at the bottom of 30 lines).
        let top = try #require(rows.first?.y)
        try #require(top >= 1)
        #expect(presenter.select(at: Point(x: 10, y: top - 1)) == nil)
        #expect(presenter.selection == "b")
        #expect(presenter.frame().rows.map(\.y) == rows.map(\.y), "nothing scrolled")
    }
}
