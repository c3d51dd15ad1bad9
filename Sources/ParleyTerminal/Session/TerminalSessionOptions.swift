extension TerminalSession {
    /// Which terminal modes a ``TerminalSession`` turns on. All are on by default; see
    /// ``headless`` for runs without a person at the terminal.
    public struct Options: Hashable, Sendable {
        /// Switch the line discipline to raw mode (no echo, no line editing, keys like
        /// Ctrl-C delivered as input). Off leaves `termios` untouched.
        public var rawMode: Bool
        /// Draw on the alternate screen (`?1049`), leaving the shell's screen intact.
        public var alternateScreen: Bool
        /// Hide the cursor (`?25`); the messenger draws its own caret.
        public var hideCursor: Bool
        /// Report mouse buttons and the wheel (`?1000`, SGR `?1006`); no motion or drags,
        /// so the terminal keeps its own selection (Shift+drag in most terminals).
        public var mouse: Bool
        /// Bracketed paste (`?2004`): pastes arrive as one ``InputEvent/paste(_:)``.
        public var bracketedPaste: Bool
        /// Focus in/out reports (`?1004`).
        public var focusEvents: Bool
        /// Restore the terminal on SIGINT, SIGTERM, SIGHUP, SIGQUIT and crash signals (then
        /// let the signal act as before) and at `exit`. Turn off only if the program
        /// handles signals itself and calls ``TerminalSession/restore()``.
        public var restoresOnSignals: Bool
        /// How long ``TerminalSession/readEvents(timeout:)`` waits for the rest of an
        /// escape sequence before a lone ESC counts as the Escape key.
        public var escapeDelay: Duration
        /// How long a bracketed paste may go without a byte before it counts as ended
        /// (a terminal that never sends the end marker would otherwise swallow every key,
        /// Ctrl-C included).
        public var pasteTimeout: Duration = .seconds(1)
        /// Let ``TerminalSession/queryCanvas(timeout:)`` ask whether the terminal repeats
        /// characters (REP), so that runs of one character can go as a repeat
        /// (``TerminalSession/repeatsCharacters``). Turn off for a terminal that answers
        /// the probe right but draws repeats wrong.
        public var repeats = true

        /// Creates options; everything is on by default.
        public init(
            rawMode: Bool = true, alternateScreen: Bool = true, hideCursor: Bool = true,
            mouse: Bool = true, bracketedPaste: Bool = true, focusEvents: Bool = true,
            restoresOnSignals: Bool = true, escapeDelay: Duration = .milliseconds(25)
        ) {
            self.rawMode = rawMode
            self.alternateScreen = alternateScreen
            self.hideCursor = hideCursor
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.focusEvents = focusEvents
            self.restoresOnSignals = restoresOnSignals
            self.escapeDelay = escapeDelay
        }

        /// For scripted or recorded runs: raw mode and a hidden cursor, but no alternate
        /// screen, mouse, paste or focus reporting, so the output is just the drawing.
        public static let headless = Options(
            alternateScreen: false, mouse: false, bracketedPaste: false, focusEvents: false)
    }
}
