import Foundation
import Testing
@testable import ParleyCore

struct Poll: CustomPayload, Equatable {
    static let kind = "poll"
    var question: String
    var summary: String { "Poll: \(question)" }
    func size(fitting width: Double, in units: ContentUnits) -> Size {
        Size(width: min(width, 12), height: 4)
    }
}

@Suite("Layout engine")
struct LayoutTests {
    /// Lays out `messages` in a fresh conversation at `width`, one layout per row.
    private func layouts(
        _ messages: [Message], width: Double = 40, engine: LayoutEngine = Fixture.engine()
    ) -> [RowLayout] {
        let chat = Conversation(me: Fixture.me, messages: messages)
        return chat.read { rows in (0..<rows.count).map { engine.layout(at: $0, in: rows, width: width) } }
    }

    @Test("incoming and outgoing bubbles get the documented frames (cells)")
    func frames() {
        let result = layouts([
            Fixture.message("1", "hello"),
            Fixture.message("2", from: Fixture.me, minutes: 1, "hi there"),
        ])
        let incoming = result[0]
        #expect(incoming.topLabel == Rect(x: 1, y: 1, width: 38, height: 1))
        #expect(incoming.nameLabel == Rect(x: 7, y: 2, width: 13, height: 1))
        #expect(incoming.bubble == Rect(x: 6, y: 3, width: 9, height: 3))
        #expect(incoming.content == Rect(x: 8, y: 4, width: 5, height: 1))
        #expect(incoming.avatar == Rect(x: 1, y: 5, width: 4, height: 1))
        #expect(incoming.status == nil)
        #expect(incoming.height == 6)

        let outgoing = result[1]
        #expect(outgoing.topLabel == nil && outgoing.nameLabel == nil && outgoing.avatar == nil)
        #expect(outgoing.bubble == Rect(x: 27, y: 1, width: 12, height: 3))
        #expect(outgoing.content == Rect(x: 29, y: 2, width: 8, height: 1))
        #expect(outgoing.status == Rect(x: 24, y: 3, width: 3, height: 1))
        #expect(outgoing.height == 4)
    }

    @Test("text wraps inside the widest bubble the style allows")
    func wrapping() {
        let text = String(repeating: "word ", count: 20)
        let layout = layouts([Fixture.message("1", text)])[0]
        // 33 columns available beside the avatar, 70% of that is 23, minus 4 of padding.
        #expect(layout.wrapWidth == 19)
        #expect(layout.content?.width == 19)
        #expect(layout.content?.height == 6)  // 20 words of 4 letters, 4 words a line, wrapped at 19
    }

    @Test("a megabyte without spaces shows its first 1,500 characters in lines, and Show more (#10)")
    func megabyte() {
        let huge = String(repeating: "x", count: 1 << 20)
        let layout = layouts([Fixture.message("1", huge)])[0]
        #expect(layout.content?.height == Double((TextLimit.preview.characters + 18) / 19))
        #expect(layout.showMore?.label == "Show more")
        #expect(layout.showMore.map { $0.frame.minY == layout.content!.maxY } == true)
    }

    @Test("empty and blank texts still get a one-line bubble")
    func blank() {
        for text in ["", "   "] {
            let layout = layouts([Fixture.message("1", text)])[0]
            #expect(layout.bubble?.height == 3)
            #expect((layout.bubble?.width ?? 0) >= ChatMetrics.cells.minBubbleWidth)
        }
    }

