/// How many colours a terminal shows, and how a ``TerminalColor`` is brought within reach.
///
/// Read it from the environment with ``init(environment:)``; hand it to ``AnsiRenderer``,
/// which passes every colour through `approximate(_:)` before writing it.
public enum ColorDepth: Hashable, Sendable, CaseIterable {
    /// 24-bit colour (`ESC[38;2;r;g;bm`).
    case trueColor
    /// The 256-colour palette (`ESC[38;5;nm`).
    case palette256
    /// The 16 basic colours (`ESC[30–37m`, `ESC[90–97m`).
    case basic16
    /// No colour at all: attributes such as bold still apply.
    case none

    /// The depth a terminal announces through its environment.
    ///
    /// In order: `NO_COLOR` set and non-empty (https://no-color.org) or `TERM=dumb` mean
    /// ``none``; `COLORTERM=truecolor` or `24bit` means ``trueColor``; a `TERM` containing
    /// `256color` means ``palette256``; anything else, ``basic16``.
    ///
    /// ```swift
    /// let depth = ColorDepth(environment: ProcessInfo.processInfo.environment)
    /// ```
    public init(environment: [String: String]) {
        let term = environment["TERM"]?.lowercased() ?? ""
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self = .none
        } else if term == "dumb" {
            self = .none
        } else if colorTerm == "truecolor" || colorTerm == "24bit" {
            self = .trueColor
        } else if term.contains("256color") {
            self = .palette256
        } else {
            self = .basic16
        }
    }

    /// The depth a terminal announces through `environment`; the same as
    /// ``init(environment:)``.
    public static func detect(from environment: [String: String]) -> ColorDepth {
        ColorDepth(environment: environment)
    }

    /// `color` as this depth can show it: 24-bit colours become the nearest palette entry,
    /// extended palette entries the nearest basic colour, and everything the default
    /// under ``none``. See ``XtermPalette`` for how "nearest" is judged.
    public func approximate(_ color: TerminalColor) -> TerminalColor {
        switch (self, color) {
        case (.none, _), (_, .default):
            return .default
        case (.trueColor, _):
            return color
        case (.palette256, .indexed):
            return color
        case (.palette256, .rgb(let red, let green, let blue)):
            return .indexed(XtermPalette.nearest256(to: (red, green, blue)))
        case (.basic16, .indexed(let index)):
            return index < 16 ? color : .indexed(XtermPalette.nearest16(to: XtermPalette.rgb(of: index)))
        case (.basic16, .rgb(let red, let green, let blue)):
            return .indexed(XtermPalette.nearest16(to: (red, green, blue)))
        }
    }

    /// `style` with both colours passed through `approximate(_:)`.
    public func approximate(_ style: CellStyle) -> CellStyle {
        // 24-bit keeps every colour: a renderer asks this for nearly every cell it writes.
        if self == .trueColor { return style }
        return CellStyle(
            foreground: approximate(style.foreground), background: approximate(style.background),
            attributes: style.attributes)
    }
}
