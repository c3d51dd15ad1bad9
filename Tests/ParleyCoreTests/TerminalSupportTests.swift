import Foundation
import Testing
@testable import ParleyCore

/// What the core added for the terminal's #14 work: contrast, compact cells, hidden items.
@Suite("Contrast, compact cells and hidden items (#14)")
@MainActor
struct TerminalSupportTests {
    @Test("contrast ratios follow WCAG: 21 for black on white, 1 for a colour on itself")
    func contrast() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 0.01)
        #expect(Color(hex: 0x777777).contrastRatio(with: Color(hex: 0x777777)) == 1)
        #expect(Color.white.contrastRatio(with: .black) == Color.black.contrastRatio(with: .white))
    }

    @Test("readable keeps a colour that reads and moves one that does not just far enough",
          arguments: [0x1D1C1D, 0x616061, 0xFFFFFF, 0x2F6FEB, 0x000000] as [UInt32], [0x000000, 0xFFFFFF, 0x16161A, 0x808080] as [UInt32])
    func readable(text: UInt32, background: UInt32) {
        let color = Color(hex: text), behind = Color(hex: background)
        let result = color.readable(on: behind, minimumContrast: 4.5)
        if color.contrastRatio(with: behind) >= 4.5 {
            #expect(result == color)
        } else {
            let best = max(Color.white.contrastRatio(with: behind), Color.black.contrastRatio(with: behind))
            #expect(result.contrastRatio(with: behind) >= min(4.5, best))
            // Rounded to what 8 bits a channel can show, and still reaching it.
            #expect(Color(hex: result.hex) == result)
        }
    }

    @Test("mixing is clamped and ignores non-finite amounts")
    func mixing() {
        #expect(Color.black.mixed(with: .white, amount: 2) == .white)
        #expect(Color.black.mixed(with: .white, amount: -1) == .black)
        #expect(Color.black.mixed(with: .white, amount: .nan) == .black)
    }

    @Test("a compact style in cells has no vertical bubble padding; points are untouched")
    func compactCells() {
        var style = ChatStyle.iMessage
        style.isCompact = true
        let cells = style.adapted(to: .cells).metrics
        #expect(cells.bubbleInsets.top == 0 && cells.bubbleInsets.bottom == 0)
        #expect(cells.bubbleInsets.left == ChatMetrics.cells.bubbleInsets.left)
        #expect(ChatStyle.iMessage.adapted(to: .cells).metrics.bubbleInsets.top == ChatMetrics.cells.bubbleInsets.top)
        #expect(style.adapted(to: .points).metrics.bubbleInsets == ChatMetrics.points.bubbleInsets)
    }

    @Test("a hidden item takes no room and has no frame; showing it again restores the layout")
    func hiddenItems() {
        let bar = InputBar.messenger(metrics: .cells)
        let measurer = MonospaceMeasurer()
        let before = bar.layout(width: 40, measurer: measurer)
        for id in ["camera", "photo", "mic"] { bar.item(withID: id)?.isHidden = true }
        let hidden = bar.layout(width: 40, measurer: measurer)
        #expect(!hidden.itemFrames.contains { ["camera", "photo", "mic"].contains($0.id) })
        #expect(hidden.textFrame.minX < before.textFrame.minX)
        #expect(hidden.itemFrames.contains { $0.id == "send" })
        for id in ["camera", "photo", "mic"] { bar.item(withID: id)?.isHidden = false }
        #expect(bar.layout(width: 40, measurer: measurer).textFrame == before.textFrame)
    }

    @Test("hasAction: a hook or the bar's own action")
    func hasAction() {
        let bar = InputBar.slack(metrics: .cells)
        #expect(bar.sendItem.hasAction)
        #expect(bar.item(withID: "mention")?.hasAction == true)
        #expect(bar.item(withID: "attachment")?.hasAction == false)
        bar.item(withID: "attachment")?.onTouchUpInside { _ in }
        #expect(bar.item(withID: "attachment")?.hasAction == true)
    }

    @Test("the unread title and the new composer texts have English defaults")
    func strings() {
        let strings = ChatStrings.english
        #expect(strings.unreadTitle(3, "Lunch") == "(3) Lunch")
        #expect(!strings.editingMessage.isEmpty && !strings.messageCopied.isEmpty)
    }
}
