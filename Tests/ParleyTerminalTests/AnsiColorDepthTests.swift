import Testing
@testable import ParleyTerminal

@Suite("ColorDepth and colour approximation")
struct AnsiColorDepthTests {
    @Test("detection from the environment", arguments: [
        ([:], ColorDepth.basic16),
        (["TERM": "xterm"], .basic16),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "screen-256color", "COLORTERM": ""], .palette256),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
        (["TERM": "xterm", "COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-kitty", "COLORTERM": "TrueColor"], .trueColor),
        (["TERM": "xterm", "COLORTERM": "yes"], .basic16),
        (["TERM": "dumb"], .none),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": "anything"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),  // set but empty: ignored
    ])
    func detection(environment: [String: String], expected: ColorDepth) {
        #expect(ColorDepth(environment: environment) == expected)
        #expect(ColorDepth.detect(from: environment) == expected)
    }

    @Test("primaries go to the cube's corners and the nearest basic colours", arguments: [
        ((255, 0, 0), 196, 9),
        ((0, 255, 0), 46, 10),
        ((0, 0, 255), 21, 4),
        ((255, 255, 0), 226, 11),
        ((255, 255, 255), 231, 15),
        ((0, 0, 0), 16, 0),
        ((205, 0, 0), 160, 1),
        ((0, 0, 128), 18, 4),
    ] as [((UInt8, UInt8, UInt8), UInt8, UInt8)])
    func primaries(color: (UInt8, UInt8, UInt8), in256: UInt8, in16: UInt8) {
        #expect(XtermPalette.nearest256(to: color) == in256)
        #expect(XtermPalette.nearest16(to: color) == in16)
        #expect(ColorDepth.palette256.approximate(.rgb(color.0, color.1, color.2)) == .indexed(in256))
        #expect(ColorDepth.basic16.approximate(.rgb(color.0, color.1, color.2)) == .indexed(in16))
    }

    @Test("greys go to the grey ramp, not the cube", arguments: [
        (8, 232), (12, 232), (18, 233), (128, 244), (200, 251), (238, 255), (118, 243),
    ] as [(UInt8, UInt8)])
    func greys(level: UInt8, expected: UInt8) {
        #expect(XtermPalette.nearest256(to: (level, level, level)) == expected)
    }

    @Test("an exact cube colour maps to itself, and every entry round-trips")
    func cube() {
        #expect(XtermPalette.nearest256(to: (95, 135, 175)) == 67)
        for index in UInt8(16)...UInt8(255) {
            let rgb = XtermPalette.rgb(of: index)
            let back = XtermPalette.nearest256(to: rgb)
            #expect(XtermPalette.rgb(of: back) == rgb, "entry \(index) came back as \(back)")
        }
    }

    @Test("a greyish colour near the ramp prefers the ramp; a tinted one the cube")
    func tinted() {
        #expect((232...255).contains(XtermPalette.nearest256(to: (100, 102, 99))))
        #expect((16...231).contains(XtermPalette.nearest256(to: (200, 40, 120))))
    }

    @Test("in 16 colours, extended palette entries become basic ones; basic ones stay")
    func paletteTo16() {
        #expect(ColorDepth.basic16.approximate(.indexed(196)) == .indexed(9))
        #expect(ColorDepth.basic16.approximate(.indexed(232)) == .indexed(0))
        #expect(ColorDepth.basic16.approximate(.indexed(255)) == .indexed(7))
        #expect(ColorDepth.basic16.approximate(.indexed(3)) == .indexed(3))
        #expect(ColorDepth.palette256.approximate(.indexed(3)) == .indexed(3))
        #expect(ColorDepth.palette256.approximate(.indexed(100)) == .indexed(100))
    }

    @Test("true colour keeps everything; no colour drops everything")
    func extremes() {
        let colors: [TerminalColor] = [.default, .indexed(5), .indexed(200), .rgb(1, 2, 3)]
        for color in colors {
            #expect(ColorDepth.trueColor.approximate(color) == color)
            #expect(ColorDepth.none.approximate(color) == .default)
        }
        let style = CellStyle(foreground: .rgb(255, 0, 0), background: .indexed(4), attributes: [.bold, .underline])
        #expect(ColorDepth.none.approximate(style) == CellStyle(attributes: [.bold, .underline]))
    }

    @Test("SGR: only what differs, or a reset when shorter", arguments: [
        (CellStyle?.none, CellStyle.plain, [0]),
        (.plain, CellStyle(foreground: .indexed(1), attributes: .bold), [1, 31]),
        (CellStyle(foreground: .indexed(1), attributes: .bold), CellStyle(foreground: .indexed(2), attributes: .bold), [32]),
        (CellStyle(attributes: [.bold, .dim]), CellStyle(attributes: .dim), [0, 2]),
        (CellStyle(attributes: [.bold, .italic]), CellStyle(attributes: .italic), [22]),
        (CellStyle(foreground: .rgb(1, 2, 3), attributes: [.bold, .underline]), .plain, [0]),
        (.plain, CellStyle(foreground: .indexed(9), background: .indexed(200)), [91, 48, 5, 200]),
        (CellStyle(background: .indexed(4), attributes: .reverse), CellStyle(background: .indexed(4)), [27]),
        (.plain, .plain, []),
    ])
    func graphicRendition(from current: CellStyle?, to target: CellStyle, expected: [Int]) {
        #expect(GraphicRendition.parameters(from: current, to: target) == expected)
    }
}
