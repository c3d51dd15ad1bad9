import Foundation
import Testing
@testable import ParleyCore

@Suite("Jump to date: windows of history (#5)")
struct JumpTests {
    /// 1000 messages a minute apart, from noon on.
    static let history = (0..<1000).map { Fixture.message("m\(1000 + $0)", minutes: Double($0), "message \($0)") }

    func pager(_ conversation: Conversation, pageSize: Int = 50) -> HistoryPager {
        HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: pageSize)
    }

    @Test("an array source gives the window around a date, anchored on the first message at or after it")
    func window() async throws {
        let source = ArrayHistorySource(Self.history)
        let window = try await source.window(around: Fixture.date(minutes: 500.5), limit: 40)
        #expect(window.messages.count == 40)
        #expect(window.anchor == "m1501")
        #expect(window.messages.first?.id == "m1481" && window.messages.last?.id == "m1520")
        #expect(window.hasOlder && window.hasNewer)
        let start = try await source.window(around: Fixture.date(minutes: -100), limit: 40)
        #expect(start.messages.first?.id == "m1000" && !start.hasOlder && start.anchor == "m1000")
        let after = try await source.window(after: HistoryCursor(before: Self.history[997]), limit: 40)
        #expect(after.messages.map(\.id) == ["m1998", "m1999"] && !after.hasNewer)
    }

    @Test("windows of any size, up to Int.max, never overflow: they hold what there is")
    func hugeLimits() async throws {
        let source = ArrayHistorySource(Self.history)
        for limit in [Int.max, Int.max - 1, Int.max / 2 + 1, 0, -1, Int.min] {
            let around = try await source.window(around: Fixture.date(minutes: 500.5), limit: limit)
            #expect(around.messages.count == (limit > 1 ? 1000 : 1), "limit \(limit)")
            let cursor = HistoryCursor(before: Self.history[10])
            let after = try await source.window(after: cursor, limit: limit)
            #expect(after.messages.first?.id == Self.history[11].id, "limit \(limit)")
            #expect(after.messages.count == (limit > 1 ? 989 : 1), "limit \(limit)")
            #expect(after.hasNewer == (limit <= 1), "limit \(limit)")
        }
    }

    @Test("a jump replaces the loaded messages with the window, flagged so that mirrors skip it")
    func jumpReplaces() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation)
        await pager.loadEarlier()
        #expect(conversation.messages.last?.id == "m1999")
        let changes = Changes(conversation)
        let anchor = await pager.jump(to: Fixture.date(minutes: 200))
        #expect(anchor == "m1200")
        #expect(conversation.messages.contains { $0.id == "m1200" })
        #expect(!conversation.messages.contains { $0.id == "m1999" })
        #expect(!pager.isShowingLatest)
        let moves = changes.all.filter(\.isWindowMove)
        #expect(moves.count == 1 && moves[0].removed.count == 50 && !moves[0].animated)
        // Older pages still come from the window's top.
        await pager.loadEarlier()
        #expect(conversation.messages.first.map { $0.id < "m1150" } == true)
    }

    @Test("where a jump went stays known while the past shows, through newer pages, and is gone in the present")
    @MainActor
    func jumpedTo() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation, pageSize: 100)
        let presenter = ChatPresenter(
            conversation: conversation, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 20))
        presenter.pager = pager
        await pager.loadEarlier()
        #expect(pager.jumpedTo == nil && presenter.frame().jumpedTo == nil)
        #expect(await presenter.jump(to: Fixture.date(minutes: 700)) == "m1700")
        #expect(pager.jumpedTo == "m1700" && presenter.frame().jumpedTo == "m1700")
        #expect(presenter.jumpedTo == "m1700" && !presenter.isShowingLatest && presenter.jumpCount == 1)
        await pager.loadNewer()
        #expect(!pager.isShowingLatest && pager.jumpedTo == "m1700", "a newer page is no new jump")
        #expect(await presenter.jump(to: Fixture.date(minutes: 300)) == "m1300")
        #expect(presenter.frame().jumpedTo == "m1300")
        await presenter.returnToLatest()
        #expect(pager.jumpedTo == nil && presenter.frame().jumpedTo == nil)
        #expect(presenter.jumpedTo == nil && presenter.isShowingLatest && presenter.jumpCount == 2)
        // Paging forward into the present ends it too.
        _ = await pager.jump(to: Fixture.date(minutes: 500))
        #expect(pager.jumpedTo == "m1500")
        while !pager.isShowingLatest { await pager.loadNewer() }
        #expect(pager.jumpedTo == nil)
    }

    @Test("after a jump, newer pages follow until the present; the bottom does not pin before")
    func newerPages() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation, pageSize: 100)
        let viewport = Viewport(conversation: conversation, layoutEngine: Fixture.engine(), size: Size(width: 60, height: 20))
        viewport.pager = pager
        _ = await pager.jump(to: Fixture.date(minutes: 700))
        viewport.scroll(to: .message("m1700"), at: .top)
        var rounds = 0
        while !pager.isShowingLatest, rounds < 50 {
            viewport.scroll(by: 10_000)
            #expect(!viewport.isPinnedToBottom || pager.isShowingLatest)
            await pager.loadNewer()
            rounds += 1
        }
        #expect(pager.isShowingLatest)
        #expect(conversation.messages.last?.id == "m1999")
        let ids = conversation.messages.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "no gaps out of order, no duplicates")
        viewport.scroll(by: 10_000)
        #expect(viewport.isPinnedToBottom)
    }

    @Test("a message arriving during a jump does not make newer pages skip the days between")
    func liveArrivalDuringJump() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation, pageSize: 100)
        _ = await pager.jump(to: Fixture.date(minutes: 100))
        try conversation.append(Fixture.message("live", minutes: 5_000, "arrived while away"))
        while !pager.isShowingLatest { await pager.loadNewer() }
        let ids = conversation.messages.map(\.id)
        let expected = Self.history.map(\.id).filter { $0 >= ids[0] } + ["live"]
        #expect(ids == expected)
    }

    @Test("after a jump, only messages that arrive count as unread")
    func unreadAfterJump() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation)
        await pager.loadEarlier()
        let viewport = Viewport(conversation: conversation, layoutEngine: Fixture.engine(), size: Size(width: 60, height: 20))
        viewport.pager = pager
        _ = viewport.visibleRows()
        _ = await pager.jump(to: Fixture.date(minutes: 100))
        viewport.scroll(to: .message("m1100"), at: .top)
        #expect(viewport.unreadCount() == 0)
        try conversation.append(Fixture.message("live", minutes: 5_000, "hello from now"))
        #expect(viewport.unreadCount() == 1)
    }

    @Test("returning to the present shows the newest page again")
    func returnToLatest() async throws {
        let conversation = Conversation(me: Fixture.me)
        let pager = pager(conversation)
        _ = await pager.jump(to: Fixture.date(minutes: 10))
        #expect(conversation.messages.last?.id != "m1999")
        await pager.returnToLatest()
        #expect(conversation.messages.last?.id == "m1999" && pager.isShowingLatest)
    }

    @Test("a source that cannot jump says so")
    func cannotJump() async {
        struct Plain: HistorySource {
            func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage { HistoryPage(messages: [], hasMore: false) }
        }
        let pager = HistoryPager(conversation: Conversation(me: Fixture.me), source: Plain())
        #expect(!pager.canJump)
        #expect(await pager.jump(to: Date()) == nil)
    }
}

/// Records a conversation's change sets.
final class Changes: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [ChangeSet] = []
    private var observation: Observation?
    init(_ conversation: Conversation) {
        observation = conversation.observe { [weak self] change in
            guard let self else { return }
            self.lock.withLock { self.sets.append(change) }
        }
    }
    var all: [ChangeSet] { lock.withLock { sets } }
}
