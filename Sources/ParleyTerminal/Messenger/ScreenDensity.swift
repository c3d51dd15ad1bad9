/// How tightly a ``ChatScreen`` sets its rows.
///
/// Regular bubbles take a row of frame above and below their text; compact ones none, so
/// a one-line message takes one row and a screen of 40 rows shows about three times as
/// many messages (`ChatStyle.isCompact`).
public enum ScreenDensity: Hashable, Sendable {
    /// Bubbles with a half-block frame above and below the text.
    case regular
    /// Bubbles without rows of frame: the text's rows on the bubble's colour.
    case compact
    /// Compact on screens shorter than ``compactBelowRows`` rows, regular on taller ones.
    case automatic

    /// The height under which ``automatic`` is compact.
    public static let compactBelowRows = 50

    /// Whether a screen `rows` high is compact at this density.
    public func isCompact(rows: Int) -> Bool {
        switch self {
        case .regular: return false
        case .compact: return true
        case .automatic: return rows < Self.compactBelowRows
        }
    }
}
