/// The SGR bytes that take the terminal's pen from one style to another, worked out once
/// for each pair (``GraphicRendition``) and kept across frames: a screen uses a few dozen
/// styles, and a page of it changes the pen some sixty times (#15).
struct PenChanges {
    private struct Change: Hashable {
        var from: CellStyle?
        var to: CellStyle
    }

    private var known: [Change: [UInt8]] = [:]

    /// The most pairs kept; past it the memo starts again (a theme that keeps changing
    /// colours cannot grow it without bound).
    static let capacity = 1024

    /// `ESC[…m` taking the pen from `current` (nil: unknown) to `target`; empty when
    /// nothing changes.
    mutating func bytes(from current: CellStyle?, to target: CellStyle) -> [UInt8] {
        let change = Change(from: current, to: target)
        if let bytes = known[change] { return bytes }
        let parameters = GraphicRendition.parameters(from: current, to: target)
        let bytes = parameters.isEmpty ? [] : AnsiFrameWriter.csi(parameters, "m")
        if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
        known[change] = bytes
        return bytes
    }
}
