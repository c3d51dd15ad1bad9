import Foundation

/// An sRGB colour with alpha, components in 0...1.
public struct Color: Hashable, Sendable {
    /// Red.
    public var red: Double
    /// Green.
    public var green: Double
    /// Blue.
    public var blue: Double
    /// Opacity.
    public var alpha: Double

    /// Creates a colour from components in 0...1 (clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(1, max(0, red))
        self.green = min(1, max(0, green))
        self.blue = min(1, max(0, blue))
        self.alpha = min(1, max(0, alpha))
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
        func byte(_ value: Double) -> UInt32 { UInt32((value * 255).rounded()) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// `#rrggbb`, or `rgba(r,g,b,a)` when not opaque; for CSS.
    public var css: String {
        if alpha >= 1 {
            let digits = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
        let r = Int((red * 255).rounded()), g = Int((green * 255).rounded())
        let b = Int((blue * 255).rounded())
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
