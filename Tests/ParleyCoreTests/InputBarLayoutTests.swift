import Testing

@testable import ParleyCore

@Suite("InputBar: layout, stacks and growth")
@MainActor
struct InputBarLayoutTests {
    @Test("Padding, text view padding and explicit widths give the documented frames")
    func documentedFrames() {
        let bar = InputBar(metrics: .cells)
        bar.padding = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        bar.textViewPadding = EdgeInsets(top: 9, left: 1, bottom: 2, right: 1)
        bar.setItems([InputBarItem(id: "a", size: Size(width: 3, height: 1))], in: .left)
        bar.setLeftStackWidth(5)
        bar.setItems(
            [
                InputBarItem(id: "b", size: Size(width: 2, height: 1)),
                InputBarItem(id: "c", title: "ok"),
            ],
            in: .bottom)

        let layout = bar.layout(width: 40, measurer: inputBarCells)
        #expect(layout.leftStackFrame == Rect(x: 2, y: 1, width: 5, height: 1))
        // textViewPadding.top is unused: the text starts at padding.top.
        #expect(layout.textFrame == Rect(x: 8, y: 1, width: 22, height: 1))
        // "Send" is 4 cells plus half a line on each side.
        #expect(layout.rightStackFrame == Rect(x: 31, y: 1, width: 5, height: 1))
        #expect(layout.rightStackFrame.maxX == 40 - 4)
        #expect(layout.bottomStackFrame == Rect(x: 2, y: 4, width: 34, height: 1))
        #expect(layout.height == 8)
        #expect(layout.frame(ofItem: "a") == Rect(x: 2, y: 1, width: 3, height: 1))
        #expect(layout.frame(ofItem: "send") == Rect(x: 31, y: 1, width: 5, height: 1))
        #expect(layout.frame(ofItem: "b") == Rect(x: 2, y: 4, width: 2, height: 1))
        #expect(layout.frame(ofItem: "c") == Rect(x: 5, y: 4, width: 3, height: 1))
        #expect(layout.itemFrames.map(\.id) == ["a", "send", "b", "c"])
        #expect(layout.showsPlaceholder)
        #expect(bar.intrinsicHeight == 8)
    }

    @Test("A stack of width 0 collapses: its items vanish and the text view widens")
    func collapse() {
        let bar = bareInputBar()
        let items = (0..<3).map { InputBarItem(id: "i\($0)", size: Size(width: 2, height: 4)) }
        bar.leftStack = InputBarStack(items: items, spacing: 1)
        var layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.leftStackFrame.width == 8)
        #expect(layout.textFrame == Rect(x: 8, y: 0, width: 22, height: 4))
        #expect(layout.frame(ofItem: "i2") == Rect(x: 6, y: 0, width: 2, height: 4))

