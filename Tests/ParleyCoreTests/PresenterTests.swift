import Foundation
import Synchronization
import Testing
import ParleyTestSupport
@testable import ParleyCore

/// A custom card ten characters wide and three lines high.
struct Card: CustomPayload, Equatable {
    static let kind = "card"
    var summary: String { "card" }
    func size(fitting width: Double, in units: ContentUnits) -> Size {
        Size(width: min(width, units.width(characters: 10)), height: units.height(lines: 3))
    }
}

/// A proportional measurer: 7 px per character, 17 px per line.
struct Pixels: TextMeasurer {
    func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        TextMetrics(size: Size(width: Double(text.count) * 7, height: 17), lineCount: 1)
    }
    func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? { nil }
}

/// Waits on the main actor until `condition` holds; records an issue after 180 s, as the
/// pager tests' wait does: a CI run saw a page take over 30 s to land while other tests
/// held the cooperative pool.
@MainActor
func waitOnMain(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(180)
    while !condition() {
        if Date() > deadline {
            Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

@MainActor
@Suite("Presenter: one frame, the verbs, the texts (#9)")
struct PresenterTests {
    /// 1000 messages a minute apart, from noon on.
    static let history = (0..<1000).map { Fixture.message("m\(1000 + $0)", minutes: Double($0), "message \($0)") }

    func presenter(_ conversation: Conversation, style: ChatStyle = Fixture.cellStyle, height: Double = 20) -> ChatPresenter {
        let presenter = ChatPresenter(
            conversation: conversation, style: style, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: height))
        return presenter
    }

    /// A presenter paging ``history``, with the newest page loaded.
    func paged(pageSize: Int = 50) async -> (Conversation, ChatPresenter) {
        let conversation = Conversation(me: Fixture.me)
        let presenter = presenter(conversation)
        presenter.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: pageSize)
        await presenter.pager?.loadEarlier()
        return (conversation, presenter)
    }

    func filled(_ count: Int = 40) -> Conversation {
        Conversation(me: Fixture.me, messages: (0..<count).map { Fixture.message("m\($0)", minutes: Double($0) * 0.5, "line \($0)") })
    }

    // MARK: The frame

    @Test("a frame at the bottom: the newest rows, pinned, no badge, no empty text")
    func frameAtBottom() {
        let presenter = presenter(filled())
        let frame = presenter.frame()
        #expect(frame.rows.last?.id == .message("m39"))
        #expect(frame.isPinnedToBottom && frame.isAtBottom && frame.isShowingLatest)
        #expect(frame.badge == nil && frame.unreadCount == 0 && frame.emptyText == nil)
        #expect(!frame.isAnimating)
        #expect(frame.scrollIndicator.position + frame.scrollIndicator.length > 0.99)
    }

    @Test("an empty conversation says so, unless history is loading or someone types")
    func emptyState() async {
        let conversation = Conversation(me: Fixture.me)
        let presenter = presenter(conversation)
        #expect(presenter.frame().emptyText == "No messages yet")
        conversation.setTyping(Fixture.alice)
        let typing = presenter.frame()
        #expect(typing.emptyText == nil && typing.isAnimating && typing.typers.map(\.id) == ["alice"])
        conversation.setTyping(Fixture.alice, false)

        let source = ScriptedSource([.serve(ArrayHistorySource([]))])
        await source.hold()
        presenter.pager = HistoryPager(conversation: conversation, source: source)
        await waitOnMain("the first page to be asked for") { conversation.historyIndicator == .loading }
        let loading = presenter.frame()
        #expect(loading.emptyText == nil && loading.olderHistory == .loading && loading.isAnimating)
        await source.release()
        await waitOnMain("the empty history to land") { conversation.historyIndicator == .hidden }
        #expect(presenter.frame().emptyText == "No messages yet")

        var style = Fixture.cellStyle
        style.strings.emptyConversation = ""
        presenter.style = style
        #expect(presenter.frame().emptyText == nil)
    }

    @Test("the badge: scrolled up it counts arrivals in words, with plurals and a cap")
    func badge() {
        let conversation = filled()
        let presenter = presenter(conversation)
        _ = presenter.frame()
        presenter.scroll(by: -30)
        var frame = presenter.frame()
        #expect(!frame.isPinnedToBottom)
        #expect(frame.badge == NewMessagesBadge(unreadCount: 0, strings: .english))
        #expect(frame.badge?.text == "↓" && frame.badge?.accessibleLabel == "Scroll to the newest message")
        conversation.append(.text("one"), from: Fixture.alice)
        frame = presenter.frame()
        #expect(frame.unreadCount == 1 && frame.badge?.text == "↓ 1 new message")
        conversation.append(.text("mine"))
        conversation.append(.text("two"), from: Fixture.bob)
        frame = presenter.frame()
        #expect(frame.unreadCount == 2 && frame.badge?.text == "↓ 2 new messages")
        #expect(frame.badge?.accessibleLabel == "2 new messages")
        #expect(NewMessagesBadge(unreadCount: 1500, strings: .english).text == "↓ 999+ new messages")

        var german = ChatStrings()
        german.newMessages = { $0 == 1 ? "1 neue Nachricht" : "\($0) neue Nachrichten" }
        #expect(NewMessagesBadge(unreadCount: 3, strings: german).text == "↓ 3 neue Nachrichten")
        // The frame's badge (kept from frame to frame) follows a new style's strings.
        presenter.style.strings = german
        #expect(presenter.frame().badge?.text == "↓ 2 neue Nachrichten")

        presenter.scrollToBottom()
        frame = presenter.frame()
        #expect(frame.badge == nil && frame.isPinnedToBottom)
    }

    @Test("tapping the failed history row retries, and the event reaches the app")
    func retryByTap() async throws {
        let conversation = filled(3)
        let older = (0..<100).map { Fixture.message("h\($0)", minutes: Double($0) - 1000) }
        let source = ScriptedSource([.fail("offline"), .serve(ArrayHistorySource(older))])
        let presenter = presenter(conversation)
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        presenter.pager = HistoryPager(conversation: conversation, source: source, pageSize: 10)
        await waitOnMain("the failure to show") { conversation.historyIndicator.isFailure }
        let frame = presenter.frame()
        #expect(frame.olderHistory == .failed("offline"))
        let row = try #require(frame.rows.first { $0.id == .history })
        #expect(presenter.strings.history(frame.olderHistory).line == "Couldn’t load earlier messages (offline) · Retry")
        let content = try #require(row.layout.content)
        presenter.tap(at: Point(x: content.midX, y: row.y + content.midY))
        #expect(events == [.tapLoadEarlier])
        await waitOnMain("the retried page to land") { conversation.count > 3 }
        #expect(await source.calls.count == 2)
    }

    @Test("manual paging: the row offers a button; activating it loads a page")
    func manualHistory() async {
        let conversation = Conversation(me: Fixture.me)
        let presenter = presenter(conversation)
        presenter.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 10, mode: .manual)
        let frame = presenter.frame()
        #expect(frame.olderHistory == .loadEarlier && frame.emptyText == nil)
        #expect(presenter.strings.history(.loadEarlier) == HistoryRowText(label: nil, action: "Load earlier messages", showsSpinner: false))
        presenter.activateHistory(.older)
        await waitOnMain("a page") { conversation.count == 10 }
    }

    @Test("a tap on a link is found by the core's hit test, with its detection")
    func linkTap() throws {
        let conversation = Conversation(me: Fixture.me)
        conversation.append(.text("see https://example.com now"), from: Fixture.alice)
        let presenter = presenter(conversation)
        let row = try #require(presenter.frame().rows.last)
        let content = try #require(row.layout.content)
        // "see " is four cells: the link starts in the fifth.
        let event = presenter.tap(at: Point(x: content.minX + 6.5, y: row.y + content.minY + 0.5))
        guard case .tapLink(_, let detection) = event else {
            Issue.record("expected a link, got \(String(describing: event))")
            return
        }
        #expect(detection.target?.absoluteString == "https://example.com")
        let bubble = presenter.tap(at: Point(x: content.minX + 0.5, y: row.y + content.minY + 0.5))
        #expect(bubble.map { if case .tapBubble = $0 { true } else { false } } == true)
        #expect(presenter.activateLink("https://example.com", in: row.row.message!.id) == event)
    }

    @Test("a long press on a bubble asks for its menu; the top and the bottom are a verb away")
    func longPressAndEnds() throws {
        let presenter = presenter(filled())
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        let row = try #require(presenter.frame().rows.last)
        let bubble = try #require(row.layout.bubble)
        #expect(presenter.longPress(at: Point(x: bubble.midX, y: row.y + bubble.midY)) == .longPressBubble("m39"))
        #expect(presenter.longPress(at: Point(x: 0.5, y: -5)) == nil)
        #expect(events == [.longPressBubble("m39")])
        presenter.scrollToTop()
        #expect(presenter.frame().rows.first?.id == .message("m0"))
        #expect(!presenter.frame().isPinnedToBottom)
        presenter.scrollToBottom()
        #expect(presenter.frame().isPinnedToBottom)
    }

    @Test("a scroll bar fraction scrolls to the row the thumb shows; the end pins")
    func fraction() {
        let presenter = presenter(filled(400))
        _ = presenter.frame()
        presenter.scroll(toFraction: 0.5)
        var frame = presenter.frame()
        #expect(!frame.isPinnedToBottom)
        #expect(abs(frame.scrollIndicator.position - 0.5) < 0.01)
        presenter.scroll(toFraction: 0)
        frame = presenter.frame()
        #expect(frame.rows.first?.id == .message("m0"))
        presenter.scroll(toFraction: 1)
        #expect(presenter.frame().isPinnedToBottom)
        presenter.scroll(toFraction: .nan)
        #expect(presenter.frame().isPinnedToBottom)
    }

    @Test("jump to a date and back: the anchor is at the top, the badge offers the way back")
    func jumpAndReturn() async {
        let conversation = Conversation(me: Fixture.me)
        let presenter = presenter(conversation)
        var redraws = 0
        presenter.onNeedsDisplay = { redraws += 1 }
        presenter.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 50)
        await presenter.pager?.loadEarlier()
        let anchor = await presenter.jump(to: Fixture.date(minutes: 300))
        #expect(anchor == "m1300")
        var frame = presenter.frame()
        #expect(frame.rows.first { $0.row.message != nil }?.id == .message("m1300"))
        #expect(!frame.isShowingLatest && frame.badge != nil && redraws == 1)
        await presenter.returnToLatest()
        frame = presenter.frame()
        #expect(frame.isShowingLatest && frame.isPinnedToBottom && frame.badge == nil)
        #expect(frame.rows.last?.id == .message("m1999"))
        #expect(redraws == 2)
    }

    @Test("after a jump, the badge counts what arrives, not the past that loads below")
    func unreadAfterJump() async {
        let (conversation, presenter) = await paged()
        let observation = conversation.observe { change in
            Task { @MainActor in presenter.conversationChanged(change) }
        }
        defer { observation.cancel() }
        _ = presenter.frame()
        _ = await presenter.jump(to: Fixture.date(minutes: 300))
        for _ in 0..<5 { await Task.yield() }
        var frame = presenter.frame()
        #expect(frame.unreadCount == 0 && frame.badge?.text == "↓")
        conversation.append(.text("live"), from: Fixture.bob)
        frame = presenter.frame()
        #expect(frame.unreadCount == 1 && frame.badge?.text == "↓ 1 new message")
        // Newer pages of the past arrive below what was seen, up to the present: not new.
        while presenter.pager?.isShowingLatest == false { await presenter.pager?.loadNewer() }
        presenter.scroll(by: 30)
        frame = presenter.frame()
        #expect(conversation.count > 700)
        #expect(frame.unreadCount == 1 && frame.badge?.text == "↓ 1 new message")
        presenter.scrollToBottom()
        _ = presenter.frame()
        presenter.scroll(by: -40)
        conversation.append(.text("more"), from: Fixture.alice)
        #expect(presenter.frame().unreadCount == 1)
    }

    @Test("a failed newer page after a jump shows under the messages; tapping it retries")
    func newerFailure() async throws {
        let conversation = Conversation(me: Fixture.me)
        let source = OfflineWindowSource(Self.history)
        let presenter = presenter(conversation)
        presenter.pager = HistoryPager(conversation: conversation, source: source, pageSize: 20)
        _ = await presenter.jump(to: Fixture.date(minutes: 500))
        source.failsNewer = true
        presenter.scroll(by: 10_000)
        _ = presenter.frame()
        await waitOnMain("the newer page to fail") { conversation.newerHistoryIndicator.isFailure }
        let frame = presenter.frame()
        #expect(frame.newerHistory == .failed("offline"))
        let row = try #require(frame.rows.last { $0.id == .newerHistory })
        #expect(presenter.strings.history(frame.newerHistory, edge: .newer).line == "Couldn’t load newer messages (offline) · Retry")
        #expect(presenter.accessibleLabel(for: row).hasPrefix("Couldn’t load newer messages"))
        // Nothing retries by itself.
        _ = presenter.frame()
        #expect(conversation.newerHistoryIndicator.isFailure)

        source.failsNewer = false
        let count = conversation.count
        let content = try #require(row.layout.content)
        #expect(presenter.tap(at: Point(x: content.midX, y: row.y + content.midY)) == .tapLoadNewer)
        await waitOnMain("the retried page") { conversation.count > count }
        #expect(conversation.newerHistoryIndicator != .loading || conversation.count > count)
    }

    @Test("while a newer page loads after a jump, the row under the messages says so and spins")
    func newerLoading() async throws {
        let conversation = Conversation(me: Fixture.me)
        let source = HeldNewerSource(Self.history)
        let presenter = presenter(conversation)
        presenter.pager = HistoryPager(conversation: conversation, source: source, pageSize: 20)
        _ = await presenter.jump(to: Fixture.date(minutes: 500))
        source.holdsNewer = true
        let newest = conversation.messages.last?.id
        presenter.scroll(by: 10_000)
        _ = presenter.frame()
        // (The row spins from the jump on, idle or fetching: wait for the fetch itself.)
        await waitOnMain("the newer page to be asked for") { source.newerFetches == 1 }
        #expect(conversation.newerHistoryIndicator == .loading)
        let frame = presenter.frame()
        #expect(frame.newerHistory == .loading && frame.isAnimating)
        #expect(!frame.isShowingLatest && frame.emptyText == nil)
        let row = try #require(frame.rows.last { $0.id == .newerHistory })
        #expect(frame.rows.last?.id == .newerHistory, "the loading row is under the newest loaded message")
        let text = presenter.strings.history(frame.newerHistory, edge: .newer)
        #expect(text.line == "Loading newer messages…" && text.showsSpinner && text.action == nil)
        #expect(presenter.accessibleLabel(for: row) == "Loading newer messages…")
        // Tapping a row that loads starts nothing more, and the older edge is not touched.
        let content = try #require(row.layout.content)
        _ = presenter.tap(at: Point(x: content.midX, y: row.y + content.midY))
        presenter.activateHistory(.newer)
        #expect(source.newerFetches == 1)
        #expect(conversation.messages.last?.id == newest)

        source.release()
        await waitOnMain("the held page to land") { conversation.messages.last?.id != newest }
        // The row keeps spinning until the present is loaded (the next page is asked for
        // before the user gets there); then it goes.
        #expect(presenter.frame().newerHistory == .loading)
        while presenter.pager?.isShowingLatest == false { await presenter.pager?.loadNewer() }
        let latest = presenter.frame()
        #expect(latest.newerHistory == .hidden && !latest.rows.contains { $0.id == .newerHistory })
        #expect(conversation.messages.last?.id == Self.history.last?.id)
    }

    @Test("a reading position survives encoding and comes back, loaded or not")
    func readingPosition() async throws {
        let conversation = Conversation(me: Fixture.me)
        let presenter = presenter(conversation)
        presenter.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 50)
        #expect(presenter.readingPosition == .latest)
        _ = await presenter.jump(to: Fixture.date(minutes: 400))
        presenter.scroll(by: 3)
        let saved = presenter.readingPosition
        let top = presenter.frame().rows.first { $0.row.message != nil && $0.y + $0.layout.height > 0 }
        #expect(saved.message == top?.row.message?.id && saved.offset == top?.y)
        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(ReadingPosition.self, from: data)
        #expect(decoded == saved)

        await presenter.returnToLatest()
        #expect(!conversation.messages.contains { $0.id == saved.message })
        #expect(await presenter.restore(decoded))
        let back = presenter.frame().rows.first { $0.row.message != nil && $0.y + $0.layout.height > 0 }
        #expect(back?.row.message?.id == saved.message && back?.y == saved.offset)
        #expect(await presenter.restore(.latest))
        #expect(presenter.frame().isPinnedToBottom)
    }

    @Test("jump to a message: scrolls when loaded, loads around its date when not")
    func jumpToMessage() async {
        let (_, presenter) = await paged()
        #expect(await presenter.jump(to: "m1990", near: nil))
        #expect(presenter.frame().rows.contains { $0.id == .message("m1990") })
        #expect(await presenter.jump(to: "m1100", near: nil) == false)
        #expect(await presenter.jump(to: "m1100", near: Fixture.date(minutes: 100)))
        let frame = presenter.frame()
        let row = frame.rows.first { $0.id == .message("m1100") }
        #expect(row.map { $0.y > 0 && $0.y < frame.size.height } == true)
    }

    @Test("sending after a jump returns to the present first, then sends and pins; a send ends the selection")
    func sendReturnsToPresent() async {
        let (conversation, presenter) = await paged()
        _ = presenter.frame()
        let selected = presenter.selectPrevious()
        #expect(selected != nil)
        #expect(presenter.send { false } == false)
        #expect(presenter.selection == selected, "nothing sent: the selection stays")
        #expect(presenter.send { conversation.append(.text("now")); return true } == true)
        #expect(presenter.frame().isPinnedToBottom)
        #expect(presenter.selection == nil)

        _ = await presenter.jump(to: Fixture.date(minutes: 100))
        #expect(presenter.selectPrevious() != nil)
        var sent: [Bool] = []
        let first = presenter.send {
            conversation.append(.text("later"))
            sent.append(true)
            return true
        }
        #expect(first == nil)
        #expect(presenter.send { sent.append(false); return true } == false)  // ignored while waiting
        await waitOnMain("the send") { !sent.isEmpty }
        #expect(sent == [true])
        let frame = presenter.frame()
        #expect(frame.isShowingLatest && frame.isPinnedToBottom)
        #expect(frame.selected == nil)
        #expect(conversation.messages.last.map { $0.content == .text("later") } == true)
        #expect(conversation.messages.contains { $0.id == "m1999" })
    }

    @Test("a command the composer's handler takes is no message: the past stays, nothing is sent, the text clears")
    func commandStaysInThePast() async throws {
        let (conversation, presenter) = await paged()
        let bar = InputBar(metrics: .cells)
        presenter.inputBar = bar
        var sent: [String] = [], commands: [String] = []
        bar.onSend { sent.append($0) }
        bar.onCommand { text in
            guard text.hasPrefix("/") else { return false }
            commands.append(text)
            return true
        }
        _ = await presenter.jump(to: Fixture.date(minutes: 100))
        bar.replyTarget = ReplyQuote(id: "m1100", senderName: "Alice", summary: "hi")
        bar.text = "  /where \n"
        var performed = false
        #expect(presenter.send { performed = true; return bar.send() } == true)
        #expect(!performed && sent.isEmpty && commands == ["/where"], "trimmed, taken, not sent")
        #expect(bar.text.isEmpty && bar.replyTarget?.id == "m1100", "the text clears; the reply being written stays")
        #expect(!presenter.frame().isShowingLatest, "still in the past")
        // Blank text is no command; a message still returns to the present first.
        bar.text = "hello"
        #expect(presenter.send { bar.send() } == nil)
        await waitOnMain("the send") { !sent.isEmpty }
        #expect(sent == ["hello"] && commands == ["/where"])
        #expect(presenter.frame().isShowingLatest)
        #expect(conversation.messages.contains { $0.id == "m1999" })
    }

    // MARK: Texts

    @Test("one clock format from the locale for labels and accessible names")
    func clock() {
        var style = Fixture.cellStyle
        style.grouping.locale = Locale(identifier: "en_GB")
        let british = Grouping(style: style)
        #expect(british.timeText(Fixture.date(minutes: 31)) == "12:31")
        style.grouping.locale = Locale(identifier: "en_US")
        let american = Grouping(style: style)
        #expect(american.timeText(Fixture.date(minutes: 31)).hasSuffix("PM"))
        style.layout = .flat
        let outgoing = Message(id: "x", sender: Fixture.me, date: Fixture.date(minutes: 31), content: .text("hi"), status: .read)
        let label = ChatPresenter.accessibleLabel(for: .message(outgoing), context: RowContext(side: .outgoing, position: .single), style: style)
        #expect(label == "You, \(american.timeText(outgoing.date)): hi (read)")
    }

    @Test("delivery marks and their names live in the strings, once")
    func marks() {
        let strings = ChatStrings.english
        #expect(DeliveryStatus.allCases.map(strings.mark(for:)) == ["◷", "✓", "✓✓", "✔✔", "!"])
        // Each status has its own shape, so it reads without colour too (NO_COLOR) (#12).
        #expect(Set(DeliveryStatus.allCases.map(strings.mark(for:))).count == DeliveryStatus.allCases.count)
        #expect(strings.name(of: .failed) == "not delivered")
        var custom = strings
        custom.statusMarks[.read] = "👁"
        #expect(custom.mark(for: .read) == "👁")
        #expect(strings.typingLabel(for: []) == "")
        #expect(strings.typingLabel(for: [Fixture.alice, Fixture.bob, Fixture.me, Fixture.alice]) == "Alice Liddell, Bob and 2 others are typing…")
    }

    @Test("flat rows: the core places the time beside the name")
    func flatNameAndTime() throws {
        var style = ChatStyle.slack
        style.grouping = Fixture.rules
        let conversation = Conversation(me: Fixture.me, messages: [Fixture.message("a", minutes: 31, "hi")])
        let presenter = presenter(conversation, style: style)
        let row = try #require(presenter.frame().rows.last)
        let name = try #require(row.layout.nameLabel)
        let time = try #require(row.layout.timeLabel)
        #expect(name.width == Double("Alice Liddell".count))
        #expect(time.minX == name.maxX + presenter.style.metrics.avatarSpacing && time.minY == name.minY)
        #expect(time.width == Double(row.context!.time.count))
    }

    @Test("one style serves both units; the documented bubble colour is the one used")
    func units() {
        var style = ChatStyle.slack
        style.outgoing.bubbleColor = Color(hex: 0x34C759)
        let cells = style.adapted(to: .cells)
        #expect(cells.metrics.unitAspect == 2 && cells.metrics.bubbleInsets == .zero)
        #expect(cells.emojiFont.size == cells.bodyFont.size)
        #expect(cells.adapted(to: .points).metrics == .points)
        #expect(ChatStyle.iMessage.adapted(to: .points).metrics == ChatStyle.iMessage.metrics)
        #expect(cells.outgoing.bubbleColor == Color(hex: 0x34C759))
    }

    @Test("a custom payload sized in characters and lines fits cells and pixels alike")
    func contentUnits() {
        let cells = ContentUnits(style: Fixture.cellStyle, measurer: MonospaceMeasurer())
        #expect(Card().size(fitting: 100, in: cells) == Size(width: 10, height: 3))
        let pixels = ContentUnits(style: .light, measurer: Pixels())
        #expect(Card().size(fitting: 1000, in: pixels) == Size(width: 70, height: 3 * 17 + 2 * 7))
    }
}

/// A window source over an array whose newer pages wait, while ``holdsNewer`` is set,
/// until ``release()``: a newer page still on its way.
final class HeldNewerSource: HistoryWindowSource {
    private let inner: ArrayHistorySource
    private struct State {
        var holds = false
        var newerFetches = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    init(_ messages: [Message]) { inner = ArrayHistorySource(messages) }

    /// Whether newer pages wait for ``release()`` from now on.
    var holdsNewer: Bool {
        get { state.withLock { $0.holds } }
        set { state.withLock { $0.holds = newValue } }
    }

    /// How many newer pages were asked for while held.
    var newerFetches: Int { state.withLock { $0.newerFetches } }

    /// Lets the waiting pages go, and the next ones through.
    func release() {
        let waiting = state.withLock { state in
            state.holds = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        try await inner.page(before: cursor, limit: limit)
    }

    func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        try await inner.window(around: date, limit: limit)
    }

    func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        await withCheckedContinuation { continuation in
            let held = state.withLock { state in
                guard state.holds else { return false }
                state.newerFetches += 1
                state.waiting.append(continuation)
                return true
            }
            if !held { continuation.resume() }
        }
        return try await inner.window(after: cursor, limit: limit)
    }
}
