import CSQLite
import Foundation
import ParleyCore

/// One conversation's message history in a SQLite file: the ``ParleyCore/HistorySource``
/// behind a ``ParleyCore/HistoryPager``, with keyset pages that cost the same at any depth.
///
/// ```swift
/// let store = try ConversationStore(path: "~/.local/share/chat/alice.sqlite")
/// store.register(Poll.self)                                   // custom payloads to decode
/// let chat = Conversation(me: me, messages: try store.newestPage(limit: 50).messages)
/// let mirroring = store.mirror(chat) { error in log(error) }  // add-and-forget, saved
/// let pager = HistoryPager(conversation: chat, source: store) // older pages on scroll
/// ```
///
/// **Durability.** The file is in WAL mode with `synchronous = NORMAL`: a write is
/// committed when the call returns, and a committed write survives the process being
/// killed (even with SIGKILL) — the next open replays the WAL. After a power loss or an
/// OS crash the file is still consistent, but the last transactions before it (those not
/// yet checkpointed to disk) may be missing. Each call, and each batch (``insert(contentsOf:)``,
/// ``upsert(contentsOf:)``, ``delete(contentsOf:)``), is one transaction: all of it or none.
///
/// **Threads.** Every call is safe from any thread or task: one lock serialises them over
/// one connection. Other processes (and other stores on the same file) may read while one
/// writes; writers wait up to ``StoreOptions/busyTimeout`` for each other.
///
/// **Bad files.** A missing, unreadable, locked, damaged, foreign or newer-schema file
/// fails to open with a ``StoreError`` naming it; the store never deletes, recreates or
/// empties an existing file.
public final class ConversationStore: @unchecked Sendable {
    /// The file, as given (or `:memory:`).
    public let path: String
    /// How the store was opened.
    public let options: StoreOptions

    // Everything below is guarded by `lock`.
    let lock = NSLock()
    let connection: Connection
    var payloads = PayloadRegistry()
    private var senderRows: [SenderKey: Int] = [:]

