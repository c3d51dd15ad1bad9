import Foundation

/// Where image bytes come from.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk.
    case file(path: String)
    /// A remote image the front end downloads and caches.
    case url(URL)
    /// Encoded image bytes (PNG, JPEG, ...) carried in the message.
    case data(Data)
}

/// An image message.
public struct ImageContent: Hashable, Sendable {
    /// Where the image comes from.
    public var source: ImageSource
    /// The image's pixel size when known; lets the layout reserve the right space before
    /// the image is decoded. Without it the layout uses the style's placeholder size.
    public var sizeHint: Size?
    /// Optional text shown under the image and used as its accessible description.
    public var caption: String?

    /// Creates image content.
    public init(source: ImageSource, sizeHint: Size? = nil, caption: String? = nil) {
        self.source = source
        self.sizeHint = sizeHint
        self.caption = caption
    }
}

/// A grid of items laid out in a fixed number of rows, scrolling sideways when wide
/// (NMessenger's collection-view message: a carousel of cards or a photo strip).
public struct CollectionContent: Hashable, Sendable {
    /// The items, filled column by column.
    public var items: [CollectionItem]
    /// How many rows the grid has (at least 1).
    public var rows: Int

    /// Creates a collection; `rows` is clamped to at least 1.
    public init(items: [CollectionItem], rows: Int = 1) {
        self.items = items
        self.rows = max(1, rows)
    }

    /// The number of columns needed to hold every item in ``rows`` rows.
    public var columns: Int {
        items.isEmpty ? 0 : (items.count + rows - 1) / rows
    }
}

/// One cell of a ``CollectionContent``.
public enum CollectionItem: Hashable, Sendable {
    /// A picture filling the cell.
    case image(ImageSource)
    /// A text card.
    case text(String)
}
