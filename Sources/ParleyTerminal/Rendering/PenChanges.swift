/// The SGR bytes that take the terminal's pen from one style to another, worked out once
/// for each pair (``GraphicRendition``) and kept across frames: a screen uses a few dozen
/// styles, and a page of it changes the pen some sixty times (#15).
struct PenChanges {
    private struct Change: Hashable {
        var from: CellStyle?
        var to: CellStyle
    }

    private var known: [Change: [UInt8]] = [:]
    /// The changes met lately, by their styles' slots, ahead of ``known`` (a page looked
    /// up sixty) (#15).
    private var recent = RecentSlots<Change, [UInt8]>()

    /// The most pairs kept; past it the memo starts again (a theme that keeps changing
    /// colours cannot grow it without bound).
    static let capacity = 1024

    /// `ESC[…m` taking the pen from `current` (nil: unknown) to `target`; empty when
    /// nothing changes.
    mutating func bytes(from current: CellStyle?, to target: CellStyle) -> [UInt8] {
        let change = Change(from: current, to: target)
        let slot = ((current.map { $0.slot &* 31 &+ 1 } ?? 0) &+ target.slot) % RecentSlots<Change, [UInt8]>.count
        if let bytes = recent.value(for: change, in: slot) { return bytes }
        if let bytes = known[change] {
            recent.remember(bytes, for: change, in: slot)
            return bytes
        }
        let parameters = GraphicRendition.parameters(from: current, to: target)
        let bytes = parameters.isEmpty ? [] : AnsiFrameWriter.csi(parameters, "m")
        if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
        known[change] = bytes
        recent.remember(bytes, for: change, in: slot)
        return bytes
    }
}
