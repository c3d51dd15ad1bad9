/// An abstract font: the front end maps it to a real one (Pango description, terminal
/// attributes).
public struct FontSpec: Hashable, Sendable {
    /// The typeface family.
    public var family: Family
    /// Size in points; the terminal front end treats anything above its base size as bold
    /// or large where it can.
    public var size: Double
    /// Stroke weight.
    public var weight: Weight
    /// Whether the face is italic.
    public var isItalic: Bool

    /// Creates a font description.
    public init(family: Family = .body, size: Double, weight: Weight = .regular, isItalic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
    }

    /// Font families, abstract so that each desktop picks its own.
    public enum Family: Hashable, Sendable {
        /// The desktop's interface font.
        case body
        /// A fixed-pitch font.
        case monospace
        /// An emoji font.
        case emoji
        /// A family by name, such as "Inter".
        case named(String)
    }

    /// Font weights.
    public enum Weight: Int, Hashable, Sendable, Comparable {
        /// Thin strokes.
        case light = 300
        /// Text weight.
        case regular = 400
        /// Slightly heavier; sender names.
        case medium = 500
        /// Headings.
        case semibold = 600
        /// Emphasis.
        case bold = 700

        /// Orders by stroke weight.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
