import ParleyCore

/// A terminal colour: the terminal's default, one of 256 palette entries, or 24-bit.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// A palette index (0–15 the basic colours, 16–255 the extended ones).
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The 24-bit form of a core ``Color`` (alpha ignored; clear becomes the default).
    public init(_ color: Color) {
        if color.alpha < 0.05 {
            self = .default
        } else {
            let hex = color.hex
            self = .rgb(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
        }
    }
}

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    /// Text colour.
    public var foreground: TerminalColor
    /// Cell colour.
    public var background: TerminalColor
    /// Text attributes.
    public var attributes: Attributes

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// Creates a style.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// This style with another foreground.
    public func foreground(_ color: TerminalColor) -> CellStyle {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with another background.
    public func background(_ color: TerminalColor) -> CellStyle {
        var copy = self
        copy.background = color
        return copy
    }

    /// This style with `attributes` added.
    public func adding(_ attributes: Attributes) -> CellStyle {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }

    /// This style without `attributes`.
    public func removing(_ attributes: Attributes) -> CellStyle {
        var copy = self
        copy.attributes.subtract(attributes)
        return copy
    }

    /// SGR text attributes.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates attributes from bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold (SGR 1).
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint (SGR 2).
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic (SGR 3).
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underlined (SGR 4).
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Swapped colours (SGR 7).
        public static let reverse = Attributes(rawValue: 1 << 4)
        /// Struck through (SGR 9).
        public static let strikethrough = Attributes(rawValue: 1 << 5)
    }
}
