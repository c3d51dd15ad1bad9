import CSQLite
import Foundation
import ParleyCore
import Synchronization

/// One conversation's message history in a SQLite file: the ``ParleyCore/HistorySource``
/// behind a ``ParleyCore/HistoryPager``, with keyset pages that cost the same at any depth.
///
/// ```swift
/// let store = try ConversationStore(path: "~/.local/share/chat/alice.sqlite")
/// store.register(Poll.self)                                   // custom payloads to decode
/// let chat = Conversation(me: me, messages: try store.newestPage(limit: 50).messages)
/// let mirroring = store.mirror(chat) { error in log(error) }  // add-and-forget, saved
/// let pager = HistoryPager(conversation: chat, source: store) // older pages on scroll
/// Task { @MainActor in                                        // "Saving…" in the UI
///     for await state in store.saveStates() { status.text = state == .saved ? "" : "\(state)" }
/// }
/// await store.flush()                                         // on disk from here on
/// let unsaved = store.close()                                 // at exit: what was not saved
/// ```
///
/// **Durability.** The file is in WAL mode with `synchronous = NORMAL`: a direct write
/// (``insert(_:)``, ``upsert(_:)``, ...) is committed when the call returns, and a
/// committed write survives the process being killed (even with SIGKILL) — the next open
/// replays the WAL. A mirror's writes are committed by the store's writer thread shortly
/// after each change; ``flush()`` returns once everything changed before it is committed.
/// After a power loss or an OS crash the file is still consistent, but the last
/// transactions before it (those not yet checkpointed to disk) may be missing. Each call,
/// and each batch (``insert(contentsOf:)``, ``upsert(contentsOf:)``, ``delete(contentsOf:)``),
/// is one transaction: all of it or none.
///
/// **Threads.** Every call is safe from any thread or task: one lock serialises them over
/// one connection. Other processes (and other stores on the same file) may read while one
/// writes; direct writes wait up to ``StoreOptions/busyTimeout`` for each other, a mirror
/// never waits on the thread that changed the conversation.
///
/// **Bad files.** A missing, unreadable, locked, damaged, foreign or newer-schema file,
/// a folder, a FIFO or a device fails to open with a ``StoreError`` naming it; the store
/// never deletes, recreates or empties an existing file, and never writes to a file it
/// found damaged. A stored message this build cannot read is skipped by pages and
/// reported (``skippedMessages``, ``onSkippedMessage(_:)``), never fatal to the rest.
public final class ConversationStore: Sendable {
    /// The file, as given (or `:memory:`).
    public let path: String
    /// How the store was opened.
    public let options: StoreOptions

    /// The connection and everything else only one call at a time may touch.
    let state: Mutex<StoreCore>
    /// The mirrors' queued writes and the writer thread.
    let queue: WriteQueue

    /// Opens the history at `path`, creating the file when missing (and its folder with
    /// ``StoreOptions/createsFolders``), upgrading an older schema.
    ///
    /// - Throws: ``StoreError`` naming the file when it is missing (with `createIfMissing`
    ///   off) or its folder is, when the path is a folder, a FIFO or a device, or the file
    ///   is unreadable, locked, damaged, not a Parley history or of a newer schema.
    public convenience init(path: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        let path = Self.expandingHome(in: path)
        let flags = try StoreFile.prepare(path, options: options)
        try self.init(
            connection: Connection(filename: path, displayPath: path, flags: flags, busyTimeout: options.busyTimeout),
            options: options)
    }

    /// A history kept in memory and lost when the store goes; for tests and previews.
    public static func inMemory() throws(StoreError) -> ConversationStore {
        let flags = Connection.readWrite | SQLITE_OPEN_MEMORY
        return try ConversationStore(
            connection: Connection(filename: ":memory:", displayPath: ":memory:", flags: flags, busyTimeout: 0),
            options: StoreOptions(checksIntegrity: false))
    }

