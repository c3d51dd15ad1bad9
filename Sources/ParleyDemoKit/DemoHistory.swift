import Foundation
import ParleyCore
import ParleySQLite

/// Where a demo's conversation comes from and where it is kept: a store under the user's
/// data directory (the default, seeded on first run), another store file, memory only,
/// or a chat log opened read-only.
public struct DemoHistory {
    /// Which history to open.
    public struct Options: Sendable {
        /// A chat log to show (kept in memory).
        public var transcript: String?
        /// The store file; `nil` is ``DemoHistory/defaultStorePath()`` unless ``ephemeral``.
        public var history: String?
        /// Keep nothing.
        public var ephemeral = false

        /// The default: the store under XDG_DATA_HOME.
        public init() {}

        /// Whether more than one history was asked for.
        public var isContradictory: Bool {
            [transcript != nil, history != nil, ephemeral].filter { $0 }.count > 1
        }
    }

    /// The conversation shown (recent messages; older ones arrive through ``pager``).
    public let conversation: Conversation
    /// Pages older messages in from the store, transcript or generated history.
    public let pager: HistoryPager
    /// A line about what was opened, for the user.
    public let note: String?
    /// Whether the store was empty (so the demo greets).
    public let isFresh: Bool
    /// The store, when the conversation is kept in one.
    public let store: ConversationStore?
    /// Whether the first page should be loaded at once (store or transcript).
    public var loadsFirstPage: Bool { store != nil || isTranscript }
    /// Whether the history is a transcript.
    public let isTranscript: Bool

    /// `$XDG_DATA_HOME/parley/demo.sqlite`, or `~/.local/share/parley/demo.sqlite`.
    public static func defaultStorePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("parley/demo.sqlite")
    }

    /// Opens the history `options` name.
    ///
    /// - Throws: ``StoreError`` for a store that cannot be used; file errors for a
    ///   transcript that cannot be read.
    public init(options: Options, pageSize: Int = 100, now: Date = Date()) throws {
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
        self.conversation = conversation
        self.pager = HistoryPager(conversation: conversation, source: source, pageSize: pageSize)
        self.note = note
        self.isFresh = fresh
        self.store = store
        self.isTranscript = options.transcript != nil
    }

    /// Closes the store, folding its write-ahead log into the file: call when the demo
    /// ends (`exit` runs no deinitializers).
    public func close() {
        store?.close()
    }

    /// Keeps the store in step with the conversation from now on, writing each change on
    /// the thread that made it: a sent message is on disk before it can show as sent.
    /// `nil` when there is no store.
    public func mirror(onError: @escaping @Sendable (StoreError) -> Void) -> Observation? {
        store?.mirror(conversation, onError: onError)
    }
}
