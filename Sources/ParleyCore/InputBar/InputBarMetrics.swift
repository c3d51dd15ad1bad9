/// Sizes and gaps an ``InputBar`` starts with, in the front end's units.
///
/// Two presets, as for ``ChatMetrics``: ``points`` for pixel front ends (GTK) and ``cells``
/// for the terminal, where one unit is one character cell.
public struct InputBarMetrics: Hashable, Sendable {
    /// Space between the bar's edges and its contents.
    public var padding: EdgeInsets
    /// Gaps around the text view (left, right, and bottom above the bottom stack).
    public var textViewPadding: EdgeInsets
    /// The gap between items in a stack.
    public var stackSpacing: Double
    /// The gap between the text view and a non-empty bottom stack.
    public var bottomStackGap: Double
    /// The size of a main button: send, attachment, camera.
    public var buttonSize: Size
    /// The size of a small button, such as a formatting item in the bottom stack.
    public var smallButtonSize: Size

    /// Creates metrics; start from ``points`` or ``cells`` and change what differs.
    public init(
        padding: EdgeInsets, textViewPadding: EdgeInsets, stackSpacing: Double,
        bottomStackGap: Double, buttonSize: Size, smallButtonSize: Size
    ) {
        self.padding = padding
        self.textViewPadding = textViewPadding
        self.stackSpacing = stackSpacing
        self.bottomStackGap = bottomStackGap
        self.buttonSize = buttonSize
        self.smallButtonSize = smallButtonSize
    }

    /// Pixel metrics for desktop front ends.
    public static let points = InputBarMetrics(
        padding: EdgeInsets(top: 6, left: 12, bottom: 6, right: 12),
        textViewPadding: EdgeInsets(top: 0, left: 0, bottom: 0, right: 8),
        stackSpacing: 8, bottomStackGap: 6,
        buttonSize: Size(width: 32, height: 32), smallButtonSize: Size(width: 24, height: 24)
    )

    /// Character-cell metrics for terminal front ends.
    public static let cells = InputBarMetrics(
        padding: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
        textViewPadding: EdgeInsets(top: 0, left: 0, bottom: 0, right: 1),
        stackSpacing: 1, bottomStackGap: 0,
        buttonSize: Size(width: 3, height: 1), smallButtonSize: Size(width: 3, height: 1)
    )
}
