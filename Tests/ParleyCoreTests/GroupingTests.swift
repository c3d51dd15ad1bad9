import Foundation
import Testing
@testable import ParleyCore

@Suite("Grouping")
struct GroupingTests {
    @Test("optional contexts compare as values: none, one, equal, different")
    func optionalContexts() {
        let some: RowContext? = RowContext(side: .incoming, position: .first, time: "9:41")
        var other = some
        other?.time = "9:42"
        let none: RowContext? = nil
        #expect(none == nil && none == Optional<RowContext>.none)
        #expect(!(none == some) && !(some == none))
        #expect(some == RowContext(side: .incoming, position: .first, time: "9:41"))
        #expect(!(some == other) && other == other)
    }

    private func contexts(_ messages: [Message], style: ChatStyle = Fixture.cellStyle) -> [RowContext] {
        let chat = Conversation(me: Fixture.me, messages: messages)
        let grouping = Grouping(style: style)
        return chat.read { rows in (0..<rows.count).compactMap { grouping.context(at: $0, in: rows) } }
    }

    @Test("consecutive messages of one sender within the window form a group")
    func positions() {
        let result = contexts([
            Fixture.message("1", minutes: 0), Fixture.message("2", minutes: 1), Fixture.message("3", minutes: 2),
            Fixture.message("4", from: Fixture.me, minutes: 3),
            Fixture.message("5", minutes: 4), Fixture.message("6", minutes: 4 + 6),  // beyond the 5 min window
        ])
        #expect(result.map(\.position) == [.first, .middle, .last, .single, .single, .single])
        #expect(result.map(\.side) == [.incoming, .incoming, .incoming, .outgoing, .incoming, .incoming])
    }

    @Test("the window is configurable")
    func window() {
        var style = Fixture.cellStyle
        style.grouping.window = 60 * 60
        let result = contexts([Fixture.message("1", minutes: 0), Fixture.message("2", minutes: 50)], style: style)
        #expect(result.map(\.position) == [.first, .last])
    }

    @Test("day separators and time labels break groups")
    func labels() {
        let result = contexts([
            Fixture.message("1", minutes: -24 * 60),  // yesterday
            Fixture.message("2", minutes: 0),  // today: day separator
            Fixture.message("3", minutes: 2),
            Fixture.message("4", minutes: 2 + 61),  // an hour's silence: time label
            Fixture.message("5", minutes: 64),
        ])
        #expect(result.map(\.topLabel) == ["Yesterday", "Today", nil, "13:03", nil])
        #expect(result.map(\.position) == [.single, .first, .last, .first, .last])
    }

    @Test("older days read as weekdays, then as dates")
    func dayNames() {
        let result = contexts([Fixture.message("1", minutes: -20 * 24 * 60), Fixture.message("2", minutes: -3 * 24 * 60)])
        #expect(result.map(\.topLabel) == ["Wed, 18 Feb 2026", "Saturday"])
    }

    @Test("notices stand alone and split the groups around them")
    func notices() {
        let notice = Message(id: "n", sender: Fixture.alice, date: Fixture.date(minutes: 1), content: .system("Alice joined"))
        let result = contexts([Fixture.message("1"), notice, Fixture.message("2", minutes: 2)])
        #expect(result.map(\.position) == [.single, .single, .single])
        #expect(result[1].showsAvatar == false && result[1].showsName == false)
    }

    @Test("avatar placement follows the group position", arguments: [
        (AvatarPlacement.groupStart, [true, false, false]),
        (.groupEnd, [false, false, true]),
        (.everyMessage, [true, true, true]),
        (.hidden, [false, false, false]),
    ])
    func avatars(placement: AvatarPlacement, expected: [Bool]) {
        var style = Fixture.cellStyle
        style.avatarPlacement = placement
        let result = contexts((0..<3).map { Fixture.message("\($0)", minutes: Double($0)) }, style: style)
        #expect(result.map(\.showsAvatar) == expected)
    }

    @Test("names label incoming groups only; own avatars only when asked")
    func namesAndOwnAvatar() {
        var style = Fixture.cellStyle
        let messages = [
            Fixture.message("1"), Fixture.message("2", minutes: 1),
            Fixture.message("3", from: Fixture.me, minutes: 2),
        ]
        #expect(contexts(messages, style: style).map(\.showsName) == [true, false, false])
        #expect(contexts(messages, style: style).map(\.showsAvatar) == [false, true, false])
        style.showsOutgoingAvatar = true
        #expect(contexts(messages, style: style).map(\.showsAvatar) == [false, true, true])
        style.showsIncomingNames = false
        #expect(contexts(messages, style: style).map(\.showsName) == [false, false, false])
    }

    @Test("flat rows name every group, the local user's too, with the time")
    func flat() {
        var style = ChatStyle.slack
        style.grouping = Fixture.rules
        let result = contexts([Fixture.message("1"), Fixture.message("2", from: Fixture.me, minutes: 1)], style: style)
        #expect(result.map(\.showsName) == [true, true])
        #expect(result.map(\.time) == ["12:00", "12:01"])
    }

    @Test("a failed message gets a label under it; an edited one does not (its mark is in its bubble) (#12)")
    func bottomLabels() {
        var failed = Fixture.message("1", from: Fixture.me)
        failed.status = .failed
        var edited = Fixture.message("2", minutes: 1)
        edited.isEdited = true
        #expect(contexts([failed, edited]).map(\.bottomLabel) == ["Not delivered · Tap to retry", nil])
    }

