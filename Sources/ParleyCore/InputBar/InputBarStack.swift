/// A row of ``InputBarItem``s beside or under the input bar's text view.
///
/// The left and right stacks are as wide as ``width`` says, or as their items when it is
/// `nil`; a width of 0 collapses a stack and lets the text view take its room. The bottom
/// stack spans the bar under the text view and ignores ``width``.
public struct InputBarStack: Equatable, Sendable {
    /// Where a stack sits around the text view.
    public enum Position: Hashable, Sendable, CaseIterable {
        /// Before the text view.
        case left
        /// After the text view.
        case right
        /// Under the text view, across the bar.
        case bottom
    }

    /// The items, in order from left to right.
    public var items: [InputBarItem]
    /// The gap between neighbouring items; never negative.
    public var spacing: Double {
        didSet { spacing = spacing.isFinite ? max(0, spacing) : 0 }
    }
    /// A fixed width; `nil` is the items' width plus the gaps. Never negative.
    public var width: Double? {
        didSet { width = width.map { $0.isFinite ? max(0, $0) : 0 } }
    }

    /// An empty stack.
    public static let empty = InputBarStack()

    /// Creates a stack.
    public init(items: [InputBarItem] = [], spacing: Double = 0, width: Double? = nil) {
        self.items = items
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        self.width = width.map { $0.isFinite ? max(0, $0) : 0 }
    }

    /// Stacks are equal when they hold the same item objects, spacing and width.
    public static func == (lhs: InputBarStack, rhs: InputBarStack) -> Bool {
        lhs.spacing == rhs.spacing && lhs.width == rhs.width && lhs.hasSameItems(as: rhs)
    }

    /// Whether both stacks hold the same item objects in the same order.
    func hasSameItems(as other: InputBarStack) -> Bool {
        items.count == other.items.count && zip(items, other.items).allSatisfy { $0 === $1 }
    }

    /// Whether `item` is in the stack.
    func contains(_ item: InputBarItem) -> Bool {
        items.contains { $0 === item }
    }
}
