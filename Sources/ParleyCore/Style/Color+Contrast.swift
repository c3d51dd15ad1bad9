import Foundation

/// Contrast between colours (WCAG 2), and the nearest colour that reaches a contrast.
///
/// A front end that cannot choose its canvas (a terminal keeps the user's background) uses
/// ``readable(on:minimumContrast:)`` to keep a theme's text legible on whatever is behind it.
extension Color {
    /// The contrast ratio between this colour and `other`, from 1 (the same) to 21 (black on
    /// white); alpha is ignored.
    public func contrastRatio(with other: Color) -> Double {
        let lighter = max(luminance, other.luminance), darker = min(luminance, other.luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// This colour blended with `other`: `amount` 0 is this colour, 1 is `other`.
    public func mixed(with other: Color, amount: Double) -> Color {
        let t = amount.isFinite ? min(1, max(0, amount)) : 0
        return Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha)
    }

    /// This colour when it contrasts with `background` by at least `minimumContrast`;
    /// otherwise the least change of it towards black or white (whichever contrasts more
    /// with `background`) that does, keeping its hue as far as it can. The result is
    /// rounded to 8 bits a channel (and still reaches the contrast); when even black or
    /// white falls short, it is that extreme.
    ///
    /// ```swift
    /// let text = Color(hex: 0x1D1C1D).readable(on: Color(hex: 0x101010), minimumContrast: 4.5)
    /// ```
    public func readable(on background: Color, minimumContrast: Double) -> Color {
        guard contrastRatio(with: background) < minimumContrast else { return self }
        let target = Color.white.contrastRatio(with: background) >= Color.black.contrastRatio(with: background)
            ? Color.white : Color.black
        // Bisect the blend: contrast grows with the amount, towards the extreme colour.
        // Candidates are rounded to 8 bits a channel, so the answer holds once drawn.
        func blend(_ amount: Double) -> Color {
            Color(hex: mixed(with: target, amount: amount).hex, alpha: alpha)
        }
        var low = 0.0, high = 1.0
        for _ in 0..<16 {
            let middle = (low + high) / 2
            if blend(middle).contrastRatio(with: background) >= minimumContrast {
                high = middle
            } else {
                low = middle
            }
        }
        return blend(high)
    }
}
