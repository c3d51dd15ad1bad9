import Foundation
import ParleyCore
import Testing

@testable import ParleyDemoKit

@Suite("Demo commands: /jump and the bot's words")
struct DemoCommandTests {
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test("/jump takes a real day, returns to now alone, and says what is not a date")
    func jump() throws {
        let calendar = Self.calendar
        #expect(JumpCommand.parse("/jump", calendar: calendar) == .latest)
        #expect(JumpCommand.parse("  /jump  ", calendar: calendar) == .latest)
        // A draft of several lines that begins with /jump is a message, not a command.
        #expect(JumpCommand.parse("/jump 2026-11-20\nsee you there", calendar: calendar) == nil)
        #expect(JumpCommand.parse("/jump\nto it", calendar: calendar) == nil)
        let day = try #require(calendar.date(from: DateComponents(year: 2026, month: 2, day: 28)))
        #expect(JumpCommand.parse("/jump 2026-02-28", calendar: calendar) == .date(day))
        // Lenient calendars roll these over (the 45th of a 13th month is in February).
        for odd in ["2026-13-45", "2026-02-30", "2026-00-10", "2026-1", "yesterday", "2026--1-3", "-5-1-1"] {
            #expect(JumpCommand.parse("/jump \(odd)", calendar: calendar) == .invalid(odd), "\(odd)")
        }
        #expect(JumpCommand.parse("/jump 2026-02-28 noon", calendar: calendar) == .invalid("2026-02-28 noon"))
        #expect(JumpCommand.parse("/jumping jacks", calendar: calendar) == nil, "another word is a message")
        #expect(JumpCommand.parse("let's /jump", calendar: calendar) == nil)
        #expect(JumpCommand.notice(for: "2026-13-45").contains("“2026-13-45” is not a date"))
        #expect(!JumpCommand.notice(for: "\u{1B}[2J").contains("\u{1B}"), "shown inert")
    }

    @Test("the bot greets and helps on whole words only")
    @MainActor
    func botWords() {
        let bot = DemoBot(conversation: Conversation(me: DemoCast.me), pace: 0, helpText: "HELP")
        for greeting in ["hi", "Hi!", "hello there", "hey, you"] {
            #expect(bot.reply(to: greeting).hasPrefix("Hello! I'm the Parley bot"), "\(greeting)")
        }
        #expect(bot.reply(to: "help") == "HELP" && bot.reply(to: " Help me") == "HELP")
        for word in ["hiking tomorrow?", "helpful", "heyday", "history"] {
            #expect(bot.reply(to: word).hasPrefix("You said"), "\(word)")
        }
    }

    @Test("/jump carried out: a day, the present, and a notice for a day past the newest, a history that cannot jump, no date")
    @MainActor
    func perform() async throws {
        let me = Sender(id: "me", name: "Me")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let history = (0..<300).map { Message(id: MessageID("m\($0)"), sender: me, date: start.addingTimeInterval(Double($0) * 3_600), content: .text("hour \($0)")) }
        func makePresenter(jumps: Bool) async -> ChatPresenter {
            let chat = Conversation(me: me)
            let presenter = ChatPresenter(conversation: chat, style: .light, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 20))
            let source: any HistorySource = jumps ? ArrayHistorySource(history) : ForwardOnly(messages: history)
            presenter.pager = HistoryPager(conversation: chat, source: source, pageSize: 20)
            _ = await presenter.pager?.loadEarlier()
            return presenter
        }
        let presenter = await makePresenter(jumps: true)
        let perform = { (request: JumpCommand.Request) in
            await JumpCommand.perform(request, on: presenter, jump: { await presenter.jump(to: $0) }, latest: { await presenter.returnToLatest() })
        }
        await perform(.date(start.addingTimeInterval(50 * 3_600)))
        #expect(presenter.frame().jumpedTo == "m50" && presenter.notice == nil, "a day with messages: no notice")
        // Before the first message: the first day shows, and the notice says from when.
        let early = start.addingTimeInterval(-30 * 86_400)
        await perform(.date(early))
        #expect(presenter.frame().jumpedTo == "m0")
        #expect(presenter.notice == JumpCommand.laterNotice(from: early, shown: start), "\(presenter.notice ?? "none")")
        await perform(.latest)
        #expect(presenter.frame().isShowingLatest)
        let future = start.addingTimeInterval(1_000 * 3_600)
        await perform(.date(future))
        #expect(presenter.notice == JumpCommand.nothingNotice(from: future), "\(presenter.notice ?? "none")")
        #expect(presenter.frame().isShowingLatest, "the newest messages stay")
        await perform(.invalid("2026-02-30"))
        #expect(presenter.notice == JumpCommand.notice(for: "2026-02-30"))
        let forward = await makePresenter(jumps: false)
        await JumpCommand.perform(.date(start), on: forward, jump: { await forward.jump(to: $0) }, latest: { await forward.returnToLatest() })
        #expect(forward.notice == JumpCommand.cannotJumpNotice)
    }

    /// A history that pages back but cannot open at a date.
    struct ForwardOnly: HistorySource {
        let messages: [Message]
        func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
            try await ArrayHistorySource(messages).page(before: cursor, limit: limit)
        }
    }
}
