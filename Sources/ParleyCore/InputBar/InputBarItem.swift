/// A button in one of the input bar's stacks: a send arrow, an attachment "+", a camera.
///
/// The model of MessageKit's `InputBarButtonItem`. It holds what the front end draws (a
/// title and/or an icon name), how much room it wants (``size``, ``spacing``), its state
/// (``isEnabled``, ``isSelected``, ``isHighlighted``) and hooks that run when the state or
/// the bar changes. Hooks are set with chaining methods and run only on real transitions:
///
/// ```swift
/// let camera = InputBarItem(id: "camera", iconName: "camera")
///     .onTouchUpInside { _ in openCamera() }
///     .onTextChanged { item, text in item.isEnabled = text.isEmpty }
/// ```
///
/// Each hook slot holds one action; setting it again replaces the previous one. An item
/// belongs to at most one stack of one ``InputBar``.
@MainActor
public final class InputBarItem {
    /// A hook that receives the item.
    public typealias Action = @MainActor (InputBarItem) -> Void
    /// A hook that receives the item and the bar's new text.
    public typealias TextAction = @MainActor (InputBarItem, String) -> Void

    /// Extra room an item asks for beside its content.
    public enum Spacing: Hashable, Sendable {
        /// Adds this much to the item's width.
        case fixed(Double)
        /// The item shares, with the other flexible items, the room left over in a stack
        /// that is wider than its items.
        case flexible
        /// No extra room.
        case none
    }

    /// The font titles are measured in unless an item says otherwise.
    public static let defaultFont = FontSpec(size: 11, weight: .medium)

    /// Identifies the item in layouts and events; unique within a bar.
    public let id: String
    /// Text drawn on the item, such as "Send" or "@"; `nil` for an icon-only item.
    public var title: String? { didSet { if title != oldValue { contentDidChange() } } }
    /// The name of the icon the front end draws, such as "send" or "camera".
    public var iconName: String? { didSet { if iconName != oldValue { contentDidChange() } } }
    /// A fixed size; `nil` sizes the item to its content (see ``intrinsicSize(measuredBy:)``).
    public var size: Size? { didSet { if size != oldValue { contentDidChange() } } }
    /// Extra room beside the content.
    public var spacing: Spacing { didSet { if spacing != oldValue { contentDidChange() } } }
    /// The font the title is drawn and measured in.
    public var font: FontSpec { didSet { if font != oldValue { contentDidChange() } } }
    /// Space around the content; `nil` pads a title with half a line height on each side.
    public var contentInsets: EdgeInsets? {
        didSet { if contentInsets != oldValue { contentDidChange() } }
    }

