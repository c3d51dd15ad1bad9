import Testing

@testable import ParleyCore

@Suite("InputBar: text, sending, hooks and events")
@MainActor
struct InputBarTests {
    // MARK: Send item state

    @Test("The send item is enabled exactly when the text is not blank")
    func sendEnabledByBlankText() {
        let bar = InputBar()
        #expect(!bar.sendItem.isEnabled)
        bar.text = " \n\t \u{00A0}\r\n"
        #expect(bar.isTextBlank)
        #expect(!bar.sendItem.isEnabled)
        bar.text = "  hi  "
        #expect(bar.sendItem.isEnabled)
        bar.text = "\n"
        #expect(!bar.sendItem.isEnabled)
        bar.text = "\u{7}"
        #expect(bar.sendItem.isEnabled)
        bar.text = ""
        #expect(!bar.sendItem.isEnabled)
    }

    @Test("Turning off send-state management leaves the send item alone")
    func unmanagedSendItem() {
        let bar = InputBar()
        bar.managesSendItemEnabledState = false
        bar.sendItem.isEnabled = true
        bar.text = "x"
        bar.text = ""
        #expect(bar.sendItem.isEnabled)
        #expect(!bar.send())
    }

    // MARK: Sending

    @Test("send() delivers the text to the handlers and the delegate, then clears it")
    func sendDeliversAndClears() {
        let bar = InputBar()
        let delegate = InputBarDelegateRecorder()
        bar.delegate = delegate
        var received: [String] = []
        bar.onSend { received.append($0) }.onSend { received.append("2:" + $0) }
        bar.text = "  Hello\n"
        #expect(bar.send())
        #expect(received == ["  Hello\n", "2:  Hello\n"])
        #expect(delegate.sent == ["  Hello\n"])
        #expect(bar.text == "")
        #expect(!bar.sendItem.isEnabled)
        #expect(bar.lastSendError == nil)
    }

    @Test("A command handler takes its text before any send: nothing is sent; what the handler typed stays")
    func commandsBeforeSend() {
        let bar = InputBar()
        var sent: [String] = [], commands: [String] = []
        bar.onSend { sent.append($0) }
        bar.onCommand { text in
            guard text.hasPrefix("/") else { return false }
            commands.append(text)
            if text == "/fix" { bar.text = "fixed text" }
            return true
        }
        bar.text = "/me waves"
        #expect(bar.send())
        #expect(commands == ["/me waves"] && sent.isEmpty && bar.text.isEmpty)
        // A handler that writes into the composer keeps what it wrote.
        bar.text = "/fix"
        #expect(bar.send())
        #expect(bar.text == "fixed text" && sent.isEmpty)
        // Not a command: sent as usual.
        #expect(bar.send())
        #expect(sent == ["fixed text"] && bar.text.isEmpty)
        // Blank text is no command, even for a handler that takes everything.
        let greedy = InputBar()
        var taken = 0
        greedy.onCommand { _ in taken += 1; return true }
        greedy.text = "  \n "
        #expect(!greedy.takeCommand() && !greedy.send() && taken == 0)
    }

    @Test("Blank text never sends")
    func blankNeverSends() {
        let bar = InputBar()
        var calls = 0
        bar.onSend { _ in calls += 1 }
        for blank in ["", " ", "\n\n", "\t \r\n"] {
            bar.text = blank
            #expect(!bar.send())
            bar.sendItem.touchUpInside()
        }
        #expect(calls == 0)
        #expect(bar.text == "\t \r\n")
    }

