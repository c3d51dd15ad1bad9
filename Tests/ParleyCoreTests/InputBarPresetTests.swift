import Testing

@testable import ParleyCore

@Suite("InputBar: iMessage, Slack and Messenger presets")
@MainActor
struct InputBarPresetTests {
    @Test("a bar takes another theme's preset look and keeps its text, handlers and send item (#14)")
    func adoptsLook() {
        let bar = InputBar.preset(for: .iMessage)
        var sent: [String] = []
        bar.onSend { sent.append($0) }
        bar.text = "half typed"
        let send = bar.sendItem
        bar.adoptLook(of: InputBar.preset(for: .messenger))
        #expect(bar.placeholder == "Aa")
        #expect(bar.leftStack.items.map(\.id) == ["camera", "photo", "mic"])
        #expect(bar.leftStack.items.allSatisfy { $0.inputBar === bar })
        #expect(bar.sendItem === send && bar.rightStack.items.first === send)
        #expect(bar.text == "half typed")
        // Messenger's hooks work in their new bar: typing collapses the left stack.
        bar.beginEditing()
        #expect(bar.leftStack.width == 0)
        #expect(bar.send())
        #expect(sent == ["half typed"])
        bar.adoptLook(of: InputBar.preset(for: .slack))
        #expect(bar.placeholder == "Message")
        #expect(bar.bottomStack.items.map(\.id) == ["mention", "channel", "attachment"])
        #expect(bar.leftStack.items.isEmpty)
    }

    @Test("iMessage: a fixed-size + on the left, a round send arrow on the right")
    func iMessage() {
        let bar = InputBar.iMessage()
        #expect(bar.placeholder == "iMessage")
        #expect(bar.leftStack.items.map(\.id) == ["plus"])
        #expect(bar.leftStack.items.first?.iconName == "plus")
        #expect(bar.leftStack.items.first?.size == InputBarMetrics.points.buttonSize)
        #expect(bar.rightStack.items.map(\.id) == ["send"])
        #expect(bar.sendItem.iconName == "send")
        #expect(bar.sendItem.title == nil)
        #expect(bar.sendItem.size == InputBarMetrics.points.buttonSize)
        #expect(bar.bottomStack.items.isEmpty)

        let cells = InputBar.iMessage(metrics: .cells)
        let layout = cells.layout(width: 30, measurer: inputBarCells)
        // |1|+ (3)|1|text|1|send (3)|1|
        #expect(layout.frame(ofItem: "plus") == Rect(x: 1, y: 0, width: 3, height: 1))
        #expect(layout.textFrame == Rect(x: 5, y: 0, width: 20, height: 1))
        #expect(layout.frame(ofItem: "send") == Rect(x: 26, y: 0, width: 3, height: 1))
        #expect(layout.height == 1)
    }

    @Test("Slack: send on the right, no left stack, formatting items underneath")
    func slack() {
        let bar = InputBar.slack(metrics: .cells)
        #expect(bar.leftStack.width == 0)
        #expect(bar.rightStack.items.map(\.id) == ["send"])
        #expect(bar.bottomStack.items.map(\.id) == ["mention", "channel", "attachment"])
        #expect(bar.bottomStack.items.map(\.title) == ["@", "#", "📎"])

        let layout = bar.layout(width: 30, measurer: inputBarCells)
        #expect(layout.leftStackFrame.width == 0)
        #expect(layout.textFrame == Rect(x: 1, y: 0, width: 24, height: 1))
        #expect(layout.bottomStackFrame == Rect(x: 1, y: 1, width: 28, height: 1))
        #expect(layout.frame(ofItem: "channel") == Rect(x: 5, y: 1, width: 3, height: 1))
        #expect(layout.height == 2)

        bar.text = "hi "
        bar.item(withID: "mention")?.touchUpInside()
        bar.item(withID: "channel")?.touchUpInside()
        #expect(bar.text == "hi @#")
    }

    @Test("Messenger: camera, photo and mic on the left, collapsing while text is typed")
    func messengerCollapses() async {
        let bar = InputBar.messenger(metrics: .cells)
        #expect(bar.placeholder == "Aa")
        #expect(bar.leftStack.items.map(\.id) == ["camera", "photo", "mic"])
        #expect(bar.leftStack.items.map(\.iconName) == ["camera", "photo", "mic"])
        #expect(bar.rightStack.items.map(\.id) == ["send"])
        let stream = bar.events

        var layout = bar.layout(width: 40, measurer: inputBarCells)
        #expect(layout.leftStackFrame.width == 11)
        #expect(layout.textFrame.minX == 13)
        #expect(layout.itemFrames.allSatisfy { $0.isVisible })

        bar.text = "h"
        bar.text = "he"
        layout = bar.layout(width: 40, measurer: inputBarCells)
        #expect(bar.leftStack.width == 0)
        #expect(layout.isAnimated)
        #expect(layout.leftStackFrame.width == 0)
        #expect(layout.textFrame.minX == 2)
        #expect(layout.frame(ofItem: "camera")?.isEmpty == true)
        #expect(layout.frame(ofItem: "send")?.isEmpty == false)

        bar.text = ""
        layout = bar.layout(width: 40, measurer: inputBarCells)
        #expect(bar.leftStack.width == nil)
        #expect(layout.isAnimated)
        #expect(layout.leftStackFrame.width == 11)
        #expect(layout.itemFrames.allSatisfy { $0.isVisible })

        let widths = await drain(stream, of: bar).filter {
            if case .stackWidthChanged = $0 { return true }
            return false
        }
        #expect(widths == [
            .stackWidthChanged(.left, width: 0, animated: true),
            .stackWidthChanged(.left, width: nil, animated: true),
        ])
    }

    @Test("Messenger: editing collapses the left items; ending with no text restores them")
    func messengerEditing() {
        let bar = InputBar.messenger(metrics: .cells)
        bar.beginEditing()
        #expect(bar.leftStack.width == 0)
        bar.endEditing()
        #expect(bar.leftStack.width == nil)

        bar.beginEditing()
        bar.text = "draft"
        bar.endEditing()
        #expect(bar.leftStack.width == 0)
        bar.onSend { _ in }
        bar.send()
        #expect(bar.text == "")
        #expect(bar.leftStack.width == nil)
    }
}