    private init(connection: sending Connection, options: StoreOptions) throws(StoreError) {
        do {
            try Self.configure(connection, options: options)
        } catch {
            connection.close()
            throw error
        }
        let queue = WriteQueue()
        self.queue = queue
        self.path = connection.path
        self.options = options
        self.state = Mutex(StoreCore(connection: connection, readOnly: options.readOnly, queue: queue))
        if !options.readOnly { indexBacklogInBackground() }
    }

    /// `path` with a leading `~` replaced by `$HOME` (as a shell would), falling back to the
    /// account's home folder when HOME is unset.
    static func expandingHome(in path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// The schema version this build reads and writes.
    public static var schemaVersion: Int { Schema.current }

    /// Decodes custom payloads of `type`'s kind as `type` from now on.
    ///
    /// Payloads are stored as JSON whenever they are `Encodable`, registered or not; a
    /// kind read back without a registered type is a ``StoredCustomPayload``.
    public func register<Payload: CustomPayload & Codable>(_ type: Payload.Type) {
        state.withLock { $0.payloads.register(type) }
    }

    /// The number of messages: those in the file, with a mirror's queued writes counted
    /// as done. Unreadable rows count (they are stored).
    public func count() throws(StoreError) -> Int {
        try withCore { (core) throws(StoreError) in try core.count() }
    }

    /// The message with `id` (a mirror's queued state first, else the stored one), or `nil`.
    ///
    /// - Throws: ``StoreError/unreadableMessage(_:path:reason:)`` when its row holds
    ///   something this build cannot read.
    public func message(_ id: MessageID) throws(StoreError) -> Message? {
        try withCore { (core) throws(StoreError) in try core.read(id) }
    }

    /// Runs SQLite's full `PRAGMA integrity_check`.
    ///
    /// - Throws: ``StoreError/corrupt(path:detail:)`` with SQLite's first findings; the
    ///   store then refuses to write to the file.
    public func checkIntegrity() throws(StoreError) {
        try withCore { (core) throws(StoreError) in try Self.check(core.connection, pragma: "integrity_check") }
    }

    /// The stored messages pages and windows skipped so far because a row holds something
    /// this build cannot read (an unknown status or content kind, a missing sender), each
    /// once, as ``StoreError/unreadableMessage(_:path:reason:)``s naming them: for a line
    /// such as "2 messages could not be shown".
    public var skippedMessages: [StoreError] {
        state.withLock { $0.skipped }
    }

    /// Calls `handler` on the store's writer thread with each stored message skipped from
    /// now on because it cannot be read (each once); `nil` stops the calls.
    public func onSkippedMessage(_ handler: (@Sendable (StoreError) -> Void)?) {
        state.withLock { $0.onSkipped = handler }
    }

    // MARK: Internals

    /// Runs `body` with the core, under the lock.
    func withCore<Result: Sendable>(
        _ body: (StoreCore) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try state.withLock { (core: inout sending StoreCore) throws(StoreError) -> sending Result in
            try body(core)
        }
    }

    // MARK: Opening

    /// Validates the header (before writing anything), checks integrity, sets WAL and
    /// `synchronous = NORMAL`, and migrates.
    private static func configure(_ connection: Connection, options: StoreOptions) throws(StoreError) {
        let header = try Schema.header(of: connection)
        try Schema.validate(header, path: connection.path, readOnly: options.readOnly)
        if options.checksIntegrity, !header.isBlank {
            try check(connection, pragma: "quick_check")
        }
        guard !options.readOnly else {
            if header.version >= 3 { try SearchIndex.requireFullTextSearch(connection) }
            return
        }
        if connection.isReadOnly { throw .readOnly(path: connection.path) }
        try SearchIndex.requireFullTextSearch(connection)
        _ = try connection.texts("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
        if header.version < Schema.current { try Schema.migrate(connection) }
    }

    /// Runs a checking pragma and throws `.corrupt` unless it says "ok".
    static func check(_ connection: Connection, pragma: String) throws(StoreError) {
        let findings = try connection.texts("PRAGMA \(pragma)")
        guard findings != ["ok"] else { return }
        let damage = StoreError.corrupt(path: connection.path, detail: findings.prefix(3).joined(separator: "; "))
        if connection.damage == nil { connection.damage = damage }
        throw damage
    }
}