    /// Whether the item reacts to clicks; runs ``onEnabled(_:)`` or ``onDisabled(_:)`` hooks
    /// when it changes.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            (isEnabled ? enabledAction : disabledAction)?(self)
            stateDidChange()
        }
    }

    /// Whether the item is toggled on; runs ``onSelected(_:)`` or ``onDeselected(_:)``
    /// hooks when it changes.
    public var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            (isSelected ? selectedAction : deselectedAction)?(self)
            stateDidChange()
        }
    }

    /// Whether the item is left out of the bar: a hidden item takes no room and has no
    /// frame in ``InputBarLayout/itemFrames`` (a front end hides items it cannot act on).
    public var isHidden = false {
        didSet { if isHidden != oldValue { contentDidChange() } }
    }

    /// Whether a click does anything: the item has an ``onTouchUpInside(_:)`` hook or an
    /// action of the bar's own (the send item sends).
    public var hasAction: Bool { touchUpInsideAction != nil || primaryAction != nil }

    /// Whether the pointer is pressed on the item; the front end sets it while a press lasts.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// The bar the item is in; `nil` when it is in none.
    public internal(set) weak var inputBar: InputBar?
    /// The stack the item is in; `nil` when it is in none.
    public internal(set) var position: InputBarStack.Position?

    /// What the bar itself does on a click (the send item sends); runs after the hook.
    var primaryAction: (@MainActor () -> Void)? {
        didSet { if (primaryAction == nil) != (oldValue == nil) { contentDidChange() } }
    }

    /// Getting or losing an action is a change of content: a front end that hides items
    /// without one (the terminal) lays the bar out again.
    private var touchUpInsideAction: Action? {
        didSet { if (touchUpInsideAction == nil) != (oldValue == nil) { contentDidChange() } }
    }
    private var textChangedAction: TextAction?
    private var selectedAction: Action?
    private var deselectedAction: Action?
    private var enabledAction: Action?
    private var disabledAction: Action?
    private var editingBeganAction: Action?
    private var editingEndedAction: Action?

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id: Identifies the item in layouts and events.
    ///   - title: Text drawn on the item.
    ///   - iconName: The icon the front end draws.
    ///   - size: A fixed size; `nil` sizes the item to its content.
    ///   - spacing: Extra room beside the content.
    ///   - font: The font of the title.
    public init(
        id: String, title: String? = nil, iconName: String? = nil, size: Size? = nil,
        spacing: Spacing = .none, font: FontSpec = InputBarItem.defaultFont
    ) {
        self.id = id
        self.title = title
        self.iconName = iconName
        self.size = size
        self.spacing = spacing
        self.font = font
    }

    // MARK: Hooks

    /// Sets the action run when the item is clicked while enabled.
    @discardableResult
    public func onTouchUpInside(_ action: @escaping Action) -> Self {
        touchUpInsideAction = action
        return self
    }

    /// Sets the action run after the bar's text changes, with the new text.
    @discardableResult
    public func onTextChanged(_ action: @escaping TextAction) -> Self {
        textChangedAction = action
        return self
    }

    /// Sets the action run when ``isSelected`` turns on.
    @discardableResult
    public func onSelected(_ action: @escaping Action) -> Self {
        selectedAction = action
        return self
    }

    /// Sets the action run when ``isSelected`` turns off.
    @discardableResult
    public func onDeselected(_ action: @escaping Action) -> Self {
        deselectedAction = action
        return self
    }

    /// Sets the action run when ``isEnabled`` turns on.
    @discardableResult
    public func onEnabled(_ action: @escaping Action) -> Self {
        enabledAction = action
        return self
    }

    /// Sets the action run when ``isEnabled`` turns off.
    @discardableResult
    public func onDisabled(_ action: @escaping Action) -> Self {
        disabledAction = action
        return self
    }

    /// Sets the action run when the bar's text view starts editing (takes the focus).
    @discardableResult
    public func onEditingBegan(_ action: @escaping Action) -> Self {
        editingBeganAction = action
        return self
    }

    /// Sets the action run when the bar's text view stops editing (loses the focus).
    @discardableResult
    public func onEditingEnded(_ action: @escaping Action) -> Self {
        editingEndedAction = action
        return self
    }

    // MARK: Events from the front end and the bar

    /// The front end calls this when the item is clicked: runs the
    /// ``onTouchUpInside(_:)`` hook, then the bar's own action (the send item sends).
    /// Does nothing while the item is disabled.
    public func touchUpInside() {
        guard isEnabled else { return }
        touchUpInsideAction?(self)
        primaryAction?()
    }

    func textDidChange(to text: String) {
        textChangedAction?(self, text)
    }

    func editingDidBegin() {
        editingBeganAction?(self)
    }

    func editingDidEnd() {
        editingEndedAction?(self)
    }

    // MARK: Size

    /// The size the item asks for in a stack, ``spacing`` included.
    ///
    /// With a fixed ``size``, that size. Otherwise the title measured on one line, beside a
    /// square icon one line high when there is an icon name, inside ``contentInsets``. A
    /// `.fixed` spacing adds to the width.
    public func intrinsicSize(measuredBy measurer: any TextMeasurer) -> Size {
        var result: Size
        if let size {
            result = Size(width: Self.clamped(size.width), height: Self.clamped(size.height))
        } else {
            let line = Self.clamped(measurer.measure("", font: font, maxWidth: 1).size.height)
            let titleSize = title.flatMap { title -> Size? in
                guard !title.isEmpty else { return nil }
                return measurer.measure(title, font: font, maxWidth: Self.unbounded).size
            }
            let icon = iconName == nil ? 0 : line
            let gap = titleSize != nil && iconName != nil ? line / 2 : 0
            let automatic = EdgeInsets(top: 0, left: line / 2, bottom: 0, right: line / 2)
            let insets = contentInsets ?? (titleSize == nil ? .zero : automatic)
            result = Size(
                width: Self.clamped(icon + gap + (titleSize?.width ?? 0) + insets.horizontal),
                height: Self.clamped(max(icon, titleSize?.height ?? 0) + insets.vertical))
        }
        if case .fixed(let extra) = spacing { result.width += Self.clamped(extra) }
        return result
    }

    /// Whether the item takes a share of a stack's leftover width.
    var isFlexible: Bool { spacing == .flexible }

    /// A width wide enough for any title, small enough for every measurer's integer units.
    private static let unbounded: Double = 100_000

    private static func clamped(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }

    private func contentDidChange() {
        inputBar?.itemContentDidChange(self)
    }

    private func stateDidChange() {
        inputBar?.itemStateDidChange(self)
    }
}
