import Foundation
import Synchronization
import Testing
@testable import ParleyCore

/// A measurer that remembers the longest text it was asked to measure.
final class LongestTextMeasurer: TextMeasurer {
    private let inner = MonospaceMeasurer()
    private let longest = Mutex(0)

    var longestText: Int { longest.withLock { $0 } }

    func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        longest.withLock { $0 = max($0, text.utf8.count) }
        return inner.measure(text, font: font, maxWidth: maxWidth)
    }

    func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        inner.utf8Offset(at: point, in: text, font: font, maxWidth: maxWidth)
    }
}

@Suite("Hostile input: numbers, dates and sizes from outside never trap (#10)")
struct HostileNumberTests {
    static let extremes: [Double] = [1e300, -1e300, .infinity, -.infinity, .nan, 9e18, -9e18]

    @Test("a message dated anywhere (1e300, -inf, NaN) is kept, clamped to years 1–9999, and drawn", arguments: extremes)
    @MainActor
    func extremeDates(seconds: Double) {
        let conversation = Conversation(me: Fixture.me)
        conversation.append(.text("before"), from: Fixture.alice, date: Fixture.noon)
        let id = conversation.append(.text("hi"), from: Fixture.alice, date: Date(timeIntervalSince1970: seconds))
        let date = try! #require(conversation.message(id)?.date)
        #expect(Message.dateRange.contains(date))
        if seconds.isNaN { #expect(date == Message.dateRange.lowerBound) }
        if seconds > 0 && !seconds.isNaN { #expect(date == Message.dateRange.upperBound) }
        let presenter = ChatPresenter(conversation: conversation, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer())
        let frame = presenter.frame()
        #expect(frame.rows.contains { $0.id == .message(id) })
        #expect(!presenter.accessibleLabel(for: frame.rows.last!).isEmpty)
    }

    @Test("a date set later is clamped too; day numbers of any date are safe")
    func laterDates() throws {
        var message = Fixture.message("a")
        message.date = Date(timeIntervalSince1970: 1e300)
        #expect(message.date == Message.dateRange.upperBound)
        message.date = Date(timeIntervalSince1970: .nan)
        #expect(message.date == Message.dateRange.lowerBound)
        let rules = Fixture.rules
        #expect(rules.day(of: Date(timeIntervalSince1970: 1e300)) == rules.day(of: Message.dateRange.upperBound))
        #expect(rules.day(of: Date(timeIntervalSince1970: -.infinity)) == rules.day(of: Message.dateRange.lowerBound))
        #expect(rules.day(of: Date(timeIntervalSince1970: 0)) == 0)
    }

    @Test("a typing timeout of a year, infinity or NaN is held to five minutes; the row shows and expires")
    func typingTimeouts() {
        let now = Mutex(Fixture.noon)
        let conversation = Conversation(me: Fixture.me, clock: { now.withLock { $0 } })
        for timeout in [1e300, .infinity, .nan, -5] {
            conversation.setTyping(Fixture.alice, timeout: timeout)
            _ = conversation.read { $0.count }
        }
        conversation.setTyping(Fixture.bob, timeout: .infinity)
        #expect(conversation.typingSenders.map(\.id) == ["bob"])
        now.withLock { $0 = $0.addingTimeInterval(Conversation.longestTypingTimeout + 1) }
        conversation.expireTyping()
        #expect(conversation.typingSenders.isEmpty)
    }

    @Test("image sizes and frames from outside convert to cells without trapping")
    func saturating() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 1e300) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int32(saturating: 3e9) == .max && Int32(saturating: -2.5) == -2)
        #expect(UInt64(saturating: -1) == 0 && UInt64(saturating: 1e30) == .max)
        #expect(Int(saturating: 9.223372036854775e18) == 9_223_372_036_854_774_784)
        let engine = Fixture.engine()
        for size in [Size(width: 1e300, height: 1e300), Size(width: .nan, height: 4), Size(width: 1, height: 1e300)] {
            let message = Message(sender: Fixture.alice, content: .image(.file(path: "/x.png"), size: size))
            let layout = engine.layout(.message(message), context: nil, width: 60)
            #expect(layout.height.isFinite && layout.height < 100)
        }
    }

    @Test("a colour's components set to NaN, ±infinity or 1e300 stay in 0...1: hex and CSS never trap", arguments: extremes + [-0.5, 2])
    func colorComponents(value: Double) {
        for component in [\Color.red, \Color.green, \Color.blue, \Color.alpha] {
            var color = Color(hex: 0x336699)
            color[keyPath: component] = value
            let kept = color[keyPath: component]
            #expect((0...1).contains(kept))
            #expect(kept == (value.isNaN ? 0 : min(1, max(0, value))))
            _ = color.hex
            #expect(color.css.hasPrefix(color.alpha >= 1 ? "#" : "rgba("))
            #expect(!color.css.contains("nan") && !color.css.contains("inf"))
            #expect(color.luminance.isFinite)
        }
        // Each component kept at the nearest end reads as that end.
        var white = Color.black
        white.red = value
        white.green = value
        white.blue = value
        let byte: UInt32 = value.isNaN || value <= 0 ? 0 : value >= 1 ? 0xFF : UInt32((value * 255).rounded())
        #expect(white.hex == byte << 16 | byte << 8 | byte)
        #expect(Color(red: value, green: 0, blue: 0, alpha: value).alpha == (value.isNaN ? 0 : min(1, max(0, value))))
    }

    @Test("a sender's name keeps at most 256 characters, whatever its length")
    func longNames() {
        var sender = Sender(id: "x", name: String(repeating: "é", count: 100_000))
        #expect(sender.name.count == Sender.longestName)
        sender.name = String(repeating: "n", count: 5000)
        #expect(sender.name.count == Sender.longestName)
        #expect(Sender(id: "y", name: "Ada").name == "Ada")
    }
}

