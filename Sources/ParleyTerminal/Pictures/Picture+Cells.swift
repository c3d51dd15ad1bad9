import ParleyImaging

extension Picture {
    /// The pixel at `x`, `y` blended over `background` by its alpha, as a terminal colour.
    func color(x: Int, y: Int, over background: (UInt8, UInt8, UInt8)) -> TerminalColor {
        let index = (y * width + x) * 4
        let alpha = Int(rgba[index + 3])
        func blend(_ value: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((Int(value) * alpha + Int(under) * (255 - alpha)) / 255)
        }
        return .rgb(blend(rgba[index], background.0), blend(rgba[index + 1], background.1), blend(rgba[index + 2], background.2))
    }
}