    @Test("A throwing handler keeps the text exactly and reports the error")
    func throwingHandlerKeepsText() async {
        let bar = InputBar()
        let delegate = InputBarDelegateRecorder()
        bar.delegate = delegate
        let stream = bar.events
        var second = 0
        bar.onSend { _ in throw InputBarTestError() }.onSend { _ in second += 1 }
        let typed = "draft \u{1B}[1m with control\u{0}"
        bar.text = typed
        #expect(!bar.send())
        #expect(bar.text == typed)
        #expect(second == 0)
        #expect(bar.lastSendError is InputBarTestError)
        #expect(delegate.failed == [typed])
        #expect(delegate.sent.isEmpty)
        #expect(bar.sendItem.isEnabled)

        bar.removeAllSendHandlers()
        var delivered: [String] = []
        bar.onSend { delivered.append($0) }
        #expect(bar.send())
        #expect(delivered == [typed])
        #expect(bar.text == "")
        #expect(bar.lastSendError == nil)

        let events = await drain(stream, of: bar)
        #expect(events.contains(.sendFailed(text: typed, reason: "offline")))
        #expect(events.filter { $0 == .sendPressed(typed) }.count == 1)
    }

    @Test("Text typed while a handler runs is not wiped")
    func textTypedDuringHandlerSurvives() {
        let bar = InputBar()
        bar.onSend { _ in bar.text = "typed meanwhile" }
        bar.text = "first"
        #expect(bar.send())
        #expect(bar.text == "typed meanwhile")
    }

    @Test("Without handlers the delegate gets the text and the bar keeps it")
    func noHandlersKeepsText() {
        let bar = InputBar()
        let delegate = InputBarDelegateRecorder()
        bar.delegate = delegate
        bar.text = "hi"
        #expect(bar.send())
        #expect(delegate.sent == ["hi"])
        #expect(bar.text == "hi")
    }

    @Test("A handler that sends again does not send twice")
    func reentrantSendIgnored() {
        let bar = InputBar()
        var nested: [Bool] = []
        var calls = 0
        bar.onSend { _ in
            calls += 1
            nested.append(bar.send())
        }
        bar.text = "once"
        #expect(bar.send())
        #expect(calls == 1)
        #expect(nested == [false])
    }

    @Test("Clicking the send item sends; clicking it disabled does nothing")
    func sendItemClick() {
        let bar = InputBar()
        let log = InputBarHookLog()
        log.watch(bar.sendItem)
        var sent: [String] = []
        bar.onSend { sent.append($0) }
        bar.sendItem.touchUpInside()
        #expect(log.count("send.touch") == 0)
        bar.text = "ok"
        bar.sendItem.touchUpInside()
        #expect(sent == ["ok"])
        #expect(log.count("send.touch") == 1)
        #expect(bar.text == "")
    }

    // MARK: Hooks

    @Test("State hooks fire on transitions only")
    func stateHooksOnTransitions() {
        let item = InputBarItem(id: "x", title: "X")
        let log = InputBarHookLog()
        log.watch(item)
        item.isEnabled = true
        item.isSelected = false
        #expect(log.entries.isEmpty)
        item.isEnabled = false
        item.isEnabled = false
        item.isEnabled = true
        item.isSelected = true
        item.isSelected = true
        item.isSelected = false
        item.isHighlighted = true
        #expect(log.entries == ["x.disabled", "x.enabled", "x.selected", "x.deselected"])
        item.isEnabled = false
        item.touchUpInside()
        #expect(log.count("x.touch") == 0)
        item.isEnabled = true
        item.touchUpInside()
        #expect(log.count("x.touch") == 1)
    }

    @Test("Text hooks fire on every item, once per actual change")
    func textHooks() {
        let bar = InputBar()
        let a = InputBarItem(id: "a", title: "A")
        let b = InputBarItem(id: "b", title: "B")
        bar.setItems([a], in: .left)
        bar.setItems([b], in: .bottom)
        let log = InputBarHookLog()
        [a, b, bar.sendItem].forEach(log.watch)
        bar.text = "h"
        bar.text = "h"
        bar.text = "hi"
        #expect(log.count("a.text(h)") == 1)
        #expect(log.count("b.text(h)") == 1)
        #expect(log.count("send.text(hi)") == 1)
        #expect(log.entries.filter { $0.hasPrefix("a.text") }.count == 2)
        #expect(log.count("send.enabled") == 1)
        #expect(log.count("send.disabled") == 0)
    }

