internal import CGtk4
import ParleyCore

/// What a row view asks of the list that shows it: the style, fonts, images, the app's
/// custom widgets, and where to send taps on links and the history row.
@MainActor
protocol RowHost: AnyObject {
    /// The style in use.
    var style: ChatStyle { get }
    /// The style's grouping (its date formatters), kept from row to row.
    var grouping: Grouping { get }
    /// Font descriptions matching the layout's measurements.
    var measurer: PangoMeasurer { get }
    /// Loads pictures for image messages, collections and avatars.
    var images: ImageLoader { get }
    /// The app's widget for a custom message, or `nil` when no factory handles its kind.
    func customWidget(for content: CustomContent, in message: MessageID) -> WidgetPointer?
    /// A link in message text was activated; returns whether it was handled.
    func activateLink(_ uri: String, in message: MessageID) -> Bool
    /// The user activated a history row's button (load, or retry).
    func activateHistory(_ edge: HistoryEdge)
    /// Plays audio and video, and says how their playback stands.
    var player: MediaPlayer { get }
    /// Whether plain message text is drawn from the measurer's layout (see
    /// ``MessengerView/paintsMessageText``).
    var paintsMessageText: Bool { get }
}

extension Row {
    /// Whether `other` draws exactly like this row (same identity and same look).
    func looksIdentical(to other: Row) -> Bool {
        switch (self, other) {
        case (.history(let a), .history(let b)): return a == b
        case (.newerHistory(let a), .newerHistory(let b)): return a == b
        case (.typing(let a), .typing(let b)): return a.map(\.id) == b.map(\.id)
        case (.message(let a), .message(let b)): return a.id == b.id && a.looksIdentical(to: b)
        default: return false
        }
    }
}
