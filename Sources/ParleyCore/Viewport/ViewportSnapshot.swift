/// What ``Viewport`` reads for one frame under one lock (see ``ChatFrame``).
struct ViewportSnapshot {
    var rows: [VisibleRow]
    var isAtBottom: Bool
    var unreadCount: Int
    var scrollIndicator: ScrollIndicator
    var older: HistoryIndicator
    var newer: HistoryIndicator
    var typers: [Sender]
    var messageCount: Int
    var rowCount: Int
}
