/// A key on the keyboard, as far as a terminal can tell keys apart.
///
/// Letters typed with Ctrl arrive as the lower-case letter with ``KeyModifiers/ctrl``
/// (Ctrl+C is `.character("c")` with `[.ctrl]`); Shift+Tab is ``tab`` with
/// ``KeyModifiers/shift``.
public enum Key: Hashable, Sendable {
    /// A printable character: one grapheme cluster (a letter, a CJK ideograph, an emoji
    /// with its modifiers, a flag). A cluster split across two reads from the terminal
    /// may arrive as two characters; appending them in order gives the same text.
    case character(Character)
    /// Enter / Return.
    case enter
    /// Tab (Shift+Tab is `tab` with `.shift`).
    case tab
    /// Backspace (the key left of Enter's row that erases backwards).
    case backspace
    /// Delete (erases forwards).
    case delete
    /// Escape.
    case escape
    /// Up arrow.
    case up
    /// Down arrow.
    case down
    /// Left arrow.
    case left
    /// Right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key: `function(1)` is F1. F1–F12 everywhere; some terminals send up to F20.
    case function(Int)
}
