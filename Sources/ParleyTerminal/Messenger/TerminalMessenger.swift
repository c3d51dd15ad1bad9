import Foundation
import ParleyCore

/// A ``ChatScreen`` running in the real terminal: the full-screen chat client.
///
/// ```swift
/// let screen = ChatScreen(conversation: chat, style: .dark)
/// screen.inputBar.onSend { text in chat.append(.text(text)) }
/// try await TerminalMessenger(screen: screen).run()
/// ```
///
/// Input is read on a thread of its own and handed to the main actor, so the bot, the
/// pager and the app's own tasks keep running while the user is idle. A frame is drawn
/// after each batch of input and conversation changes; when nothing on screen changed
/// the renderer writes nothing at all. Animations (typing dots, the loading spinner) tick
/// only while one is on screen; otherwise the loop sleeps until something happens. The terminal is restored on every exit, signals included.
@MainActor
public final class TerminalMessenger {
    /// The screen shown.
    public let screen: ChatScreen
    private let session: TerminalSession
    private var renderer: AnsiRenderer
    private let started = Date()
    /// Whether the user's window title was pushed before the screen changed it.
    private var savedTitle = false
    /// While ``run()`` runs: where events come in, how it ends, and the animation clock.
    private var inbox: LoopInbox?
    private var finished: CheckedContinuation<Void, any Error>?
    private var ticker: Task<Void, Never>?

    /// Takes over the terminal (raw mode, alternate screen, mouse, bracketed paste) and,
    /// with colours on, asks it for its background (``TerminalSession/queryCanvas(timeout:)``)
    /// unless the screen has a ``ChatScreen/canvas`` already. The same query tells whether
    /// the terminal repeats characters, and the renderer then sends bubble edges as one
    /// half block and a repeat.
    ///
    /// - Parameters:
    ///   - screen: The chat screen to show and drive.
    ///   - environment: Decides the colour depth (COLORTERM, TERM, NO_COLOR) and the glyphs
    ///     (TERM=linux: the console's).
    ///   - options: The terminal modes the session turns on.
    /// - Throws: ``TerminalError`` when standard input or output is not a terminal.
    public init(
        screen: ChatScreen, environment: [String: String] = ProcessInfo.processInfo.environment,
        options: TerminalSession.Options = TerminalSession.Options()
    ) throws {
        self.screen = screen
        session = try TerminalSession(options: options)
        let depth = ColorDepth.detect(from: environment)
        renderer = AnsiRenderer(colorDepth: depth, erasesWithBackground: AnsiRenderer.erasesWithBackground(environment: environment))
        screen.colorDepth = depth
        screen.glyphs = GlyphRepertoire(environment: environment)
        // Keep the user's background where the terminal says what it is; else the
        // screen paints its theme's.
        if screen.usesColor, screen.canvas == nil, let canvas = try? session.queryCanvas() {
            screen.canvas = canvas
        }
        // The same query found whether runs of one character may go as a repeat, and
        // whether frames need wrapping in synchronized output (16 bytes a frame that a
        // terminal without the mode ignores).
        renderer.repeatsCharacters = session.repeatsCharacters
        if let synchronizes = session.synchronizesOutput { renderer.synchronizedOutput = synchronizes }
        let size = session.size
        screen.resize(columns: size.columns, rows: size.rows)
    }

