/// A mouse report from the terminal (SGR mode 1006, with the legacy encodings understood too).
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// The mouse moved with a button held (needs mode 1002 or 1003).
        case drag
        /// The mouse moved with no button held (needs mode 1003).
        case move
        /// The wheel turned away from the user (content scrolls up / back).
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
        /// Horizontal scroll to the left (tilt wheel, touchpad).
        case wheelLeft
        /// Horizontal scroll to the right.
        case wheelRight
    }

    /// Which button.
    public enum Button: Hashable, Sendable {
        /// The primary button.
        case left
        /// The middle button (wheel click).
        case middle
        /// The secondary button.
        case right
        /// No button: motion without a button, wheel events, and legacy releases.
        case none
    }

    /// What happened.
    public var kind: Kind
    /// Which button was involved.
    public var button: Button
    /// The cell's column, 0-based from the left.
    public var column: Int
    /// The cell's row, 0-based from the top.
    public var row: Int
    /// Modifier keys held (terminals report Shift, Alt and Ctrl, though many keep
    /// Shift+click for their own selection).
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(kind: Kind, button: Button, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

extension MouseEvent {
    /// Decodes an xterm button code `b` (already without the legacy +32 offset) at 0-based
    /// `column`/`row`. `released` is true for SGR's final `m`. Returns nil for codes no
    /// case describes (extra buttons 8–11).
    init?(buttonCode b: Int, column: Int, row: Int, released: Bool) {
        guard b >= 0, b < 128 else { return nil }
        let column = max(0, column), row = max(0, row)
        var modifiers: KeyModifiers = []
        if b & 4 != 0 { modifiers.insert(.shift) }
        if b & 8 != 0 { modifiers.insert(.alt) }
        if b & 16 != 0 { modifiers.insert(.ctrl) }
        let low = b & 3
        let button: Button = [.left, .middle, .right, .none][low]
        let kind: Kind
        if b & 64 != 0 {
            kind = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
            self.init(kind: kind, button: .none, column: column, row: row, modifiers: modifiers)
            return
        } else if b & 32 != 0 {
            kind = button == .none ? .move : .drag
        } else if released || low == 3 {
            kind = .release
        } else {
            kind = .press
        }
        self.init(kind: kind, button: button, column: column, row: row, modifiers: modifiers)
    }
}
