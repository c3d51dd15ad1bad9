import CSQLite
import Foundation

/// One SQLite connection with a cache of prepared statements and a mapping of SQLite
/// result codes to ``StoreError``s that name the file.
///
/// Not thread-safe by itself: ``ConversationStore`` uses it under its lock.
final class Connection {
    /// Flags to open (or create) a file for reading and writing.
    static let readWrite = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    /// Flags to open an existing file for reading only.
    static let readOnly = SQLITE_OPEN_READONLY

    /// The file as shown in errors.
    let path: String
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// Opens `filename` with SQLite `flags` (`SQLITE_OPEN_*`), waiting up to `busyTimeout`
    /// seconds whenever another connection holds a lock.
    init(filename: String, displayPath: String, flags: Int32, busyTimeout: TimeInterval) throws(StoreError) {
        path = displayPath
        var db: OpaquePointer?
        let code = sqlite3_open_v2(filename, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        handle = db
        guard code == SQLITE_OK, db != nil else {
            let failure = error(code)
            sqlite3_close_v2(db)
            handle = nil
            throw failure
        }
        sqlite3_extended_result_codes(db, 1)
        let milliseconds = max(0, min(busyTimeout * 1000, Double(Int32.max)))
        sqlite3_busy_timeout(db, Int32(milliseconds))
    }

    deinit {
        close()
    }

    /// Whether ``close()`` has run.
    var isClosed: Bool { handle == nil }

    /// Finalizes the statements and closes the connection (checkpointing the WAL when it
    /// is the last one). Safe to call more than once.
    func close() {
        statements.removeAll()
        if let handle {
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    /// Runs one or more SQL statements that return nothing of interest.
    func execute(_ sql: String) throws(StoreError) {
        let db = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &message)
        let text = message.map { String(cString: $0) }
        sqlite3_free(message)
        if code != SQLITE_OK { throw error(code, message: text) }
    }

    /// The prepared statement for `sql`, compiled on first use and cached.
    func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let cached = statements[sql] { return cached }
        let db = try open()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(code)
        }
        let prepared = Statement(handle: statement, connection: self)
        statements[sql] = prepared
        return prepared
    }

    /// The single value of a one-row query such as a pragma.
    func integer(_ sql: String) throws(StoreError) -> Int {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : 0
    }

    /// The text rows of a query, first column only.
    func texts(_ sql: String) throws(StoreError) -> [String] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0) ?? "") }
        return rows
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so waiting for the write
    /// lock happens up front), committing when it returns and rolling back when it throws.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if let db = handle, sqlite3_get_autocommit(db) == 0 {
                _ = try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Whether the main database was opened (or downgraded by the OS) to read-only.
    var isReadOnly: Bool {
        handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? true
    }

    private func open() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw .closed(path: path) }
        return handle
    }

    /// The ``StoreError`` for SQLite result `code`, with the connection's last message.
    func error(_ code: Int32, message: String? = nil) -> StoreError {
        let detail = message ?? handle.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
            ?? String(cString: sqlite3_errstr(code))
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, detail: detail)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .unreadable(path: path, reason: detail)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_FULL: return .diskFull(path: path)
        default: return .sqlite(path: path, code: code, message: detail)
        }
    }
}