@Suite("Hostile input: long text is laid out in bounded time, with Show more (#10)")
struct LongTextTests {
    @Test("a word over 64 characters gets a break opportunity every 4, from its start; the message keeps its text")
    func longWord() {
        let word = String(repeating: "a", count: 200)
        let shown = DisplayText(TextContent(word))
        let pieces = shown.string.split(separator: "\u{200B}")
        #expect(pieces.count == 50 && pieces.allSatisfy { $0.count == DisplayText.longRunBreakSpacing })
        #expect(shown.string.replacingOccurrences(of: "\u{200B}", with: "") == word)
        // A run of 64 is left whole; words around a long run are left alone.
        let whole = String(repeating: "b", count: 64)
        #expect(DisplayText(TextContent(whole)).string == whole)
        let mixed = DisplayText(TextContent("see " + word + " now")).string
        #expect(mixed.hasPrefix("see aaaa\u{200B}aaaa") && mixed.hasSuffix("aaaa now"))
        #expect(!shown.isTruncated)
        // Ordinary text is passed through untouched, the same string.
        let plain = "Lunch at https://cafe.example.com/menu? 🍜 日本語のテキスト"
        #expect(DisplayText(TextContent(plain)).string == plain)
    }

    @Test("a long Thai clause is broken only every 64 characters: Pango finds Thai words itself")
    func longThai() {
        // "ภาษาไทย" (7 characters) repeated: a clause with no spaces, 210 characters.
        let clause = String(repeating: "ภาษาไทย", count: 30)
        let shown = DisplayText(TextContent(clause)).string
        let pieces = shown.split(separator: "\u{200B}", omittingEmptySubsequences: false)
        #expect(pieces.count == 4 && pieces.dropLast().allSatisfy { $0.count == DisplayText.longestUnbrokenRun })
        #expect(shown.replacingOccurrences(of: "\u{200B}", with: "") == clause)
        // Latin letters after the Thai ones in the same run are broken closely again.
        let joined = DisplayText(TextContent(String(repeating: "ไทย", count: 30) + String(repeating: "x", count: 40))).string
        let latin = joined.drop { $0 != "x" }.split(separator: "\u{200B}")
        #expect(latin.count == 11 && latin.allSatisfy { $0.count <= DisplayText.longRunBreakSpacing }, "\(latin)")
    }

