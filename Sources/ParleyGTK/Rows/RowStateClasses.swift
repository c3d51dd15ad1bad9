import ParleyCore

/// The state classes on a row view's `message` node (its kind, its side and its place in
/// its group), as bits. The list's pool looks for a view that carries a row's classes
/// already, so that the row shows without restyling; it compares them for every idle view,
/// every frame that brings a row in.
struct RowStateClasses: OptionSet, Hashable {
    let rawValue: UInt16

    static let history = RowStateClasses(rawValue: 1 << 0)
    static let newer = RowStateClasses(rawValue: 1 << 1)
    static let typing = RowStateClasses(rawValue: 1 << 2)
    static let incoming = RowStateClasses(rawValue: 1 << 3)
    static let outgoing = RowStateClasses(rawValue: 1 << 4)
    static let notice = RowStateClasses(rawValue: 1 << 5)
    static let single = RowStateClasses(rawValue: 1 << 6)
    static let first = RowStateClasses(rawValue: 1 << 7)
    static let middle = RowStateClasses(rawValue: 1 << 8)
    static let last = RowStateClasses(rawValue: 1 << 9)

    /// Every class with its CSS name.
    static let names: [(RowStateClasses, String)] = [
        (.history, "history"), (.newer, "newer"), (.typing, "typing"), (.incoming, "incoming"), (.outgoing, "outgoing"),
        (.notice, "notice"), (.single, StyleSheet.className(.single)), (.first, StyleSheet.className(.first)),
        (.middle, StyleSheet.className(.middle)), (.last, StyleSheet.className(.last)),
    ]

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The classes of a row view showing `row` in `context`.
    init(row: Row, context: RowContext?) {
        switch row {
        case .history: self = .history
        case .newerHistory: self = [.history, .newer]
        case .typing: self = .typing
        case .message(let message):
            let context = context ?? RowContext(side: .incoming, position: .single)
            self = context.side == .incoming ? .incoming : .outgoing
            switch context.position {
            case .single: insert(.single)
            case .first: insert(.first)
            case .middle: insert(.middle)
            case .last: insert(.last)
            }
            if case .notice = message.content { insert(.notice) }
        }
    }
}
