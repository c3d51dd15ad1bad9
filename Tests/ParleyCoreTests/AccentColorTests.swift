import Testing
import ParleyCore

/// The theme's accent, which both front ends draw buttons, marks and rings in.
@Suite("Accent colour")
struct AccentColorTests {
    @Test("every theme's accent shows on its background, and its text on the accent")
    func visible() {
        for style in ChatStyle.themes {
            let accent = style.accentColor
            #expect(accent.alpha == 1, "\(style.name): the accent is opaque")
            #expect(accent.contrastRatio(with: style.backgroundColor) >= 3, "\(style.name): the accent on the list's background")
            #expect(style.accentTextColor.contrastRatio(with: accent) >= 3, "\(style.name): text on the accent")
        }
    }

    @Test("the accent is the outgoing bubble's colour, or a link colour where the bubble does not stand out")
    func source() {
        #expect(ChatStyle.iMessage.accentColor == ChatStyle.iMessage.outgoing.bubbleColor)
        #expect(ChatStyle.iMessage.accentTextColor == ChatStyle.iMessage.outgoing.textColor)
        // Slack's bubbles are clear: an accent of their colour would draw nothing.
        #expect(ChatStyle.slack.outgoing.bubbleColor.alpha == 0)
        #expect(ChatStyle.slack.accentColor == ChatStyle.slack.outgoing.linkColor)
        #expect(ChatStyle.slack.accentTextColor == .white)
        // A pale bubble on a white list would draw marks and lines no one sees.
        var pale = ChatStyle.iMessage
        pale.outgoing.bubbleColor = Color(hex: 0xE8F0FF)
        #expect(pale.accentColor != pale.outgoing.bubbleColor)
        #expect(pale.accentColor.contrastRatio(with: pale.backgroundColor) >= 3)
        #expect(pale.accentTextColor.contrastRatio(with: pale.accentColor) >= 3)
    }
}
