import Foundation
import ParleyCore
import ParleySQLite

/// Where a demo's conversation comes from and where it is kept: a store under the user's
/// data directory (the default, seeded on first run), another store file, memory only,
/// or a chat log opened read-only.
public struct DemoHistory: Sendable {
    /// Which history to open.
    public struct Options: Sendable {
        /// A chat log to show (indexed at start, each page read from the file as it is shown).
        public var transcript: String?
        /// The store file; `nil` is ``DemoHistory/defaultStorePath()`` unless ``ephemeral``.
        public var history: String?
        /// Keep nothing: the conversation is kept in a store in memory, gone when the demo
        /// ends.
        public var ephemeral = false
        /// Whether an ``ephemeral`` store starts with the demo's conversation (5,000
        /// messages over the weeks before now, then today's). Off when another history
        /// is shown (a Matrix room), which would pay for seeding at every start.
        public var seedsEphemeral = true
        /// The ``transcript`` already being opened (see ``TranscriptOpening``), used when
        /// its path is the transcript's: shown from the file's end while it is indexed,
        /// until ``DemoHistory/finishOpening()``.
        public var opening: TranscriptOpening?

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
    /// Where search looks: the store's full-text index (all of the history), else the
    /// messages loaded so far.
    public var searcher: any MessageSearching { store ?? ConversationSearch(conversation) }

    /// `$XDG_DATA_HOME/parley/demo.sqlite`, or `~/.local/share/parley/demo.sqlite` (also
    /// when XDG_DATA_HOME is not an absolute path, which the XDG spec says to ignore).
    public static func defaultStorePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("parley/demo.sqlite")
    }

    /// Opens the history `options` name.
    ///
    /// The default store's folder (`$XDG_DATA_HOME/parley`) is created when missing; a
    /// `--history` path must be in an existing folder, and must not be a folder, a FIFO
    /// or a device (each refused with a ``StoreError`` naming it).
    ///
    /// - Throws: ``StoreError`` for a store that cannot be used; ``TranscriptError`` for a
    ///   transcript that cannot be read.
    public init(options: Options, pageSize: Int = 100, now: Date = Date()) throws {
        let conversation = Conversation(me: DemoCast.me)
        conversation.isGroup = true  // Alice, Bob, the bot and you: receipts show per person
        let source: any HistorySource
        var note: String?
        var store: ConversationStore?
        var fresh = true
        var opening: TranscriptOpening?
        if let path = options.transcript {
            if let pending = options.opening, pending.path == path {
                // Shown from the file's end at once; the count comes with the index.
                try pending.waitForEnd()
                source = pending
                opening = pending
                note = "Opening \(InertText.singleLine(path))…"
            } else {
                let transcript = try TranscriptSource(path: path, me: DemoCast.me)
                source = transcript
                note = Self.note(opened: transcript, path: path)
            }
        } else if options.ephemeral {
            // Kept as the default store keeps it, in memory: what you send is in the history
            // a jump to a date pages back from, and search finds it (with the seeded
            // messages in a plain array, a jump came back without today's and yours).
            let memory = try ConversationStore.inMemory()
            memory.register(Poll.self)
            if options.seedsEphemeral {
                try memory.insert(contentsOf: DemoConversation.history(count: 5_000, before: now) + DemoConversation.recent(now: now))
            }
            fresh = options.seedsEphemeral
            source = memory
            store = memory
        } else {
            // The conversation lives in a store, as a real messenger's does: what you send is
            // there next time. The first run seeds it with the demo's history.
            let path = options.history ?? Self.defaultStorePath()
            // The demo's own data folder is made on first run; a path the user typed is not.
            let opened = try ConversationStore(path: path, options: StoreOptions(createsFolders: options.history == nil))
            opened.register(Poll.self)
            // A stored conversation's voice note points at a file written at each launch.
            DemoMedia.prepare()
            fresh = try opened.count() == 0
            if fresh {
                try opened.insert(contentsOf: DemoConversation.history(count: 5_000, before: now) + DemoConversation.recent(now: now))
            }
            note = "Conversation kept in \(InertText.singleLine(path)) (\(try opened.count()) messages)"
            source = opened
            store = opened
        }
        // The line above what "you" have not read yet, the first time the conversation
        // opens (after that, you have read it).
        if options.transcript == nil, fresh { conversation.setFirstUnread(DemoConversation.firstUnread) }
        self.conversation = conversation
        self.pager = HistoryPager(conversation: conversation, source: source, pageSize: pageSize)
        self.note = note
        self.isFresh = fresh
        self.store = store
        self.isTranscript = options.transcript != nil
        self.opening = opening
    }

