/// A point in the layout coordinate space.
///
/// Units are whatever the front end measures in: pixels for GTK, cells for the terminal.
/// The core never assumes either.
public struct Point: Hashable, Sendable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downwards.
    public var y: Double

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A width and a height in layout units.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in layout units.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// The empty rectangle at the origin; used for parts a row does not show.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// Width.
    public var width: Double { size.width }
    /// Height.
    public var height: Double { size.height }
    /// Whether the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `point` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `insets` on each side (never to a negative size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: max(0, size.width - insets.horizontal),
            height: max(0, size.height - insets.vertical)
        )
    }
}

/// Distances inside the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// No inset on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates insets from the four sides.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// One inset for left and right, another for top and bottom.
    public init(horizontal: Double, vertical: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}