    @Test("a change recomputes only its neighbours' contexts")
    func neighboursOnly() throws {
        let messages = (0..<10).map { Fixture.message("\($0)", minutes: Double($0)) }
        let chat = Conversation(me: Fixture.me, messages: messages)
        let grouping = Grouping(style: Fixture.cellStyle)
        let before = chat.read { rows in (0..<rows.count).map { grouping.context(at: $0, in: rows)! } }
        try chat.update("5") { $0.sender = Fixture.bob }
        let after = chat.read { rows in (0..<rows.count).map { grouping.context(at: $0, in: rows)! } }
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [4, 5, 6])
    }

    @Test("a layout engine readies its date formatters in the background after a second, for each style; labels read the same (#15)")
    func formattersReady() async throws {
        var style = Fixture.cellStyle
        style.grouping.locale = Locale(identifier: "en_US")
        let fresh = Grouping(style: style)
        #expect(!fresh.isPrepared)
        let engine = LayoutEngine(style: style, measurer: MonospaceMeasurer())
        for _ in 0..<1_000 where !engine.grouping.isPrepared { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(engine.grouping.isPrepared)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(engine.grouping.timeText(date) == fresh.timeText(date))
        #expect(engine.grouping.dayText(date) == fresh.dayText(date))
        style.grouping.locale = Locale(identifier: "en_GB")
        engine.style = style
        #expect(engine.grouping.timeText(date) != fresh.timeText(date))
        for _ in 0..<1_000 where !engine.grouping.isPrepared { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(engine.grouping.isPrepared)
    }
    @Test("time and day labels remembered by minute and day read as a fresh formatter's, across zones and DST (#15)",
        arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "America/New_York", "America/Mexico_City", "Europe/Moscow"])
    func rememberedLabels(zone: String) throws {
        var style = Fixture.cellStyle
        style.grouping.locale = Locale(identifier: "en_US")
        style.grouping.timeZone = try #require(TimeZone(identifier: zone))
        let now = Date(timeIntervalSince1970: 1_711_900_000)  // 31 March 2024, Berlin's DST began that morning
        style.grouping.now = { now }
        let shared = Grouping(style: style)
        // Seconds apart within one minute, minutes apart, across the DST change, days and
        // weeks back, one UTC minute on many days, and two dates of one UTC minute that New York's clock of 1850 (4 h
        // 56 min 2 s behind) shows in two minutes.
        var dates: [Date] = []
        for offset in stride(from: -40 * 86_400.0, through: 3_600, by: 3_307) { dates.append(now.addingTimeInterval(offset)) }
        // One time of day on many days, and one UTC time on both sides of the DST change
        // (a time label is remembered by its minute of the wall clock's day).
        for day in 0..<45 { dates.append(now.addingTimeInterval(-86_400 * Double(day))) }
        for day in 0..<45 { dates.append(now.addingTimeInterval(-86_400 * Double(day) - 1_800)) }
        for second in [0.0, 1, 29.5, 59, 59.9, 60, 61] { dates.append(Date(timeIntervalSince1970: 1_711_846_800 + second)) }
        // Zones without daylight saving time now that kept it until a few years ago
        // (Mexico City until 2022, Moscow all year in 2011-14): one UTC time then and now,
        // and a day's first half hour then, whose clock was an hour ahead of today's.
        for date in ["2022-06-01T18:00:00Z", "2024-03-01T18:00:00Z", "2022-06-01T12:00:00Z", "2022-06-02T05:30:00Z",
                     "2013-07-01T12:00:00Z", "2024-03-02T12:00:00Z", "2013-07-01T20:30:00Z"] {
            dates.append(try #require(ISO8601DateFormatter().date(from: date)))
        }
        dates.append(Date(timeIntervalSince1970: -3_786_782_400 + 1))
        dates.append(Date(timeIntervalSince1970: -3_786_782_400 + 3))
        for date in dates + dates.reversed() {
            let fresh = Grouping(style: style)
            #expect(shared.timeText(date) == fresh.timeText(date), "\(date) in \(zone)")
            #expect(shared.dayText(date) == fresh.dayText(date), "\(date) in \(zone)")
        }
    }

    @Test("time labels made ready for every minute of the day read as a fresh formatter's, on any day, across zones and DST (#15)",
        arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "America/New_York"])
    func preparedMinutes(zone: String) throws {
        var style = Fixture.cellStyle
        style.grouping.locale = Locale(identifier: "en_US")
        style.grouping.timeZone = try #require(TimeZone(identifier: zone))
        let prepared = Grouping(style: style)
        #expect(prepared.rememberedMinutes == 0)
        prepared.prepare()
        #expect(prepared.rememberedMinutes == 1_440)
        let formatter = DateFormatter()
        formatter.locale = style.grouping.locale
        formatter.timeZone = style.grouping.timeZone
        formatter.setLocalizedDateFormatFromTemplate("jmm")
        // Every 7 minutes over 60 days around two clock changes (Berlin's and New York's in
        // March 2024; Lord Howe moves by half an hour), so every minute of the day is met
        // on days of both offsets, and on the days of the changes themselves.
        let start = Date(timeIntervalSince1970: 1_708_300_000)
        for step in 0..<(60 * 1_440 / 7) {
            let date = start.addingTimeInterval(Double(step) * 7 * 60 + 13)
            #expect(prepared.timeText(date) == formatter.string(from: date), "\(date) in \(zone)")
        }
    }
}
