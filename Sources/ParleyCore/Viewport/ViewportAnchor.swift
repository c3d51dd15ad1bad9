/// A scroll position as "this row's edge is this far from the viewport's edge".
///
/// Unlike a pixel offset from the top of the conversation, an anchor does not change when
/// rows above it are added (history pages) or change height: the anchored row stays put.
public struct ViewportAnchor: Hashable, Sendable {
    /// The anchored row.
    public var row: RowID
    /// Which edges are aligned.
    public var edge: Edge
    /// For ``Edge/top``: the row's top is at this y (usually ≤ 0).
    /// For ``Edge/bottom``: the row's bottom is this far above the viewport's bottom.
    public var offset: Double

    /// Creates an anchor.
    public init(row: RowID, edge: Edge = .top, offset: Double = 0) {
        self.row = row
        self.edge = edge
        self.offset = offset
    }

    /// Which edges an anchor aligns.
    public enum Edge: Hashable, Sendable {
        /// The row's top, measured from the viewport's top.
        case top
        /// The row's bottom, measured from the viewport's bottom.
        case bottom
    }
}

/// Where a row should land when scrolled to.
public enum ScrollPosition: Hashable, Sendable {
    /// Its top at the viewport's top.
    case top
    /// Centred.
    case center
    /// Its bottom at the viewport's bottom.
    case bottom
}

/// A row on screen, as listed by ``Viewport/visibleRows(overscan:)``.
///
/// Its row, grouping context and layout are held in one shared, unchanging entry
/// that the viewport keeps from frame to frame while the rows stay the same: a frame
/// lists its rows, a front end reads and passes them on, with one reference counted per
/// row instead of every string and array of a message and its layout (#15). Setting one
/// of them makes the row its own entry.
public struct VisibleRow: Sendable {
    /// A row's index, row, context and layout, as the viewport worked them out.
    final class Entry: Sendable {
        let index: Int
        let row: Row
        let context: RowContext?
        let layout: RowLayout

        init(index: Int, row: Row, context: RowContext?, layout: RowLayout) {
            self.index = index
            self.row = row
            self.context = context
            self.layout = layout
        }
    }

    private(set) var entry: Entry

    /// The y of its top edge in viewport coordinates (negative when partly above).
    public var y: Double

    init(entry: Entry, y: Double) {
        self.entry = entry
        self.y = y
    }

    /// The row's index in the current ``RowList``.
    public var index: Int {
        get { entry.index }
        set { entry = Entry(index: newValue, row: row, context: context, layout: layout) }
    }
    /// The row.
    public var row: Row {
        get { entry.row }
        set { entry = Entry(index: index, row: newValue, context: context, layout: layout) }
    }
    /// Its grouping context (message rows only).
    public var context: RowContext? {
        get { entry.context }
        set { entry = Entry(index: index, row: row, context: newValue, layout: layout) }
    }
    /// Its layout at the viewport's width.
    public var layout: RowLayout {
        get { entry.layout }
        set { entry = Entry(index: index, row: row, context: context, layout: newValue) }
    }

    /// Whether `other` holds the very row, context and layout this one does: `true` when
    /// both were listed from what the viewport worked out once (the same row in frames
    /// while the rows stay the same), known without comparing anything. `false` says
    /// nothing; compare what you need. For front ends that keep what they drew of a row.
    public func isKnownIdentical(to other: VisibleRow) -> Bool { entry === other.entry }

    /// The row's id.
    public var id: RowID { entry.row.id }
    /// The row's frame in viewport coordinates.
    public var frame: Rect { Rect(x: 0, y: y, width: 0, height: entry.layout.height) }
}

/// The scroll bar's thumb, estimated from the anchor's index (exact heights of a million
/// rows are never computed).
public struct ScrollIndicator: Hashable, Sendable {
    /// Where the thumb starts, 0 at the top, as a fraction of the track.
    public var position: Double
    /// The thumb's length as a fraction of the track.
    public var length: Double

    /// Creates a thumb.
    public init(position: Double, length: Double) {
        self.position = position
        self.length = length
    }
}
