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
public struct VisibleRow: Sendable {
    /// The row's index in the current ``RowList``.
    public var index: Int
    /// The row.
    public var row: Row
    /// Its grouping context (message rows only).
    public var context: RowContext?
    /// Its layout at the viewport's width.
    public var layout: RowLayout
    /// The y of its top edge in viewport coordinates (negative when partly above).
    public var y: Double

    /// The row's id.
    public var id: RowID { row.id }
    /// The row's frame in viewport coordinates.
    public var frame: Rect { Rect(x: 0, y: y, width: 0, height: layout.height) }
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
