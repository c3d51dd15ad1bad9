import Foundation
import ParleyCore
import ParleyDemoKit
import ParleySQLite
import ParleyTerminal

/// Builds the demo: the conversation, its history, the bot, and the screen around them.
@MainActor
struct DemoApp {
    let screen: ChatScreen
    let bot: DemoBot
    let historyNote: String?
    /// For a transcript shown while it is indexed: the line about what was opened, once it
    /// is (the newest page is shown again meanwhile if the file is out of order).
    let opened: Task<String?, Never>?
    /// Where the conversation is kept; closed when the demo ends.
    let history: DemoHistory
    /// Keeps the store in step with the conversation while the demo runs.
    private(set) var mirror: Observation?
    /// "Saving…" beside the title while writes wait (a locked or full store).
    private(set) var saving: SaveStatusLine?

    struct Options {
        var theme = "light"
        var transcript: String?
        /// The store to keep the conversation in; `nil` uses the default under
        /// XDG_DATA_HOME unless ``ephemeral``.
        var history: String?
        /// Keep nothing: the conversation lives in memory only.
        var ephemeral = false
        var columns = 80
        var rows = 24
        var usesColor = true
        var pace = 1.0
        var greets = true
        var density = ScreenDensity.automatic
        /// Fetch previews of the pages messages link to.
        var fetchesLinkPreviews = false
        /// A Matrix room to show instead of the bot's conversation.
        var matrix: MatrixDemo?
        /// Shown as a plain transcript (``PlainMessenger``): the bot's help says what works there.
        var plain = false
    }


    init(options: Options) throws {
        var historyOptions = DemoHistory.Options()
        historyOptions.transcript = options.transcript
        // A transcript shows from its end at once while it is indexed.
        historyOptions.opening = options.transcript.map { TranscriptOpening(path: $0, me: DemoCast.me) }
        historyOptions.history = options.history
        historyOptions.ephemeral = options.ephemeral
        // On Matrix the room is the history: the local store stays out of it.
        if options.matrix != nil { historyOptions = DemoHistory.Options(); historyOptions.ephemeral = true; historyOptions.seedsEphemeral = false }
        let history = try DemoHistory(options: historyOptions)
        let matrix = options.matrix
        let conversation = matrix?.room.conversation ?? history.conversation
        let style = DemoArguments.style(named: options.theme) ?? .light
        let bar = InputBar.preset(for: style, units: .cells)
        let title = matrix.map { "\($0.title)   (Ctrl-C quits)" } ?? options.transcript.map { "Parley — \(($0 as NSString).lastPathComponent)" }
            ?? "Parley demo — Alice, Bob, Parley Bot   (type “help”, Ctrl-C quits)"
        let screen = ChatScreen(
            conversation: conversation, style: style, inputBar: bar, title: title,
            columns: options.columns, rows: options.rows, usesColor: options.usesColor,
            density: options.density)
        screen.register(kind: Poll.kind, PollRenderer.draw)
        if let draft = history.savedDraft { bar.draft = draft }
        let pager = matrix?.pager ?? history.pager
        // Failures show through the save states below (they stay queued and retried).
        mirror = history.mirror { _ in }
        saving = history.saveStates().map { states in
            SaveStatusLine(states: states) { line in screen.title = line.map { "⚠ \($0)" } ?? title }
        }
        screen.pager = pager
        screen.presenter.searcher = matrix == nil ? history.searcher : ConversationSearch(conversation)
        if let matrix {
            matrix.room.follow(bar)
            // Room pictures are authenticated media: fetched with the session's token.
            screen.pictures.fetcher = matrix.imageFetcher
            screen.onEdit = { id, content in matrix.room.edited(id, to: content) }
        }
        if options.fetchesLinkPreviews { screen.presenter.linkPreviews = DemoLinkPreviews.fetcher() }
        let bot = DemoBot(conversation: conversation, pace: options.pace, helpText: options.plain ? Self.plainHelpText : Self.helpText)
        // Sent means saved: the mark waits for the store to have the message on disk.
        if let store = history.store { bot.keepsMessage = { @Sendable in await store.flush() } }
        let presenter = screen.presenter
        // The screen sends in the present (after a jump it returns there first).
        bar.members = [DemoCast.alice, DemoCast.bob, DemoCast.bot]  // "@" suggests them
        // /jump is a command, not a message: it acts where the view is (a message sent
        // after a jump brings the view back to the present first).
        bar.onCommand { text in
            guard let request = JumpCommand.parse(text) else { return false }
            Task { @MainActor in await JumpCommand.perform(request, on: presenter, jump: presenter.jump(to:), latest: presenter.returnToLatest) }
            return true
        }
        bar.onSendMessage { content, reply in
            let text = content.summary
            if let matrix { return matrix.send(content, reply: reply) }
            let id = conversation.append(content, status: .sending, replyTo: reply)
            bot.userSent(id, text: text)
        }
        // What the demo does with taps: a real app would open links and profiles.
        screen.events.onEvent { event in
            if let matrix, matrix.handle(event) { return }
            // The terminal cannot open a browser: it says which link was tapped.
            if case .tapLink(_, let detection) = event {
                conversation.append(.system("Link tapped: \(detection.target?.absoluteString ?? "")"), from: DemoCast.bot)
            } else {
                DemoReactions.handle(event, in: conversation, bot: bot)
            }
        }
        // A messenger opens a conversation at what you have not read yet.
        if matrix != nil {
            presenter.scrollToBottom()
        } else if history.loadsFirstPage {
            Task { @MainActor in
                await pager.loadEarlier()
                presenter.scrollToUnread()
            }
        } else {
            presenter.scrollToUnread()
        }
        if matrix == nil, options.transcript == nil, options.greets, history.isFresh {
            bot.greet()
        }
        self.screen = screen
        self.bot = bot
        self.historyNote = history.note
        self.history = history
        self.opened = historyOptions.opening.map { _ in
            Task {
                let opened = await history.finishOpening()
                if opened?.showedNewestAgain == true { presenter.scrollToBottom() }
                return opened?.note
            }
        }
    }

    /// The line about what was opened, once a transcript being opened is indexed.
    func finalNote() async -> String? { await opened?.value ?? historyNote }

    /// The bot's answer to “help” in the plain transcript, where keys do not reach the screen.
    static let plainHelpText = """
        Each line you type is sent as a message · \(ChatScreen.searchCommand) words says the newest messages with them · \
        \(JumpCommand.usage) · Ctrl-D (end of input) or Ctrl-C quits
        """

    /// The bot's answer to “help”: the terminal's keys.
    static let helpText = """
        Keys: Enter sends · Alt+Enter new line · ↑/↓ move in the draft or scroll a row · \
        ↑ on an empty composer edits my last message (↑/↓ older/newer, Esc gives up) · Ctrl+↑/↓ a row · PgUp/PgDn a page · \
        Home/End (composer line) · Ctrl-Home/Ctrl-End oldest/newest · Ctrl-A/E/W/U/K edit · \
        Alt+↑/↓ select a message · Alt+R reply · Alt+1…6 react · Alt+C copy · Delete (empty composer) delete my selected message · Ctrl-Z undo it · Esc cancel · \
        Ctrl-F or /search words searches the history (↑/↓ or n/N after Enter move, Enter goes, Esc ends) · \
        mouse wheel scrolls, click links and avatars · Ctrl-L repaint · Ctrl-C quit · \
        \(JumpCommand.usage)
        """
}