    @Test("A hook that changes the text is told once, with the final text")
    func hookChangingText() {
        let bar = InputBar()
        let delegate = InputBarDelegateRecorder()
        bar.delegate = delegate
        let trimmer = InputBarItem(id: "t").onTextChanged { item, text in
            if text.hasSuffix("!") { item.inputBar?.text = String(text.dropLast()) }
        }
        bar.setItems([trimmer], in: .left)
        bar.text = "hey!"
        #expect(bar.text == "hey")
        #expect(delegate.texts == ["hey"])
    }

    @Test("Editing hooks fire once on every item per transition")
    func editingHooks() {
        let bar = InputBar()
        let a = InputBarItem(id: "a")
        bar.setItems([a], in: .left)
        bar.setItems([], in: .right)
        let log = InputBarHookLog()
        [a, bar.sendItem].forEach(log.watch)
        bar.beginEditing()
        bar.beginEditing()
        #expect(bar.isEditing)
        bar.endEditing()
        bar.endEditing()
        #expect(!bar.isEditing)
        #expect(log.entries == ["a.began", "send.began", "a.ended", "send.ended"])
    }

    // MARK: Events

    @Test("Every events stream gets every event, in order")
    func eventsInOrder() async {
        let bar = InputBar()
        let first = bar.events
        let second = bar.events
        #expect(bar.broadcaster.subscriberCount == 2)
        bar.onSend { _ in }
        bar.text = "hi"
        bar.send()
        bar.beginEditing()
        bar.setLeftStackWidth(0, animated: true)
        let expected: [InputBarEvent] = [
            .itemChanged(id: "send"), .textChanged("hi"), .sendPressed("hi"),
            .itemChanged(id: "send"), .textChanged(""), .editingChanged(true),
            .stackWidthChanged(.left, width: 0, animated: true),
        ]
        #expect(await drain(first, of: bar) == expected)
        var collected: [InputBarEvent] = []
        for await event in second { collected.append(event) }
        #expect(collected == expected)
    }

    @Test("Streams end when the bar is released")
    func streamsEndWithBar() async {
        var bar: InputBar? = InputBar.messenger()
        let stream = bar!.events
        bar?.text = "x"
        weak let weakBar = bar
        bar = nil
        #expect(weakBar == nil)
        var events: [InputBarEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.contains(.textChanged("x")))
    }

    // MARK: Robustness

    @Test("A megabyte of pasted text is kept, lays out, scrolls and sends")
    func megabytePaste() {
        let bar = InputBar(metrics: .cells)
        let pasted = String(repeating: "lorem ipsum dolor sit amet\n", count: 40_000)
        #expect(pasted.utf8.count > 1_000_000)
        bar.text = pasted
        #expect(bar.text == pasted)
        #expect(bar.sendItem.isEnabled)
        let layout = bar.layout(width: 80, measurer: inputBarCells)
        #expect(layout.lineCount == 40_001)
        #expect(layout.visibleLineCount == bar.maxLines)
        #expect(layout.isTextScrollable)
        #expect(layout.textFrame.height == Double(bar.maxLines))
        var sent: [Int] = []
        bar.onSend { sent.append($0.utf8.count) }
        #expect(bar.send())
        #expect(sent == [pasted.utf8.count])
    }

    @Test("Control characters are kept as typed")
    func controlCharactersKept() {
        let bar = InputBar()
        let typed = "a\u{0}b\u{7}\u{1B}[31mred\u{1B}[0m\r\u{8}\u{7F}\u{202E}"
        bar.text = typed
        #expect(bar.text == typed)
        _ = bar.layout(width: 40, measurer: inputBarCells)
        var sent: [String] = []
        bar.onSend { sent.append($0) }
        bar.send()
        #expect(sent == [typed])
    }
}
