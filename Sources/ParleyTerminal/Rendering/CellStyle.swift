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

    /// The colour in 26 bits, as ``CellStyle`` keeps it: 0 for the default, 1 in bits
    /// 24–25 and the index below for a palette entry, 2 and the red, green and blue bytes
    /// for 24-bit.
    var code: UInt32 {
        switch self {
        case .default: return 0
        case .indexed(let index): return 1 << 24 | UInt32(index)
        case .rgb(let red, let green, let blue): return 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    /// The colour of a ``code``.
    init(code: UInt32) {
        switch code >> 24 {
        case 0: self = .default
        case 1: self = .indexed(UInt8(truncatingIfNeeded: code))
        default: self = .rgb(UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code))
        }
    }
}

/// How a cell is drawn.
///
/// Both colours and the attributes are held in one 64-bit word, so that comparing,
/// hashing and copying a style (every cell of every frame, #15) is one integer's work.
public struct CellStyle: Hashable, Sendable {
    /// Bits 0–25 the foreground's ``TerminalColor/code``, 26–51 the background's, 52–59
    /// the attributes.
    private var bits: UInt64

    private static let colorMask: UInt64 = (1 << 26) - 1
    private static let backgroundShift: UInt64 = 26
    private static let attributeShift: UInt64 = 52

    /// Text colour.
    public var foreground: TerminalColor {
        get { TerminalColor(code: UInt32(truncatingIfNeeded: bits & Self.colorMask)) }
        set { bits = bits & ~Self.colorMask | UInt64(newValue.code) }
    }
    /// Cell colour.
    public var background: TerminalColor {
        get { TerminalColor(code: UInt32(truncatingIfNeeded: bits >> Self.backgroundShift & Self.colorMask)) }
        set { bits = bits & ~(Self.colorMask << Self.backgroundShift) | UInt64(newValue.code) << Self.backgroundShift }
    }
    /// Text attributes.
    public var attributes: Attributes {
        get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits >> Self.attributeShift)) }
        set { bits = bits & ~(0xFF << Self.attributeShift) | UInt64(newValue.rawValue) << Self.attributeShift }
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// A style no cell has (a bit no colour or attribute uses): "none yet" for memos
    /// that keep plain values.
    static let unused = CellStyle(bits: 1 << 63)

    private init(bits: UInt64) { self.bits = bits }

    /// This style's slot in a ``RecentSlots`` table, picked from its bits by a
    /// multiplication (Fibonacci hashing).
    var slot: Int { Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58) }

    /// Creates a style.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: Attributes = []) {
        bits = UInt64(foreground.code) | UInt64(background.code) << Self.backgroundShift
            | UInt64(attributes.rawValue) << Self.attributeShift
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
