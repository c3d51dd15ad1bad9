import Foundation
import Testing
@testable import ParleyCore

/// A history source whose answers tests script: pages to serve, failures, duplicates.
actor ScriptedSource: HistorySource {
    enum Step {
        case serve(ArrayHistorySource)
        case fail(String)
        case page(HistoryPage)
    }

    private var steps: [Step]
    private(set) var calls: [HistoryCursor?] = []
    private var gate: CheckedContinuation<Void, Never>?
    private var held = false

    init(_ steps: [Step]) { self.steps = steps }

    /// Makes the next fetch wait until ``release()``.
    func hold() { held = true }
    func release() {
        held = false
        gate?.resume()
        gate = nil
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    nonisolated func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        try await next(cursor, limit)
    }

    private func next(_ cursor: HistoryCursor?, _ limit: Int) async throws -> HistoryPage {
        calls.append(cursor)
        if held { await withCheckedContinuation { gate = $0 } }
        let step = steps.count > 1 ? steps.removeFirst() : steps[0]
        switch step {
        case .serve(let source): return try await source.page(before: cursor, limit: limit)
        case .fail(let reason): throw Failure(description: reason)
        case .page(let page): return page
        }
    }
}

/// Waits until `condition` holds, polling; records an issue after `seconds` instead of hanging.
///
/// The limit is generous on purpose: on a 2-core machine the other suites' process and pty
/// tests can hold both cooperative threads for a long time (a CI run saw a fetch task wait
/// more than 30 s to start while they ran). A passing wait returns as soon as the
/// condition holds.
func waitUntil(
    _ what: String, seconds: Double = 180, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    let deadline = Date().addingTimeInterval(seconds)
    while !(await condition()) {
        if Date() > deadline {
            Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

@Suite("History pager")
struct HistoryPagerTests {
    let history = sampleMessages(120, prefix: "h", startMinutes: -500)

    @Test("manual paging loads pages oldest-last until the source is exhausted")
    func manual() async {
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(5))
        let pager = HistoryPager(conversation: chat, source: ArrayHistorySource(history), pageSize: 50, mode: .manual)
        #expect(chat.historyIndicator == .loadEarlier)
        let first = await pager.loadEarlier()
        #expect(first == .loaded(history[70...].map(\.id)))
        #expect(chat.messages.first?.id == "h70")
        #expect(chat.historyIndicator == .loadEarlier)
        _ = await pager.loadEarlier()
        let last = await pager.loadEarlier()
        #expect(last == .loaded(history[0..<20].map(\.id)))
        #expect(pager.state == .exhausted)
        #expect(chat.historyIndicator == .hidden)
        #expect(await pager.loadEarlier() == .exhausted)
        #expect(chat.messages.map(\.id) == (history + sampleMessages(5)).map(\.id))
    }

    @Test("an empty conversation opens with the newest page")
    func opensNewest() async {
        let chat = Conversation(me: Fixture.me)
        let pager = HistoryPager(conversation: chat, source: ArrayHistorySource(history), pageSize: 30)
        _ = await pager.loadEarlier()
        #expect(chat.messages.map(\.id) == history.suffix(30).map(\.id))
    }

    @Test("one fetch at a time, with a loading row while it runs")
    func oneAtATime() async {
        let source = ScriptedSource([.serve(ArrayHistorySource(history))])
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(3))
        let pager = HistoryPager(conversation: chat, source: source, pageSize: 10)
        await source.hold()
        async let first = pager.loadEarlier()
        await waitUntil("the fetch to start") { await !source.calls.isEmpty }
        #expect(chat.historyIndicator == .loading)
        #expect(chat.read { $0.id(at: 0) } == .history)
        pager.loadIfNeeded()
        async let second = pager.loadEarlier()
        // Give the second call time to join the fetch in flight before it ends (a wait,
        // not a timing assertion: a slow machine only waits longer).
        try? await Task.sleep(for: .milliseconds(100))
        await source.release()
        let (a, b) = await (first, second)
        #expect(a == b)
        #expect(await source.calls.count == 1)
        #expect(chat.historyIndicator == .hidden)
    }

    @Test("a failure shows a retry row, changes nothing, and retry recovers")
    func failureAndRetry() async {
        let source = ScriptedSource([.fail("offline"), .serve(ArrayHistorySource(history))])
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(3))
        let pager = HistoryPager(conversation: chat, source: source, pageSize: 10)
        let before = chat.messages.map(\.id)
        #expect(await pager.loadEarlier() == .failed("offline"))
        #expect(chat.historyIndicator == .failed("offline"))
        #expect(chat.messages.map(\.id) == before)
        pager.loadIfNeeded()  // automatic loading waits for an explicit retry
        #expect(pager.state == .failed("offline"))
        let retried = await pager.retry()
        #expect(retried == .loaded(history.suffix(10).map(\.id)))
        #expect(chat.count == 13)
        #expect(chat.historyIndicator == .hidden)
    }

    @Test("duplicates are dropped and out-of-order pages merged by date")
    func duplicatesAndDisorder() async {
        let current = sampleMessages(4)
        var scrambled = Array(history.suffix(6).reversed())
        scrambled.append(current[1])  // already present
        scrambled.append(scrambled[0])  // twice in the page
        var late = Fixture.message("late", minutes: 0.15, "out of order")  // between m1 and m2
        late.sender = Fixture.bob
        scrambled.append(late)
        let source = ScriptedSource([.page(HistoryPage(messages: scrambled, hasMore: true))])
        let chat = Conversation(me: Fixture.me, messages: current)
        let pager = HistoryPager(conversation: chat, source: source, pageSize: 10)
        _ = await pager.loadEarlier()
        let ids = chat.messages.map(\.id)
        #expect(ids == history.suffix(6).map(\.id) + ["m0", "m1", "late", "m2", "m3"])
        #expect(Set(ids).count == ids.count)
    }

    @Test("a page of nothing new ends paging instead of asking forever")
    func noProgress() async {
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(3))
        let source = ScriptedSource([.page(HistoryPage(messages: sampleMessages(3), hasMore: true))])
        let pager = HistoryPager(conversation: chat, source: source)
        #expect(await pager.loadEarlier() == .exhausted)
        #expect(pager.state == .exhausted)
    }

    @Test("the viewport prefetches near the top and prepended pages move nothing")
    func prefetchFromViewport() async throws {
        let source = ScriptedSource([.serve(ArrayHistorySource(history))])
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(30))
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        view.pager = HistoryPager(conversation: chat, source: source, pageSize: 20)
        view.prefetchDistance = 50
        view.settle()
        #expect(await source.calls.isEmpty)  // far from the top
        view.scroll(by: -60)
        let before = view.placed
        await waitUntil("the prefetched page") { chat.count == 50 && view.pager?.state != .loading }
        #expect(chat.count == 50)
        #expect(view.placed == before)
    }

    @Test("after a page lands near the top, prefetchIfNeeded asks for the next one")
    func keepsFilling() async {
        let chat = Conversation(me: Fixture.me)
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        let pager = HistoryPager(conversation: chat, source: ArrayHistorySource(history), pageSize: 5)
        view.pager = pager
        view.prefetchIfNeeded()
        await waitUntil("the first page") { chat.count == 5 && pager.state != .loading }
        // Five short messages do not fill two screens: the next call keeps loading.
        view.prefetchIfNeeded()
        await waitUntil("the second page") { chat.count == 10 && pager.state != .loading }
        #expect(chat.count == 10)
    }

    @Test("scrolled to the very top, the loading row shows and the page lands above the view")
    func loadingRowAtTop() async {
        let source = ScriptedSource([.serve(ArrayHistorySource(history))])
        let chat = Conversation(me: Fixture.me, messages: sampleMessages(30))
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(), size: Size(width: 40, height: 20))
        let pager = HistoryPager(conversation: chat, source: source, pageSize: 20)
        await source.hold()
        view.pager = pager
        view.scrollToTop()
        await waitUntil("the loading row") { chat.historyIndicator == .loading }
        view.settle()
        #expect(view.visibleRows().first?.id == .history)
        let firstMessage = view.visibleRows()[1]
        await source.release()
        await waitUntil("the page") { pager.state != .loading }
        let after = view.visibleRows().first { $0.id == firstMessage.id }
        #expect(after?.y == firstMessage.y)
    }
}