        bar.setLeftStackWidth(0, animated: true)
        layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.isAnimated)
        #expect(layout.leftStackFrame.width == 0)
        #expect(layout.textFrame == Rect(x: 0, y: 0, width: 30, height: 1))
        #expect(layout.itemFrames.allSatisfy { !$0.isVisible })
        #expect(!bar.layout(width: 30, measurer: inputBarCells).isAnimated)

        bar.setLeftStackWidth(nil)
        #expect(bar.layout(width: 30, measurer: inputBarCells).leftStackFrame.width == 8)
    }

    @Test("Flexible items share leftover width; otherwise right items keep right")
    func flexibleAndAlignment() {
        let bar = bareInputBar()
        let x = InputBarItem(id: "x", size: Size(width: 2, height: 1))
        let y = InputBarItem(id: "y", size: Size(width: 2, height: 1))
        bar.rightStack = InputBarStack(items: [x, y], spacing: 1, width: 10)
        var layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.rightStackFrame == Rect(x: 20, y: 0, width: 10, height: 1))
        #expect(layout.frame(ofItem: "x") == Rect(x: 25, y: 0, width: 2, height: 1))
        #expect(layout.frame(ofItem: "y") == Rect(x: 28, y: 0, width: 2, height: 1))

        y.spacing = .flexible
        layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.frame(ofItem: "x") == Rect(x: 20, y: 0, width: 2, height: 1))
        #expect(layout.frame(ofItem: "y") == Rect(x: 23, y: 0, width: 7, height: 1))

        y.spacing = .fixed(3)
        bar.setRightStackWidth(nil)
        layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.rightStackFrame.width == 8)
        #expect(layout.frame(ofItem: "y") == Rect(x: 25, y: 0, width: 5, height: 1))
    }

    @Test("A stack narrower than its items squeezes them proportionally")
    func squeeze() {
        let bar = bareInputBar()
        bar.leftStack = InputBarStack(
            items: [
                InputBarItem(id: "p", size: Size(width: 2, height: 1)),
                InputBarItem(id: "q", size: Size(width: 1, height: 1)),
            ],
            spacing: 1, width: 2)
        let layout = bar.layout(width: 10, measurer: inputBarCells)
        #expect(layout.frame(ofItem: "p") == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(layout.frame(ofItem: "q") == Rect(x: 1.5, y: 0, width: 0.5, height: 1))
    }

    @Test("Intrinsic item sizes come from the measured title plus half a line each side")
    func intrinsicItemSizes() {
        #expect(InputBarItem(id: "s", title: "Send").intrinsicSize(measuredBy: inputBarCells)
            == Size(width: 5, height: 1))
        #expect(InputBarItem(id: "i", iconName: "plus").intrinsicSize(measuredBy: inputBarCells)
            == Size(width: 1, height: 1))
        #expect(InputBarItem(id: "e", title: "📎").intrinsicSize(measuredBy: inputBarCells)
            == Size(width: 3, height: 1))
        let both = InputBarItem(id: "b", title: "Go", iconName: "send")
        #expect(both.intrinsicSize(measuredBy: inputBarCells) == Size(width: 4.5, height: 1))
        both.contentInsets = EdgeInsets(all: 1)
        #expect(both.intrinsicSize(measuredBy: inputBarCells) == Size(width: 5.5, height: 3))
        let pixels = MonospaceMeasurer(cellWidth: 8, lineHeight: 16)
        #expect(InputBarItem(id: "s", title: "Send").intrinsicSize(measuredBy: pixels)
            == Size(width: 48, height: 16))
        let sized = InputBarItem(id: "z", title: "ignored", size: Size(width: -4, height: .nan))
        #expect(sized.intrinsicSize(measuredBy: pixels) == .zero)
    }

    @Test("The text view grows up to maxLines, then scrolls")
    func growthThenScroll() {
        let bar = bareInputBar()
        bar.maxLines = 3
        let cases: [(String, Int, Int, Bool)] = [
            ("", 1, 1, false),
            ("a", 1, 1, false),
            ("0123456789abc", 2, 2, false),  // wraps at 10 columns
            ("a\nb\nc", 3, 3, false),
            ("a\nb\nc\nd", 4, 3, true),
            (String(repeating: "x\n", count: 99), 100, 3, true),
        ]
        for (text, lines, visible, scrolls) in cases {
            bar.text = text
            let layout = bar.layout(width: 10, measurer: inputBarCells)
            #expect(layout.lineCount == lines, "\(text.debugDescription)")
            #expect(layout.visibleLineCount == visible, "\(text.debugDescription)")
            #expect(layout.isTextScrollable == scrolls, "\(text.debugDescription)")
            #expect(layout.height == Double(visible), "\(text.debugDescription)")
            #expect(layout.textFrame.height == Double(visible))
        }
    }

    @Test("The intrinsic height is reported once per change, also between layouts")
    func heightEventsOncePerChange() async {
        let bar = bareInputBar()
        bar.maxLines = 3
        let delegate = InputBarDelegateRecorder()
        bar.delegate = delegate
        let stream = bar.events
        _ = bar.layout(width: 10, measurer: inputBarCells)
        _ = bar.layout(width: 10, measurer: inputBarCells)
        bar.text = "a\nb"
        bar.text = "a\nc"
        bar.text = "a\nb\nc"
        bar.text = "a\nb\nc\nd"
        bar.text = "a\nb\nc\nd\ne"
        bar.text = ""
        _ = bar.layout(width: 10, measurer: inputBarCells)
        let tall = InputBarItem(id: "f", size: Size(width: 1, height: 2))
        bar.bottomStack = InputBarStack(items: [tall])
        #expect(delegate.heights == [1, 2, 3, 1, 3])
        let heights = await drain(stream, of: bar).compactMap { event -> Double? in
            if case .intrinsicHeightChanged(let height) = event { return height }
            return nil
        }
        #expect(heights == [1, 2, 3, 1, 3])
    }

    @Test("Side items sit on the text view's bottom edge as the text grows")
    func itemsBottomAligned() {
        let bar = bareInputBar()
        bar.setItems([InputBarItem(id: "tall", size: Size(width: 2, height: 3))], in: .left)
        bar.setItems([InputBarItem(id: "send2", size: Size(width: 2, height: 1))], in: .right)
        var layout = bar.layout(width: 20, measurer: inputBarCells)
        #expect(layout.textFrame == Rect(x: 2, y: 0, width: 16, height: 3))
        #expect(layout.frame(ofItem: "tall") == Rect(x: 0, y: 0, width: 2, height: 3))
        #expect(layout.frame(ofItem: "send2") == Rect(x: 18, y: 2, width: 2, height: 1))
        bar.text = "1\n2\n3\n4\n5"
        layout = bar.layout(width: 20, measurer: inputBarCells)
        #expect(layout.height == 5)
        #expect(layout.frame(ofItem: "tall") == Rect(x: 0, y: 2, width: 2, height: 3))
        #expect(layout.frame(ofItem: "send2") == Rect(x: 18, y: 4, width: 2, height: 1))
    }

    @Test("Padding and gaps count in pixel units too")
    func pixelUnits() {
        let bar = InputBar()
        bar.setItems([InputBarItem(id: "plus", size: Size(width: 32, height: 32))], in: .left)
        bar.textViewPadding.left = 8
        let pixels = MonospaceMeasurer(cellWidth: 8, lineHeight: 16)
        let layout = bar.layout(width: 400, measurer: pixels)
        // Points metrics: padding 6/12/6/12, text view gap 8 on the right.
        #expect(layout.leftStackFrame == Rect(x: 12, y: 6, width: 32, height: 32))
        #expect(layout.textFrame == Rect(x: 52, y: 6, width: 280, height: 32))
        #expect(layout.rightStackFrame == Rect(x: 340, y: 6, width: 48, height: 32))
        #expect(layout.frame(ofItem: "send") == Rect(x: 340, y: 22, width: 48, height: 16))
        #expect(layout.height == 44)
    }

    @Test("A width narrower than the stacks never gives the text view a negative width")
    func narrowWidth() {
        let bar = InputBar(metrics: .cells)
        bar.text = "abc"
        for width in [5.0, 0, -20, .nan, .infinity] {
            let layout = bar.layout(width: width, measurer: inputBarCells)
            #expect(layout.textFrame.width == 0)
            #expect(layout.height >= 1)
            #expect(layout.height.isFinite)
        }
    }

    @Test("maxLines of 0 or less counts as 1")
    func maxLinesClamped() {
        let bar = bareInputBar()
        bar.text = "a\nb\nc"
        for value in [0, -3, Int.min] {
            bar.maxLines = value
            #expect(bar.maxLines == 1)
            let layout = bar.layout(width: 10, measurer: inputBarCells)
            #expect(layout.visibleLineCount == 1)
            #expect(layout.isTextScrollable)
            #expect(layout.height == 1)
        }
    }

    @Test("Moving an item to another stack takes it out of the first")
    func movingItems() async {
        let bar = InputBar()
        let stream = bar.events
        let a = InputBarItem(id: "a")
        bar.setItems([a, a], in: .left)
        #expect(bar.leftStack.items.count == 1)
        #expect(a.inputBar === bar)
        #expect(a.position == .left)
        bar.setItems([a, bar.sendItem], in: .bottom, animated: true)
        #expect(bar.leftStack.items.isEmpty)
        #expect(bar.rightStack.items.isEmpty)
        #expect(a.position == .bottom)
        #expect(bar.sendItem.position == .bottom)
        bar.setItems([], in: .bottom)
        #expect(a.inputBar == nil)
        #expect(a.position == nil)
        #expect(bar.sendItem.inputBar === bar)
        #expect(bar.items.map(\.id) == ["send"])

        let other = InputBar()
        other.setItems([a], in: .left)
        bar.setItems([a], in: .right)
        #expect(other.leftStack.items.isEmpty)
        #expect(a.inputBar === bar)
        #expect(bar.item(withID: "a") === a)

        let events = await drain(stream, of: bar)
        #expect(events.prefix(4) == [
            .itemsChanged(.left, animated: false),
            .itemsChanged(.left, animated: true),
            .itemsChanged(.right, animated: true),
            .itemsChanged(.bottom, animated: true),
        ])
    }

    @Test("Setting a stack width to its current value reports nothing")
    func sameWidthIsSilent() async {
        let bar = InputBar()
        let stream = bar.events
        bar.setLeftStackWidth(0, animated: true)
        bar.setLeftStackWidth(0, animated: true)
        bar.setLeftStackWidth(-5)
        bar.setStackWidth(3, at: .bottom)
        bar.setRightStackWidth(10)
        #expect(bar.leftStack.width == 0)
        #expect(bar.bottomStack.width == nil)
        #expect(await drain(stream, of: bar) == [
            .stackWidthChanged(.left, width: 0, animated: true),
            .stackWidthChanged(.right, width: 10, animated: false),
        ])
    }

    @Test("The layout revision moves with every change that can move a frame, and only with those (#15)")
    func layoutRevision() {
        let bar = InputBar(metrics: .cells)
        let item = InputBarItem(id: "a", title: "ok")
        bar.setItems([item], in: .left)
        var seen = bar.layoutRevision
        /// Whether the revision moved since the last look, and whether the layout at 40
        /// columns then equals the one from before the change (it must not, when moved).
        func moved(_ change: () -> Void) -> Bool {
            change()
            defer { seen = bar.layoutRevision }
            return bar.layoutRevision != seen
        }
        let before = bar.layout(width: 40, measurer: inputBarCells)
        #expect(bar.layoutRevision == seen, "laying out changes nothing")
        #expect(moved { bar.text = "hello" })
        #expect(!moved { bar.text = "hello" }, "the same text again")
        #expect(moved { item.title = "longer title" })
        #expect(bar.layout(width: 40, measurer: inputBarCells).itemFrames != before.itemFrames)
        #expect(moved { item.isHidden = true })
        #expect(moved { bar.font = FontSpec(size: 3) })
        #expect(moved { bar.padding = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1) })
        #expect(moved { bar.maxLines = 2 })
        #expect(moved { bar.direction = .rightToLeft })
        #expect(moved { bar.replyTarget = ReplyQuote(id: "m1", senderName: "Alice", summary: "Hi") })
        #expect(moved { bar.setItems([InputBarItem(id: "b", title: "x")], in: .bottom) })
        #expect(moved { bar.setLeftStackWidth(4) })
        #expect(moved { item.onTouchUpInside { _ in } }, "an action: a front end may show an item it hid")
        #expect(!moved { item.onTouchUpInside { _ in } }, "another action")
        // State that draws differently but sits in the same frames.
        #expect(!moved { item.isEnabled = false })
        #expect(!moved { item.isHighlighted = true })
    }
}
