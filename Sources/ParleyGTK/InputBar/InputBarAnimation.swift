import ParleyCore

/// A short transition of the bar's frames, started when the model asks for an animated
/// change (a stack's width, animated items): from the frames on screen towards the
/// current layout, eased out.
///
/// It interpolates towards whatever the layout is at each frame rather than a fixed end,
/// so text typed while a stack collapses (a taller text frame) shows at once, and the
/// transition stays interruptible: a new one starts from where this one is.
struct InputBarAnimation {
    /// How long a transition lasts, in seconds.
    static let duration = 0.18

    /// The frames on screen when the transition started.
    let from: InputBarLayout
    /// The frame time it started, in seconds.
    let start: Double

    /// Whether the transition is over at `time`.
    func isFinished(at time: Double) -> Bool {
        time - start >= Self.duration
    }

    /// The frames to show at `time` on the way to `target`.
    func layout(at time: Double, towards target: InputBarLayout) -> InputBarLayout {
        let linear = min(1, max(0, (time - start) / Self.duration))
        let progress = 1 - (1 - linear) * (1 - linear) * (1 - linear)
        guard progress < 1 else { return target }
        var result = target
        result.leftStackFrame = Self.mix(from.leftStackFrame, target.leftStackFrame, progress)
        result.textFrame = Self.mix(from.textFrame, target.textFrame, progress)
        result.rightStackFrame = Self.mix(from.rightStackFrame, target.rightStackFrame, progress)
        result.bottomStackFrame = Self.mix(from.bottomStackFrame, target.bottomStackFrame, progress)
        result.itemFrames = target.itemFrames.map { item in
            guard let old = from.itemFrames.first(where: { $0.id == item.id && $0.position == item.position })
            else { return item }
            var mixed = item
            mixed.frame = Self.mix(old.frame, item.frame, progress)
            return mixed
        }
        return result
    }

    /// Whether two layouts put anything in a different place.
    static func framesDiffer(_ a: InputBarLayout, _ b: InputBarLayout) -> Bool {
        a.leftStackFrame != b.leftStackFrame || a.textFrame != b.textFrame
            || a.rightStackFrame != b.rightStackFrame || a.bottomStackFrame != b.bottomStackFrame
            || a.itemFrames != b.itemFrames
    }

    private static func mix(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
            width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }
}