    @Test("a long link keeps its detection on the shown text, breaks and all")
    func longLink() throws {
        let url = "https://example.com/" + String(repeating: "x", count: 150)
        let shown = DisplayText(TextContent("see " + url + " now"))
        let detection = try #require(shown.detections.first)
        let covered = String(shown.string.utf8[shown.string.utf8.index(shown.string.utf8.startIndex, offsetBy: detection.utf8Range.lowerBound)..<shown.string.utf8.index(shown.string.utf8.startIndex, offsetBy: detection.utf8Range.upperBound)])!
        #expect(covered.replacingOccurrences(of: "\u{200B}", with: "") == url)
        #expect(detection.target?.absoluteString == url)
    }

    @Test("a cluster keeps at most a base and 30 combining marks")
    func combiningMarks() {
        let zalgo = "e" + String(repeating: "\u{0301}", count: 300_000) + " ok"
        let shown = DisplayText(TextContent(zalgo))
        #expect(shown.string.unicodeScalars.count == DisplayText.mostScalarsPerCluster + 3)
        #expect(shown.string.hasSuffix(" ok"))
    }

    @Test("a megabyte without spaces is measured as a preview: the measurer never sees more than a screenful",
        arguments: [("x", 1 << 20), ("word ", 200_000), ("line\n", 200_000)])
    @MainActor
    func megabyte(piece: String, count: Int) throws {
        // Built here, so that the test log names the text by its piece, not its megabyte.
        let text = String(repeating: piece, count: count)
        let measurer = LongestTextMeasurer()
        let conversation = Conversation(me: Fixture.me)
        let id = conversation.append(.text(text), from: Fixture.alice)
        let presenter = ChatPresenter(
            conversation: conversation, style: Fixture.cellStyle, units: .cells, measurer: measurer,
            size: Size(width: 60, height: 20))
        let row = try #require(presenter.frame().rows.first { $0.id == .message(id) })
        let shown = try #require(row.layout.text)
        #expect(shown.isTruncated)
        #expect(shown.string.count <= TextLimit.preview.characters + TextLimit.preview.characters / DisplayText.longRunBreakSpacing + 1)
        #expect(measurer.longestText < 8 * 1024)
        #expect(row.layout.showMore?.label == "Show more" && row.layout.showMore?.isEnabled == true)
        #expect(row.layout.height < 200)
    }

    @Test("tapping Show more doubles what shows, up to the maximum, then the note says it is too long")
    @MainActor
    func showMore() throws {
        let conversation = Conversation(me: Fixture.me)
        let id = conversation.append(.text(String(repeating: "0123456789 ", count: 20_000)), from: Fixture.alice)
        let presenter = ChatPresenter(
            conversation: conversation, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 20))
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        var shownLength = 0
        var taps = 0
        while taps < 20 {
            // Scroll the row's button into view: the top of the row, then down to its end.
            presenter.scroll(to: id, at: .bottom)
            let row = try #require(presenter.frame().rows.first { $0.id == .message(id) })
            let text = try #require(row.layout.text)
            #expect(text.string.count > shownLength)
            shownLength = text.string.count
            let more = try #require(row.layout.showMore)
            guard more.isEnabled else {
                #expect(more.label == ChatStrings().textTooLong)
                // The note is part of the bubble now: a tap there is a tap on the bubble.
                #expect(presenter.tap(at: Point(x: more.frame.midX, y: row.y + more.frame.midY)) == .tapBubble(id))
                break
            }
            #expect(presenter.tap(at: Point(x: more.frame.midX, y: row.y + more.frame.midY)) == .tapShowMore(id))
            taps += 1
        }
        #expect(taps == 6)  // 1,500 characters doubled six times passes 64,000 (the cap)
        #expect(shownLength >= TextLimit.maximum.characters)
        #expect(events.filter { $0 == .tapShowMore(id) }.count == 6)
        #expect(presenter.layoutEngine.textLimit(of: id).isMaximum)
    }
}
