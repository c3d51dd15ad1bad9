/// Text and animation timing of the typing row, shared by the front ends.
public enum TypingIndicator {
    /// "Alice is typing…", "Alice and Bob are typing…", "Alice, Bob and 3 others are typing…";
    /// empty when nobody types. Names are made inert.
    public static func label(for typers: [Sender]) -> String {
        let names = typers.map { InertText.singleLine($0.name) }
        switch names.count {
        case 0: return ""
        case 1: return "\(names[0]) is typing…"
        case 2: return "\(names[0]) and \(names[1]) are typing…"
        case 3: return "\(names[0]), \(names[1]) and \(names[2]) are typing…"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) others are typing…"
        }
    }

    /// The number of dots in the bubble.
    public static let dotCount = 3

    /// Which dot is raised at `time` seconds into the animation (a 1.2 s cycle with a
    /// short rest), or `nil` during the rest.
    public static func raisedDot(at time: Double) -> Int? {
        let phase = time.truncatingRemainder(dividingBy: 1.2)
        let step = Int(phase / 0.3)
        return step < dotCount ? step : nil
    }
}

extension HistoryIndicator {
    /// What the row says.
    public var title: String {
        switch self {
        case .hidden: return ""
        case .loadEarlier: return "Load earlier messages"
        case .loading: return "Loading earlier messages…"
        case .failed(let reason):
            return "Couldn’t load earlier messages (\(InertText.singleLine(reason))). Retry"
        }
    }
}
