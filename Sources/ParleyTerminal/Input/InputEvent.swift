/// One thing the user did at the terminal, decoded from the bytes it sent.
///
/// ``InputDecoder`` produces every case except ``resize(columns:rows:)``, which
/// ``TerminalSession`` adds when the window size changes (SIGWINCH).
///
/// Typed text arrives as one ``key(_:_:)`` event per grapheme cluster with a
/// ``Key/character(_:)`` key; a bracketed paste arrives whole as ``paste(_:)``.
public enum InputEvent: Hashable, Sendable {
    /// A key press: which key and which modifiers were held.
    case key(Key, KeyModifiers)
    /// The content of a bracketed paste, verbatim. It is data, never commands: it may
    /// contain line breaks (terminals usually send them as CR), tabs and even ESC bytes.
    /// Invalid UTF-8 in it is replaced by U+FFFD.
    case paste(String)
    /// A mouse button, drag, motion or wheel report.
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// The terminal now has this many columns and rows (produced by ``TerminalSession``).
    case resize(columns: Int, rows: Int)
    /// A sequence the decoder did not recognise, with its bytes (at most
    /// ``InputDecoder/maximumSequenceLength`` of them). Safe to ignore.
    case unknown([UInt8])
}

extension InputEvent {
    /// A key event for a plain character with optional modifiers, for brevity in switches
    /// and tests: `.char("c", .ctrl)` is `.key(.character("c"), [.ctrl])`.
    public static func char(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(.character(character), modifiers)
    }
}
