/// The typing row's animation timing, shared by the front ends (its text is
/// ``ChatStrings/typingLabel(for:)``).
public enum TypingIndicator {
    /// The number of dots in the bubble.
    public static let dotCount = 3

    /// Which dot is raised at `time` seconds into the animation (a 1.2 s cycle with a
    /// short rest), or `nil` during the rest.
    public static func raisedDot(at time: Double) -> Int? {
        let phase = time.truncatingRemainder(dividingBy: 1.2)
        let step = Int(saturating: phase / 0.3)
        return step < dotCount ? step : nil
    }
}
