import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// The compact layout: no rows of frame around bubbles, the default on short screens (#14).
@Suite("Compact layout")
@MainActor
struct CompactLayoutTests {
    /// A back-and-forth of one-line messages, two a minute.
    static func chatter(_ count: Int = 80) -> Conversation {
        Conversation(me: Cast.me, messages: (0..<count).map { index in
            Cast.message("m\(index)", index % 3 == 0 ? Cast.me : Cast.alice, Double(index) / 2, .text("message number \(index)"))
        })
    }

    static func visibleMessages(_ screen: ChatScreen) -> Int {
        let text = screen.render().buffer.lines.joined(separator: "\n")
        return (0..<80).filter { text.contains("message number \($0)") }.count
    }

    @Test("at 120×40 the compact layout shows at least twice the messages of the regular one (#14)")
    func density() {
        let regular = ChatScreen(conversation: Self.chatter(), style: Cast.style(.light), columns: 120, rows: 40, density: .regular)
        let compact = ChatScreen(conversation: Self.chatter(), style: Cast.style(.light), columns: 120, rows: 40, density: .compact)
        let (few, many) = (Self.visibleMessages(regular), Self.visibleMessages(compact))
        #expect(many >= 2 * few, "regular \(few), compact \(many)")
        #expect(many >= 20)
    }

    @Test("automatic density is compact below the threshold and regular at or above it (#14)")
    func automatic() {
        let screen = ChatScreen(conversation: Self.chatter(), style: Cast.style(.dark), columns: 120, rows: 40)
        #expect(screen.density == .automatic)
        #expect(screen.style.isCompact)
        screen.resize(columns: 120, rows: ScreenDensity.compactBelowRows)
        #expect(!screen.style.isCompact)
        screen.resize(columns: 120, rows: ScreenDensity.compactBelowRows - 1)
        #expect(screen.style.isCompact)
        // Changing the theme keeps the density.
        screen.style = Cast.style(.messenger)
        #expect(screen.style.isCompact)
        screen.density = .regular
        #expect(!screen.style.isCompact)
    }

    @Test("compact bubbles have no rows of half blocks; each line of text is a row (#14)", arguments: ["light", "dark", "imessage", "messenger", "slack"])
    func snapshot(theme: String) {
        let style = ChatStyle.themes.first { $0.name == theme }!
        let screen = ChatScreen(conversation: ThemeSnapshotTests.everyKind(), style: Cast.style(style), title: theme, columns: 64, rows: 40, density: .compact)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "compact-\(theme)-64x40")
        let text = buffer.lines.joined(separator: "\n")
        #expect(!text.contains("▄▄▄") && !text.contains("▀▀▀"))
        #expect(text.contains("Outgoing, read") && text.contains("Text with a link"))
    }

    @Test("compact without colour draws a bar down each side of a bubble (#14)")
    func noColor() {
        let screen = ChatScreen(conversation: ScreenTests.conversation(), style: Cast.style(.iMessage), title: "Lunch", columns: 60, rows: 30, usesColor: false, density: .compact)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        Snapshot.check(buffer, named: "compact-imessage-nocolor-60x30")
        #expect(buffer.lines.contains { $0.contains("│ Sure! 12:30? │") })
    }
}
