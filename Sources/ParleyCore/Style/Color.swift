import Foundation

/// An sRGB colour with alpha, components in 0...1.
///
/// Every component stays in 0...1 however it is set: a value beyond is kept at the nearest
/// end and NaN counts as 0, so ``hex`` and ``css`` hold for any colour an app or a theme
/// file makes.
public struct Color: Hashable, Sendable {
    /// Red, 0 to 1 (clamped when set).
    public var red: Double { didSet { red = Self.unit(red) } }
    /// Green, 0 to 1 (clamped when set).
    public var green: Double { didSet { green = Self.unit(green) } }
    /// Blue, 0 to 1 (clamped when set).
    public var blue: Double { didSet { blue = Self.unit(blue) } }
    /// Opacity, 0 to 1 (clamped when set).
    public var alpha: Double { didSet { alpha = Self.unit(alpha) } }

    /// Creates a colour from components in 0...1 (clamped; NaN is 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// `value` within 0...1: the nearest end beyond it, 0 for NaN.
    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }

    /// Creates a colour from `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255,
            alpha: alpha
        )
    }

    /// The colour as `0xRRGGBB`, alpha ignored.
    public var hex: UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(saturating: (value * 255).rounded()) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// `#rrggbb`, or `rgba(r,g,b,a)` when not opaque; for CSS.
    public var css: String {
        if alpha >= 1 {
            let digits = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
        let r = Int(saturating: (red * 255).rounded()), g = Int(saturating: (green * 255).rounded())
        let b = Int(saturating: (blue * 255).rounded())
        return "rgba(\(r),\(g),\(b),\(alpha))"
    }

    /// Relative luminance (WCAG), for choosing readable text on a colour.
    public var luminance: Double {
        func linear(_ c: Double) -> Double {
            c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The same colour with `alpha` (0 to 1) instead of its own.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque white.
    public static let white = Color(hex: 0xFFFFFF)
    /// Opaque black.
    public static let black = Color(hex: 0x000000)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// A stable, pleasant colour for an avatar badge, derived from `key` (a sender id), so
    /// the same person gets the same colour on every run and in every front end.
    public static func avatar(for key: String) -> Color {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return avatarPalette[Int(hash % UInt32(avatarPalette.count))]
    }

    private static let avatarPalette: [Color] = [
        Color(hex: 0xE5534B), Color(hex: 0xE0823D), Color(hex: 0xC69026), Color(hex: 0x57AB5A),
        Color(hex: 0x39A5A0), Color(hex: 0x4184E4), Color(hex: 0x8256D0), Color(hex: 0xC54D9B),
    ]
}
