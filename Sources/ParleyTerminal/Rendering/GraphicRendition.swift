/// SGR parameters (`ESC[…m`) that change a terminal's pen from one style to another.
///
/// Two ways are weighed and the shorter taken: switching off and on only what differs
/// (`22` for bold and faint, `23`, `24`, `27`, `39`, `49`), or resetting with `0` and
/// setting what the new style needs. Colours must already be within the terminal's
/// ``ColorDepth``. SGR 21 is never used to end bold: some terminals read it as double
/// underline.
enum GraphicRendition {
    /// The parameters that take the pen from `current` (nil: unknown) to `target`; empty
    /// when they are the same.
    static func parameters(from current: CellStyle?, to target: CellStyle) -> [Int] {
        if current == target { return [] }
        let reset = [0] + settings(for: target)
        guard let current else { return reset }
        let changes = changes(from: current, to: target)
        return length(of: changes) <= length(of: reset) ? changes : reset
    }

    /// The parameters that set `style` on a freshly reset pen.
    static func settings(for style: CellStyle) -> [Int] {
        var result = attributeCodes(style.attributes)
        if style.foreground != .default { result += colorCodes(style.foreground, background: false) }
        if style.background != .default { result += colorCodes(style.background, background: true) }
        return result
    }

    /// The parameters that change only what differs between two known styles.
    private static func changes(from current: CellStyle, to target: CellStyle) -> [Int] {
        var result: [Int] = []
        let removed = current.attributes.subtracting(target.attributes)
        var added = target.attributes.subtracting(current.attributes)
        if !removed.isDisjoint(with: [.bold, .dim]) {
            // 22 ends both bold and faint; put back the one that stays.
            result.append(22)
            added.formUnion(target.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { result.append(23) }
        if removed.contains(.underline) { result.append(24) }
        if removed.contains(.reverse) { result.append(27) }
        if removed.contains(.strikethrough) { result.append(29) }
        result += attributeCodes(added)
        if current.foreground != target.foreground { result += colorCodes(target.foreground, background: false) }
        if current.background != target.background { result += colorCodes(target.background, background: true) }
        return result
    }

    private static func attributeCodes(_ attributes: CellStyle.Attributes) -> [Int] {
        var result: [Int] = []
        if attributes.contains(.bold) { result.append(1) }
        if attributes.contains(.dim) { result.append(2) }
        if attributes.contains(.italic) { result.append(3) }
        if attributes.contains(.underline) { result.append(4) }
        if attributes.contains(.reverse) { result.append(7) }
        if attributes.contains(.strikethrough) { result.append(9) }
        return result
    }

    /// A colour's parameters; the basic 16 use their short codes.
    private static func colorCodes(_ color: TerminalColor, background: Bool) -> [Int] {
        let offset = background ? 10 : 0
        switch color {
        case .default:
            return [39 + offset]
        case .indexed(let index) where index < 8:
            return [30 + offset + Int(index)]
        case .indexed(let index) where index < 16:
            return [90 + offset + Int(index) - 8]
        case .indexed(let index):
            return [38 + offset, 5, Int(index)]
        case .rgb(let red, let green, let blue):
            return [38 + offset, 2, Int(red), Int(green), Int(blue)]
        }
    }

    /// Bytes the parameters take between `ESC[` and `m`.
    private static func length(of parameters: [Int]) -> Int {
        parameters.reduce(max(0, parameters.count - 1)) { $0 + AnsiFrameWriter.decimalLength($1) }
    }
}