    @Test("stacked bubbles tighten the corners where they touch")
    func stackedCorners() {
        let shape = BubbleShape.stacked(radius: 16, joined: 4)
        #expect(shape.corners(for: .single, side: .incoming) == CornerRadii(all: 16))
        #expect(shape.corners(for: .first, side: .incoming)
            == CornerRadii(topLeft: 16, topRight: 16, bottomRight: 16, bottomLeft: 4))
        #expect(shape.corners(for: .middle, side: .outgoing)
            == CornerRadii(topLeft: 16, topRight: 4, bottomRight: 4, bottomLeft: 16))
        #expect(shape.corners(for: .last, side: .outgoing)
            == CornerRadii(topLeft: 16, topRight: 4, bottomRight: 16, bottomLeft: 16))
        let tail = BubbleShape.roundedWithTail(radius: 18)
        #expect(tail.hasTail(for: .last) && tail.hasTail(for: .single) && !tail.hasTail(for: .first))
        #expect(tail.corners(for: .last, side: .incoming).bottomLeft == 0)
    }

    @Test("group position picks primary and secondary shapes")
    func groupShapes() {
        var style = Fixture.cellStyle
        style.bubbles.primary = .roundedWithTail(radius: 1)
        style.bubbles.secondary = .rounded(radius: 1)
        let result = layouts(
            [Fixture.message("1"), Fixture.message("2", minutes: 1)], engine: Fixture.engine(style))
        #expect(result.map(\.shape) == [.roundedWithTail(radius: 1), .rounded(radius: 1)])
        #expect(result.map(\.hasTail) == [false, false])  // first of group: tail only on the last
    }

    /// In cells a unit is twice as tall as wide, so a pixel hint's height is halved.
    @Test("images fit the box keeping their aspect; huge or broken hints stay bounded", arguments: [
        (Size(width: 3000, height: 2000), Size(width: 23, height: 7)),
        (Size(width: 30000, height: 30000), Size(width: 23, height: 11)),
        (Size(width: 10, height: 4), Size(width: 10, height: 2)),
        (Size(width: 0, height: 0), Size(width: 23, height: 6)),
        (Size(width: .nan, height: 5), Size(width: 23, height: 6)),
    ])
    func images(hint: Size, expected: Size) {
        let message = Message(id: "i", sender: Fixture.alice, date: Fixture.noon, content: .image(.file(path: "/x.png"), size: hint))
        let layout = layouts([message])[0]
        #expect(layout.content?.size == expected)
        #expect(layout.bubble?.size == expected)  // masked: no padding
    }

    @Test("in pixel metrics a hint keeps its proportions exactly")
    func pixelAspect() {
        var style = Fixture.cellStyle
        style.metrics = .points
        let message = Message(id: "i", sender: Fixture.alice, date: Fixture.noon, content: .image(.file(path: "/x.png"), size: Size(width: 560, height: 420)))
        let layout = layouts([message], width: 600, engine: Fixture.engine(style))[0]
        #expect(layout.content?.size == Size(width: 280, height: 210))
    }

    @Test("an image without a hint reserves the placeholder size; captions go under it")
    func placeholderAndCaption() {
        let content = MessageContent.image(ImageContent(source: .url(URL(string: "https://a.io/p.png")!), caption: "sunset"))
        let layout = layouts([Message(id: "i", sender: Fixture.alice, date: Fixture.noon, content: content)])[0]
        #expect(layout.content?.size == Size(width: 23, height: 7))  // 24 × 8 scaled to 23 wide
        #expect(layout.caption?.minY == layout.content!.maxY + 1)
        #expect(layout.bubble!.maxY == layout.caption!.maxY + 1)
    }

    @Test("collections lay cells out column by column and scroll when wider than a bubble")
    func collection() throws {
        let items = (0..<5).map { CollectionItem.text("card \($0)") }
        let message = Message(id: "c", sender: Fixture.alice, date: Fixture.noon, content: .collection(CollectionContent(items: items, rows: 2)))
        let layout = layouts([message])[0]
        #expect(layout.items.count == 5)
        #expect(layout.items[1] == Rect(x: 0, y: 6, width: 12, height: 5))
        #expect(layout.items[2] == Rect(x: 13, y: 0, width: 12, height: 5))
        #expect(layout.content?.width == 23)  // the grid is 38 wide; it scrolls
        #expect(layout.content?.height == 11)
    }

    @Test("custom payloads size themselves; the style can override any size")
    func customAndOverride() {
        let poll = Message(id: "p", sender: Fixture.alice, date: Fixture.noon, content: .custom(CustomContent(Poll(question: "Pizza?"))))
        #expect(layouts([poll])[0].content?.size == Size(width: 12, height: 4))
        #expect(MessageContent.custom(CustomContent(Poll(question: "a"))) == .custom(CustomContent(Poll(question: "a"))))
        #expect(MessageContent.custom(CustomContent(Poll(question: "a"))) != .custom(CustomContent(Poll(question: "b"))))

        var style = Fixture.cellStyle
        style.contentSizeOverride = { message, _ in message.id == "big" ? Size(width: 10, height: 7) : nil }
        let result = layouts([Fixture.message("big"), Fixture.message("small", minutes: 10)], engine: Fixture.engine(style))
        #expect(result[0].content?.size == Size(width: 10, height: 7))
        #expect(result[1].content?.size == Size(width: 5, height: 1))
    }

    @Test("emoji-only messages are drawn large and bare")
    func emoji() {
        let engine = Fixture.engine(measurer: MonospaceMeasurer(referenceSize: 11))
        let layout = layouts([Message(id: "e", sender: Fixture.alice, date: Fixture.noon, content: .text("🎉"))], engine: engine)[0]
        #expect(layout.shape == .none)
        #expect(layout.content!.height == 3)  // 33 pt emoji font at 11 pt reference: 3×
    }

    @Test("notices are centred lines without avatar or bubble")
    func notice() {
        let message = Message(id: "n", sender: Fixture.alice, date: Fixture.noon, content: .system("Alice joined"))
        let layout = layouts([message])[0]
        #expect(layout.avatar == nil && layout.nameLabel == nil && layout.shape == .none)
        #expect(layout.content == Rect(x: 14, y: 2, width: 12, height: 1))
    }

    @Test("flat rows put everyone on the left under a name line")
    func flatRows() {
        var style = ChatStyle.slack.withMetrics(.cells)
        style.grouping = Fixture.rules
        let result = layouts(
            [Fixture.message("1", "hi"), Fixture.message("2", from: Fixture.me, minutes: 1, "yo")],
            engine: Fixture.engine(style))
        for layout in result {
            #expect(layout.content?.minX == 6)
            #expect(layout.nameLabel?.minX == 6)
            #expect(layout.avatar?.minX == 1)
            #expect(layout.shape == .none)
        }
    }

    @Test("typing and history rows have their own layouts")
    func indicatorRows() {
        let engine = Fixture.engine()
        let typing = engine.layout(.typing([Fixture.alice, Fixture.bob]), context: nil, width: 40)
        #expect(typing.bubble == Rect(x: 6, y: 1, width: 7, height: 3))
        #expect(typing.avatar == Rect(x: 1, y: 3, width: 4, height: 1))
        #expect(typing.bottomLabel?.minX == 14)
        #expect(ChatStrings.english.typingLabel(for: [Fixture.alice, Fixture.bob]) == "Alice Liddell and Bob are typing…")
        let history = engine.layout(.history(.loading), context: nil, width: 40)
        #expect(history.height == 2)
        #expect(history.content?.width == 25)
    }

    @Test("layouts are cached by id, revision, width and context; style changes start over")
    func caching() throws {
        let measurer = CountingMeasurer()
        let engine = Fixture.engine(measurer: measurer)
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("1")])
        let first = chat.read { engine.layout(at: 0, in: $0, width: 40) }
        let calls = measurer.count
        #expect(calls > 0)
        #expect(chat.read { engine.layout(at: 0, in: $0, width: 40) } == first)
        #expect(measurer.count == calls)
        _ = chat.read { engine.layout(at: 0, in: $0, width: 50) }
        #expect(measurer.count > calls)
        let afterWidth = measurer.count
        try chat.replace("1", with: .text("changed"))
        _ = chat.read { engine.layout(at: 0, in: $0, width: 40) }
        #expect(measurer.count > afterWidth)
        let beforeStyle = measurer.count
        let revision = engine.styleRevision
        engine.style = Fixture.cellStyle
        #expect(engine.styleRevision == revision + 1)
        _ = chat.read { engine.layout(at: 0, in: $0, width: 40) }
        #expect(measurer.count > beforeStyle)
    }

    @Test("a row's layout is kept with its context: a new context lays it out again and takes the old one's place (#15)")
    func cachedWithContext() {
        let engine = Fixture.engine()
        let message = Fixture.message("1", "hello")
        let single = RowContext(side: .incoming, position: .single, topLabel: "Today", showsName: true, time: "12:31")
        var labelled = single
        labelled.topLabel = "Yesterday"
        labelled.bottomLabel = "Not delivered"
        let first = engine.layout(.message(message), context: single, width: 40)
        #expect(first.topLabel != nil && first.bottomLabel == nil)
        let second = engine.layout(.message(message), context: labelled, width: 40)
        #expect(second.bottomLabel != nil, "the new context's bottom label is laid out")
        #expect(engine.cachedCount == 1, "one layout a row and width")
        // Equal contexts, built apart, find the cached layout.
        var same = RowContext(side: .incoming, position: .single, topLabel: "Yester" + "day", showsName: true, time: "12:31")
        same.bottomLabel = "Not delivered"
        #expect(engine.layout(.message(message), context: same, width: 40) == second)
        #expect(engine.layout(.message(message), context: single, width: 40) == first)
        // A context that differs only in what it holds beyond the labels is another context.
        var mine = single
        mine.myReactions = ["👍"]
        mine.readers = [Fixture.bob]
        _ = engine.layout(.message(message), context: mine, width: 40)
        #expect(engine.cachedCount == 1)
        #expect(engine.layout(.message(message), context: single, width: 40) == first)
    }

    @Test("the cache stays bounded however many rows pass through it")
    func boundedCache() {
        let engine = LayoutEngine(style: Fixture.cellStyle, measurer: MonospaceMeasurer(), cacheSize: 100)
        let chat = Conversation(me: Fixture.me, messages: (0..<1000).map { Fixture.message("\($0)", minutes: Double($0)) })
        chat.read { rows in for index in 0..<rows.count { _ = engine.layout(at: index, in: rows, width: 40) } }
        #expect(engine.cachedCount <= 100)
    }

    @Test("layouts can be prepared off the main actor, concurrently")
    func concurrentLayout() async {
        let engine = Fixture.engine()
        let messages = (0..<200).map { Fixture.message("\($0)", minutes: Double($0), "message number \($0)") }
        let heights = await withTaskGroup(of: Double.self) { group in
            for message in messages {
                group.addTask {
                    engine.layout(.message(message), context: RowContext(side: .incoming, position: .single), width: 40).height
                }
            }
            return await group.reduce(0, +)
        }
        #expect(heights == 200 * 4)
    }
}

@Suite("Measurers at the edges")
struct MeasurerEdgeTests {
    @Test("unbounded, NaN, zero and negative widths neither trap nor loop", arguments: [Double.infinity, .nan, 0, -5, 1e300])
    func widths(width: Double) {
        let metrics = MonospaceMeasurer().measure("hello world\nagain", font: FontSpec(size: 11), maxWidth: width)
        #expect(metrics.lineCount >= 2)
        #expect(metrics.size.width.isFinite)
    }
}
