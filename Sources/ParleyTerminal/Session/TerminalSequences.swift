extension TerminalSession {
    /// The bytes that switch the terminal into the modes `options` asks for, in order:
    /// alternate screen, hidden cursor, mouse (button presses and the wheel only, 1000,
    /// in SGR form, 1006), bracketed paste, focus.
    public static func enterSequence(for options: Options) -> [UInt8] {
        var sequence = ""
        if options.alternateScreen { sequence += "\u{1B}[?1049h" }
        if options.hideCursor { sequence += "\u{1B}[?25l" }
        // Button tracking only: no motion reports, so the terminal's own selection
        // (Shift+drag in most) is not fought over.
        if options.mouse { sequence += "\u{1B}[?1000h\u{1B}[?1006h" }
        if options.bracketedPaste { sequence += "\u{1B}[?2004h" }
        if options.focusEvents { sequence += "\u{1B}[?1004h" }
        return Array(sequence.utf8)
    }

    /// The bytes that undo ``enterSequence(for:)`` in reverse order: end any synchronized
    /// update (2026) a frame left open, the scroll region reset to the whole screen
    /// (`CSI r`, which a frame cut off mid-scroll may have left set), focus off, paste off, every mouse mode off (1006,
    /// 1003, 1002, 1000), cursor shown, alternate screen left, attributes reset (SGR 0).
    ///
    /// Turning off a mode that was never on is harmless, so all of them are sent whatever
    /// the options; only leaving the alternate screen depends on having entered it, since
    /// it also restores a saved cursor position.
    public static func restoreSequence(for options: Options) -> [UInt8] {
        var sequence = "\u{1B}[?2026l"
        // CSI r also homes the cursor: harmless on the alternate screen, which is left
        // next; on the main screen the cursor is saved around it (DECSC, DECRC).
        sequence += options.alternateScreen ? "\u{1B}[r" : "\u{1B}7\u{1B}[r\u{1B}8"
        sequence += "\u{1B}[?1004l"
        sequence += "\u{1B}[?2004l"
        sequence += "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
        sequence += "\u{1B}[?25h"
        if options.alternateScreen { sequence += "\u{1B}[?1049l" }
        sequence += "\u{1B}[0m"
        return Array(sequence.utf8)
    }

    /// ``restoreSequence(for:)`` with the default options (everything on).
    public static let restoreSequence: [UInt8] = restoreSequence(for: Options())
}
