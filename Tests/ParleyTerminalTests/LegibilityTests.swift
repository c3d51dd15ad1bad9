import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// Every theme on a light and a dark terminal: each glyph must contrast with what is behind
/// it, as the terminal would show it (#14).
@Suite("Readable on any terminal background")
@MainActor
struct LegibilityTests {
    /// The canvases a screen meets: a light and a dark terminal that reported their
    /// colours, and an unknown one (the theme's background painted in).
    enum Background: String, CaseIterable, CustomTestStringConvertible {
        case light, dark, unknown
        var canvas: TerminalCanvas? {
            switch self {
            case .light: return .light
            case .dark: return .dark
            case .unknown: return nil
            }
        }
        var testDescription: String { rawValue }
    }

    static func screen(theme: String, on background: Background, compact: Bool = false) -> ChatScreen {
        let style = ChatStyle.themes.first { $0.name == theme }!
        var deleted = Cast.message("d", Cast.bob, 8, .text("gone"))
        deleted.content = .deleted
        let chat = Conversation(
            me: Cast.me,
            messages: ThemeSnapshotTests.everyKind().messages + [Cast.message("b", Cast.bob, 7, .text("a second line\nfrom Bob")), deleted])
        try? chat.edit(MessageID("t"), to: .text("Edited, with a link https://a.io"), at: Cast.noon)
        let screen = ChatScreen(conversation: chat, style: Cast.style(style), title: theme, columns: 64, rows: 46)
        screen.density = compact ? .compact : .regular
        screen.canvas = background.canvas
        screen.pictures.decodesSynchronously = true
        screen.conversation.setTyping(Cast.alice, timeout: 600)
        return screen
    }

    /// What a cell looks like: its glyph's colour and the colour behind it, defaults
    /// resolved to `canvas` and reverse video applied.
    static func shown(_ style: CellStyle, on canvas: TerminalCanvas) -> (text: Color, behind: Color) {
        func color(_ color: TerminalColor, _ fallback: Color) -> Color {
            switch color {
            case .default: return fallback
            case .rgb(let r, let g, let b): return Color(hex: UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
            case .indexed(let index):
                let rgb = XtermPalette.rgb(of: index)
                return Color(hex: UInt32(rgb.red) << 16 | UInt32(rgb.green) << 8 | UInt32(rgb.blue))
            }
        }
        let front = color(style.foreground, canvas.foreground), back = color(style.background, canvas.background)
        return style.attributes.contains(.reverse) ? (back, front) : (front, back)
    }

    nonisolated static let themes = ["light", "dark", "imessage", "messenger", "slack"]

    @Test("every glyph contrasts with its background, every theme on every terminal (#14)",
          arguments: themes, Background.allCases)
    func contrast(theme: String, background: Background) {
        for (compact, depth) in [(false, ColorDepth.trueColor), (true, .trueColor), (false, .palette256), (false, .basic16)] {
            let screen = Self.screen(theme: theme, on: background, compact: compact)
            screen.colorDepth = depth
            let (rendered, _) = screen.render()
            // As the renderer will send it.
            var buffer = rendered
            buffer.restyle(buffer.area) { $0 = depth.approximate($0) }
            let canvas = background.canvas ?? .painted(for: screen.style)
            var failures: [String] = []
            for y in 0..<buffer.height {
                for x in 0..<buffer.width where LegibleColors.isGlyph(buffer[x, y].symbol) {
                    let cell = buffer[x, y]
                    #expect(!cell.style.attributes.contains(.dim), "faint text is blended, not left to the terminal")
                    let (text, behind) = Self.shown(cell.style, on: canvas)
                    let onCanvas = behind == canvas.background
                    let needed = onCanvas && cell.symbol.first?.isLetter == true ? 4.5 : 3.0
                    let ratio = text.contrastRatio(with: behind)
                    if ratio < needed - 0.01 {
                        failures.append("(\(x),\(y)) '\(cell.symbol)' \(String(format: "%.2f", ratio)) in \(StyledSnapshot.describe(cell.style))")
                    }
                }
            }
            #expect(failures.isEmpty, "\(theme) on \(background.rawValue)\(compact ? ", compact" : ""), \(depth): \(failures.prefix(8))")
            if background == .unknown, depth == .trueColor {
                // Painted: nothing is left to the terminal's defaults.
                #expect(buffer.cells.allSatisfy { $0.style.background != .default && $0.style.foreground != .default })
            }
        }
    }

    @Test("snapshots of every theme on a light and a dark terminal, with their colours (#14)",
          arguments: themes, [Background.light, Background.dark])
    func snapshot(theme: String, background: Background) {
        let (buffer, _) = Self.screen(theme: theme, on: background).render()
        StyledSnapshot.check(buffer, named: "legible-\(theme)-on-\(background.rawValue)-64x46")
    }

    @Test("the Slack title is drawn on the theme's accent, not in white on the terminal's background (#14)")
    func slackTitle() {
        let (buffer, _) = Self.screen(theme: "slack", on: .light).render()
        let title = buffer[1, 0].style
        #expect(title.background != .default)
        let (text, behind) = Self.shown(title, on: .light)
        #expect(text.contrastRatio(with: behind) >= 4.5)
    }

    @Test("a dark theme's text on a light terminal is darkened, a light theme's on a dark one lightened (#14)")
    func adjusts() {
        var legible = LegibleColors(canvas: .dark)
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.put("abc", x: 0, y: 0, style: CellStyle(foreground: .rgb(0x1D, 0x1C, 0x1D)))
        legible.apply(to: &buffer)
        let (text, behind) = Self.shown(buffer[0, 0].style, on: .dark)
        #expect(text.contrastRatio(with: behind) >= 4.5)
        // Colours that already read are kept as they are.
        var kept = CellBuffer(width: 1, height: 1)
        kept.put("x", x: 0, y: 0, style: CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0x2F, 0x6F, 0xEB)))
        legible.apply(to: &kept)
        #expect(kept[0, 0].style.foreground == .rgb(255, 255, 255))
    }
}