    /// Runs until the user quits (Ctrl-C, or Ctrl-D on an empty composer) or the terminal
    /// goes away; restores the terminal before returning. Cancelling the task that runs it
    /// ends it too.
    public func run() async throws {
        defer {
            if savedTitle { try? session.write(TerminalRequest.popTitle) }
            session.restore()
        }
        let inbox = LoopInbox { [weak self] events in self?.take(events) }
        let reader = InputReader(session: session, inbox: inbox)
        Thread.detachNewThread { reader.run() }
        let observation = screen.conversation.observe { _ in inbox.post(.changed) }
        screen.pictures.onChange = { inbox.post(.changed) }
        screen.presenter.onNeedsDisplay = { inbox.post(.changed) }
        // An app that plays media reports its progress here; the rows follow it.
        let playing = screen.presenter.playback.observe { _, _ in inbox.post(.changed) }
        self.inbox = inbox
        defer {
            ticker?.cancel()
            ticker = nil
            observation.cancel()
            playing.cancel()
            screen.presenter.onNeedsDisplay = nil
            self.inbox = nil
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (finished: CheckedContinuation<Void, any Error>) in
                self.finished = finished
                take([])
            }
        } onCancel: {
            inbox.post(.closed)
        }
    }

    /// What the main actor does with a batch of events: applies them all, then draws one
    /// frame, unless the batch was only input the messenger ignores (a key it has no use
    /// for draws nothing); ends ``run()`` on a quit, a closed terminal or a failed write.
    private func take(_ events: [LoopEvent]) {
        guard let finished else { return }
        var outcome: Result<Void, any Error>?
        // The first batch (run's own) draws the first frame.
        var drawsFrame = events.isEmpty
        loop: for event in events {
            switch event {
            case .input(let inputs):
                for input in inputs {
                    switch handle(input) {
                    case .quit:
                        outcome = .success(())
                        break loop
                    case .handled: drawsFrame = true
                    case .ignored: break
                    }
                }
            case .changed, .tick: drawsFrame = true
            case .closed:
                outcome = .success(())
                break loop
            }
        }
        if outcome == nil, drawsFrame {
            do { tick(try draw()) } catch { outcome = .failure(error) }
        }
        if let outcome {
            self.finished = nil
            finished.resume(with: outcome)
        }
    }

    /// Starts the clock while something on screen moves and stops it when nothing does;
    /// idle, the loop sleeps.
    private func tick(_ animating: Bool) {
        if animating, ticker == nil, let inbox {
            ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 80_000_000)
                    inbox.post(.tick)
                }
            }
        } else if !animating {
            ticker?.cancel()
            ticker = nil
        }
    }

    /// Draws a frame; returns whether something on screen animates.
    private func draw() throws -> Bool {
        let (buffer, cursor) = screen.render(time: Date().timeIntervalSince(started))
        let hint = screen.takeScrollHint()
        let bytes = renderer.render(buffer, cursor: cursor, scrollHint: hint)
        if !bytes.isEmpty { try session.write(bytes) }
        for request in screen.takeRequests() {
            if case .title = request, !savedTitle {
                // Keep the user's title on the terminal's stack, to put back at the end.
                try session.write(TerminalRequest.pushTitle)
                savedTitle = true
            }
            try session.write(request.bytes)
        }
        return screen.isAnimating
    }

    /// What an input event came to.
    private enum Handling {
        /// It may have changed the screen.
        case handled
        /// The messenger has no use for it: nothing changed.
        case ignored
        /// It ends the messenger.
        case quit
    }

    /// Applies one input event.
    private func handle(_ event: InputEvent) -> Handling {
        switch event {
        case .resize(let columns, let rows):
            screen.resize(columns: columns, rows: rows)
            renderer.invalidate()
            return .handled
        case .focus(let focused):
            screen.isFocused = focused
            return .handled
        case .key(.character("l"), let modifiers) where modifiers == .ctrl:
            renderer.invalidate()
            return .handled
        default:
            guard let command = Self.command(for: event, composerIsEmpty: screen.inputBar.text.isEmpty) else { return .ignored }
            return screen.perform(command) ? .handled : .quit
        }
    }

    /// The command an input event means, or `nil` for events the messenger ignores.
    ///
    /// Keys: Enter sends; Alt+Enter or Shift+Enter adds a line; ↑/↓ move through a draft
    /// of several lines, recall my last messages to edit on an empty composer, and
    /// otherwise scroll one row (``MessengerCommand/lineUp``); Ctrl+↑/↓ always scroll one
    /// row; PgUp/PgDn a page; Ctrl+Home/Ctrl+End go to the oldest/newest message; Home/End,
    /// ←/→ and Ctrl-A/E/W/U/K edit the composer; Alt+↑/↓ select a message, Alt+R replies
    /// to it and Alt+1…6 react to it (without a selection: the newest message from someone
    /// else); Alt+C copies the selected (or newest) message to the clipboard (OSC 52); Tab
    /// completes the "@name" being typed; Delete on an empty composer deletes the selected
    /// message (when `ChatPresenter.canDelete` allows); Ctrl-Z undoes a
    /// deletion while "Undo" shows; Esc cancels a reply, then the selection, then returns
    /// to the newest message;
    /// Ctrl-F searches the conversation (``MessengerCommand/search``);
    /// Ctrl-C quits, as does Ctrl-D on an empty composer. The wheel scrolls three rows;
    /// a left click selects the message under it and taps, a right click long-presses.
    public static func command(for event: InputEvent, composerIsEmpty: Bool) -> MessengerCommand? {
        switch event {
        case .paste(let text): return .insert(text)
        case .mouse(let mouse):
            switch (mouse.kind, mouse.button) {
            case (.wheelUp, _): return .scroll(-3)
            case (.wheelDown, _): return .scroll(3)
            case (.press, .left): return .click(x: mouse.column, y: mouse.row)
            case (.press, .right): return .longPress(x: mouse.column, y: mouse.row)
            default: return nil
            }
        case .key(let key, let modifiers):
            let ctrl = modifiers.contains(.ctrl), alt = modifiers.contains(.alt)
            switch key {
            case .character(let character) where ctrl:
                switch character {
                case "c": return .quit
                case "d": return composerIsEmpty ? .quit : .delete
                case "a": return .lineStart
                case "e": return .lineEnd
                case "w": return .deleteWordBack
                case "u": return .killToLineStart
                case "k": return .killToLineEnd
                case "l": return .repaint
                case "z": return .undo
                case "f": return .search
                default: return nil
                }
            case .character(let character) where alt:
                if character == "r" || character == "R" { return .reply }
                if character == "c" || character == "C" { return .copy }
                if let digit = character.wholeNumberValue, (1...ChatPresenter.quickReactions.count).contains(digit) {
                    return .react(digit - 1)
                }
                return nil
            case .character(let character): return .insert(String(character))
            case .enter: return alt || modifiers.contains(.shift) ? .newline : .send
            case .backspace: return ctrl || alt ? .deleteWordBack : .backspace
            case .delete: return .delete
            case .left: return .cursorLeft
            case .right: return .cursorRight
            case .home: return ctrl ? .scrollToTop : .lineStart
            case .end: return ctrl ? .scrollToBottom : .lineEnd
            case .up: return alt ? .selectPrevious : ctrl ? .scroll(-1) : .lineUp
            case .down: return alt ? .selectNext : ctrl ? .scroll(1) : .lineDown
            case .pageUp: return .page(-1)
            case .pageDown: return .page(1)
            case .escape: return .cancel
            case .tab: return .completeMention
            default: return nil
            }
        default: return nil
        }
    }
}

/// Reads the terminal on its own thread. Only this thread reads the session (and its
/// decoder); the main actor only writes to it and finally restores it, which makes the
/// read fail and the thread end. Input is handed over synchronously, so the frame it
/// causes is drawn before the next read (keys typed meanwhile wait in the terminal and
/// come in one batch).
private final class InputReader: @unchecked Sendable {
    let session: TerminalSession
    let inbox: LoopInbox

    init(session: TerminalSession, inbox: LoopInbox) {
        self.session = session
        self.inbox = inbox
    }

    func run() {
        while true {
            do {
                let events = try session.readEvents(timeout: .milliseconds(500))
                // Drawn on this thread while the main queue is idle: one wake-up a key.
                if !events.isEmpty { inbox.postAndDeliver(.input(events)) }
            } catch {
                inbox.post(.closed)
                return
            }
        }
    }
}