    /// A transcript still being indexed (``Options/opening``), until ``finishOpening()``.
    let opening: TranscriptOpening?

    /// The line about an opened transcript: how many messages, and why lines were skipped.
    static func note(opened transcript: TranscriptSource, path: String) -> String {
        "Opened \(transcript.count) message\(transcript.count == 1 ? "" : "s") from \(InertText.singleLine(path))"
            + (transcript.skipped > 0
                ? " (\(transcript.skipped) line\(transcript.skipped == 1 ? "" : "s") skipped: "
                    + transcript.problems.joined(separator: "; ") + (transcript.skipped > transcript.problems.count ? "; …" : "") + ")"
                : "")
    }

    /// For a transcript shown while it is indexed: waits until it is, then shows its newest
    /// page again if the file's last lines were not its newest messages (a file out of
    /// order) and the newest messages are what is shown (not after a jump to a date).
    ///
    /// - Returns: The line about what was opened (as ``note`` says for a transcript opened
    ///   before it is shown), or why the file could not be indexed, and whether the newest
    ///   page was shown again (the front end then scrolls to it); `nil` when nothing is
    ///   being opened.
    public func finishOpening() async -> (note: String, showedNewestAgain: Bool)? {
        guard let opening else { return nil }
        do {
            let (transcript, pagesStand) = try await opening.indexed()
            var again = false
            if !pagesStand, pager.isShowingLatest { again = await pager.returnToLatest() }
            return (Self.note(opened: transcript, path: opening.path), again)
        } catch {
            return (error.description, false)
        }
    }

    /// The composer's text and reply saved when the demo last closed, if any.
    public var savedDraft: Draft? { (try? store?.draft()) ?? nil }

    /// Saves `draft` (the composer's unsent text), writes what the mirror still has
    /// queued (waiting at most two seconds), then closes
    /// the store, folding its write-ahead log into the file: call when the demo ends
    /// (`exit` runs no deinitializers).
    ///
    /// - Returns: A sentence about what could not be saved, for standard error; `nil`
    ///   when everything was (or there is no store).
    @discardableResult
    public func close(keeping draft: Draft? = nil) -> String? {
        // What the composer held comes back next time, as in a real messenger.
        if let draft, let store { try? store.saveDraft(draft) }
        guard let unsaved = store?.close(), !unsaved.isEmpty else { return nil }
        return unsaved.description
    }

    /// Keeps the store in step with the conversation from now on. The store's writer
    /// thread commits each change shortly after it is made (never on the thread that
    /// made it), retrying while another program holds the file; ``saveStates()`` says
    /// when something is not on disk yet, and ``close()`` writes what is left.
    /// `onError` hears of failures someone has to fix (a full disk). `nil` when there is
    /// no store.
    public func mirror(onError: @escaping @Sendable (StoreError) -> Void) -> Observation? {
        store?.mirror(conversation, onError: onError)
    }

    /// The store's save states (``ParleySQLite/SaveState``: saved, saving, waiting for
    /// another program, failing), for a "saving…" line; `nil` when there is no store.
    public func saveStates() -> AsyncStream<SaveState>? {
        store?.saveStates()
    }
}