    /// Opens the history at `path`, creating it (and its folder) when missing, upgrading an
    /// older schema.
    ///
    /// - Throws: ``StoreError`` naming the file when it is missing (with `createIfMissing`
    ///   off), unreadable, locked, damaged, not a Parley history or of a newer schema.
    public convenience init(path: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        let path = Self.expandingHome(in: path)
        let flags = try Self.prepareFile(at: path, options: options)
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

    private init(connection: Connection, options: StoreOptions) throws(StoreError) {
        self.connection = connection
        self.path = connection.path
        self.options = options
        do {
            try Self.configure(connection, options: options)
        } catch {
            connection.close()
            throw error
        }
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

    /// Closes the file; later calls fail with ``StoreError/closed(path:)``. Closing the
    /// last connection checkpoints the WAL into the file. Also happens on deinit.
    public func close() {
        withLock { connection.close() }
    }

    /// Decodes custom payloads of `type`'s kind as `type` from now on.
    ///
    /// Payloads are stored as JSON whenever they are `Encodable`, registered or not; a
    /// kind read back without a registered type is a ``StoredCustomPayload``.
    public func register<Payload: CustomPayload & Codable>(_ type: Payload.Type) {
        withLock { payloads.register(type) }
    }

    /// The number of stored messages.
    public func count() throws(StoreError) -> Int {
        try withLock { () throws(StoreError) in try connection.integer("SELECT count(*) FROM messages") }
    }

    /// The stored message with `id`, or `nil`.
    public func message(_ id: MessageID) throws(StoreError) -> Message? {
        try withLock { () throws(StoreError) in try read(id) }
    }

    /// Runs SQLite's full `PRAGMA integrity_check`.
    ///
    /// - Throws: ``StoreError/corrupt(path:detail:)`` with SQLite's first findings.
    public func checkIntegrity() throws(StoreError) {
        try withLock { () throws(StoreError) in try Self.check(connection, pragma: "integrity_check") }
    }

    // MARK: Internals (call with the lock held)

    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The stored message with `id`.
    func read(_ id: MessageID) throws(StoreError) -> Message? {
        let statement = try connection.prepared(MessageRows.select + " WHERE m.id = ?1")
        defer { statement.reset() }
        try statement.bind(1, id.rawValue)
        guard try statement.step() else { return nil }
        return try MessageRows.message(from: statement, payloads: payloads, path: path)
    }

    /// Messages selected by `sql` (which extends ``MessageRows/select``) after `binding`.
    func read(_ sql: String, binding: (Statement) throws(StoreError) -> Void) throws(StoreError) -> [Message] {
        let statement = try connection.prepared(MessageRows.select + " " + sql)
        defer { statement.reset() }
        try binding(statement)
        var messages: [Message] = []
        while try statement.step() {
            messages.append(try MessageRows.message(from: statement, payloads: payloads, path: path))
        }
        return messages
    }

    /// Runs `body` in one write transaction; forgets cached sender rows when it rolls back.
    func write<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        if options.readOnly { throw .readOnly(path: path) }
        do {
            return try connection.transaction(body)
        } catch {
            senderRows.removeAll()
            throw error
        }
    }

    /// The `senders` row for `sender` as it is now (id, name and avatar), added when new.
    func senderRow(for sender: Sender) throws(StoreError) -> Int {
        let key = SenderKey(id: sender.id, name: sender.name, avatar: AvatarColumn.text(of: sender.avatar))
        if let row = senderRows[key] { return row }
        let find = try connection.prepared("SELECT row FROM senders WHERE id = ?1 AND name = ?2 AND avatar = ?3")
        defer { find.reset() }
        try find.bind(1, key.id)
        try find.bind(2, key.name)
        try find.bind(3, key.avatar)
        let row: Int
        if try find.step() {
            row = find.int(0)
        } else {
            let add = try connection.prepared("INSERT INTO senders (id, name, avatar) VALUES (?1, ?2, ?3) RETURNING row")
            defer { add.reset() }
            try add.bind(1, key.id)
            try add.bind(2, key.name)
            try add.bind(3, key.avatar)
            try add.step()
            row = add.int(0)
        }
        senderRows[key] = row
        return row
    }

    // MARK: Opening

    /// Checks the path before SQLite sees it and returns the flags to open it with.
    private static func prepareFile(at path: String, options: StoreOptions) throws(StoreError) -> Int32 {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .unreadable(path: path, reason: "it is a folder, not a file") }
            if access(path, R_OK) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if options.readOnly { return Connection.readOnly }
            if access(path, W_OK) != 0 { throw .readOnly(path: path) }
            return SQLITE_OPEN_READWRITE  // never CREATE an existing path: no race makes a new file
        }
        guard options.createIfMissing, !options.readOnly else { throw .missing(path: path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if files.fileExists(atPath: folder, isDirectory: &isFolder) {
            if !isFolder.boolValue { throw .cannotCreateDirectory(path: path, reason: "\(folder) is a file") }
        } else {
            do {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: path, reason: "\(folder): \((error as NSError).localizedDescription)")
            }
        }
        return Connection.readWrite
    }

    /// Validates the header (before writing anything), checks integrity, sets WAL and
    /// `synchronous = NORMAL`, and migrates.
    private static func configure(_ connection: Connection, options: StoreOptions) throws(StoreError) {
        let header = try Schema.header(of: connection)
        try Schema.validate(header, path: connection.path, readOnly: options.readOnly)
        if options.checksIntegrity, !header.isBlank {
            try check(connection, pragma: "quick_check")
        }
        guard !options.readOnly else { return }
        if connection.isReadOnly { throw .readOnly(path: connection.path) }
        _ = try connection.texts("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
        if header.version < Schema.current { try Schema.migrate(connection) }
    }

    /// Runs a checking pragma and throws `.corrupt` unless it says "ok".
    private static func check(_ connection: Connection, pragma: String) throws(StoreError) {
        let findings = try connection.texts("PRAGMA \(pragma)")
        guard findings != ["ok"] else { return }
        throw .corrupt(path: connection.path, detail: findings.prefix(3).joined(separator: "; "))
    }
}

/// A sender as stored: distinct names and avatars of one id are distinct rows.
private struct SenderKey: Hashable {
    var id: String
    var name: String
    var avatar: String
}
