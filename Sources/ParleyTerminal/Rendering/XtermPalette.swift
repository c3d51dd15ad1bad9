/// The colours behind palette indices, and the nearest palette entry to a 24-bit colour.
///
/// Indices 16–231 are the 6×6×6 colour cube and 232–255 the grey ramp, the same in every
/// xterm-compatible terminal. Indices 0–15 are the basic colours, which users theme; for
/// matching, their xterm defaults stand in. Distances are weighted by how the eye sees
/// red, green and blue differently (the "redmean" approximation), so a dark blue is not
/// mistaken for black as often as a plain RGB distance would.
public enum XtermPalette {
    /// A colour's red, green and blue.
    public typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// The six channel levels of the colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default basic colours, standing in for the user's theme.
    static let basic: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The colour of palette entry `index` (the basic ones as xterm shows them by default).
    public static func rgb(of index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return basic[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
    }

    /// The entry of the cube or the grey ramp (16–255) closest to `color`.
    ///
    /// The basic 16 are never chosen: their look depends on the user's theme.
    public static func nearest256(to color: RGB) -> UInt8 {
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for (level, candidate) in cubeLevels.enumerated()
            where abs(candidate - Int(value)) < abs(cubeLevels[best] - Int(value)) {
                best = level
            }
            return best
        }
        let cube = UInt8(16 + 36 * nearestLevel(color.red) + 6 * nearestLevel(color.green) + nearestLevel(color.blue))
        let mean = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let step = min(23, max(0, Int(saturating: (Double(mean - 8) / 10).rounded())))
        let grey = UInt8(232 + step)
        return distance(color, rgb(of: grey)) < distance(color, rgb(of: cube)) ? grey : cube
    }

    /// The basic colour (0–15) closest to `color`, judged by xterm's defaults.
    public static func nearest16(to color: RGB) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in basic.enumerated() {
            let candidateDistance = distance(color, candidate)
            if candidateDistance < bestDistance {
                best = index
                bestDistance = candidateDistance
            }
        }
        return UInt8(best)
    }

    /// How different two colours look: squared channel differences, weighted by the mean
    /// red level (red and blue matter more where there is more red or blue).
    public static func distance(_ a: RGB, _ b: RGB) -> Int {
        let meanRed = (Int(a.red) + Int(b.red)) / 2
        let red = Int(a.red) - Int(b.red)
        let green = Int(a.green) - Int(b.green)
        let blue = Int(a.blue) - Int(b.blue)
        return ((512 + meanRed) * red * red) / 256 + 4 * green * green + ((767 - meanRed) * blue * blue) / 256
    }
}
