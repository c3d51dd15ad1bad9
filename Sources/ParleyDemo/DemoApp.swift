import Foundation
import ParleyCore
import ParleyTerminal

/// Builds the demo: the conversation, its history, the bot, and the screen around them.
@MainActor
struct DemoApp {
    let screen: MessengerScreen
    let bot: DemoBot
    let historyNote: String?

    struct Options {
        var theme = "light"
        var transcript: String?
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
        if let path = options.transcript {
            let transcript = try TranscriptSource(path: path, me: DemoCast.me)
            source = transcript
            note = "Opened \(transcript.count) messages from \(path)"
                + (transcript.skipped > 0 ? " (\(transcript.skipped) lines skipped: not epoch⇥sender⇥text)" : "")
        } else {
            source = ArrayHistorySource(DemoConversation.history(count: 5_000, before: now))
            try conversation.append(contentsOf: DemoConversation.recent(now: now))
        }
        let style = Self.style(named: options.theme) ?? .light
        let bar: InputBar
        switch style.name {
        case "slack": bar = .slack(metrics: .cells)
        case "messenger": bar = .messenger(metrics: .cells)
        default: bar = .iMessage(metrics: .cells)
        }
        let screen = MessengerScreen(
            conversation: conversation, style: style, inputBar: bar,
            title: options.transcript.map { "Parley — \(($0 as NSString).lastPathComponent)" } ?? "Parley demo — Alice, Bob, Parley Bot   (type “help”, Ctrl-C quits)",
            columns: options.columns, rows: options.rows, usesColor: options.usesColor)
        screen.register(kind: Poll.kind, PollRenderer.draw)
        let pager = HistoryPager(conversation: conversation, source: source, pageSize: 100)
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
        if options.transcript != nil {
            Task { @MainActor in await pager.loadEarlier() }
        } else if options.greets {
            bot.greet()
        }
        self.screen = screen
        self.bot = bot
        self.historyNote = note
    }
}
