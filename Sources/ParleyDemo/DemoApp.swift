import Foundation
import ParleyCore
import ParleySQLite
import ParleyTerminal

/// Builds the demo: the conversation, its history, the bot, and the screen around them.
@MainActor
struct DemoApp {
    let screen: MessengerScreen
    let bot: DemoBot
    let historyNote: String?
    /// Keeps the store in step with the conversation while the demo runs.
    private(set) var mirror: Observation?

    /// `$XDG_DATA_HOME/parley/demo.sqlite`, or `~/.local/share/parley/demo.sqlite`.
    static func defaultStorePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("parley/demo.sqlite")
    }

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
    }

    static func style(named name: String) -> ChatStyle? {
        ChatStyle.themes.first { $0.name == name.lowercased() }
    }

    init(options: Options) throws {
        let now = Date()
        let conversation = Conversation(me: DemoCast.me)
        let source: any HistorySource
        var note: String?
        var store: ConversationStore?
        var fresh = true
        if let path = options.transcript {
            let transcript = try TranscriptSource(path: path, me: DemoCast.me)
            source = transcript
            note = "Opened \(transcript.count) message\(transcript.count == 1 ? "" : "s") from \(path)"
                + (transcript.skipped > 0 ? " (\(transcript.skipped) lines skipped: not epoch⇥sender⇥text)" : "")
        } else if options.ephemeral {
            source = ArrayHistorySource(DemoConversation.history(count: 5_000, before: now))
            try conversation.append(contentsOf: DemoConversation.recent(now: now))
        } else {
            // The conversation lives in a store, as a real messenger's does: what you send is
            // there next time. The first run seeds it with the demo's history.
            let path = options.history ?? Self.defaultStorePath()
            let opened = try ConversationStore(path: path)
            opened.register(Poll.self)
            fresh = try opened.count() == 0
            if fresh {
                try opened.insert(contentsOf: DemoConversation.history(count: 5_000, before: now) + DemoConversation.recent(now: now))
            }
            note = "Conversation kept in \(path) (\(try opened.count()) messages)"
            source = opened
            store = opened
        }
        let style = Self.style(named: options.theme) ?? .light
        let bar: InputBar
        switch style.name {
        case "slack": bar = .slack(metrics: .cells)
        case "messenger": bar = .messenger(metrics: .cells)
        default:
            bar = .iMessage(metrics: .cells)
            if style.name != "imessage" { bar.placeholder = "Message" }
        }
        let screen = MessengerScreen(
            conversation: conversation, style: style, inputBar: bar,
            title: options.transcript.map { "Parley — \(($0 as NSString).lastPathComponent)" } ?? "Parley demo — Alice, Bob, Parley Bot   (type “help”, Ctrl-C quits)",
            columns: options.columns, rows: options.rows, usesColor: options.usesColor)
        screen.register(kind: Poll.kind, PollRenderer.draw)
        let pager = HistoryPager(conversation: conversation, source: source, pageSize: 100)
        if let store {
            // Everything that happens from now on is written as it happens, on the thread
            // that made the change: a sent message is on disk before it can show as sent.
            mirror = store.mirror(conversation) { error in
                Task { @MainActor in screen.title = "⚠ Not saving: \(error)" }
            }
        }
        screen.viewport.pager = pager
        let bot = DemoBot(conversation: conversation, pace: options.pace)
        bar.onSend { text in
            let id = conversation.append(.text(text), status: .sending)
            bot.userSent(id, text: text)
        }
        // What the demo does with taps: a real app would open links and profiles.
        screen.events.onEvent { event in
            switch event {
            case .tapLink(_, let detection):
                conversation.append(.system("Link tapped: \(detection.target?.absoluteString ?? "")"), from: DemoCast.bot)
            case .tapAvatar(let sender, _):
                conversation.append(.system("\(sender.name)'s profile would open here"), from: DemoCast.bot)
            case .tapStatus(let id):
                // Tapping a failed message's mark retries it.
                if conversation.message(id)?.status == .failed {
                    try? conversation.setStatus(.sending, of: id)
                    bot.userSent(id, text: "", replies: false)
                }
            default: break
            }
        }
        if options.transcript != nil || store != nil {
            Task { @MainActor in await pager.loadEarlier() }
        }
        if options.transcript == nil, options.greets, fresh {
            bot.greet()
        }
        self.screen = screen
        self.bot = bot
        self.historyNote = note
    }
}
