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
    /// The first damage SQLite reported (SQLITE_CORRUPT, SQLITE_NOTADB) on this
    /// connection: from then on ``transaction(_:)`` refuses to write, so a file found
    /// damaged is never written to.
    var damage: StoreError?
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]
    /// The busy timeout in milliseconds, as set at open.
    private var busyMilliseconds: Int32 = 0

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
        busyMilliseconds = Self.milliseconds(busyTimeout)
        sqlite3_busy_timeout(db, busyMilliseconds)
    }

    /// `seconds` as whole milliseconds in 0...Int32.max (NaN is 0).
    private static func milliseconds(_ seconds: TimeInterval) -> Int32 {
        let value = seconds * 1000
        guard value > 0 else { return 0 }
        return Int32(min(value, Double(Int32.max)))
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

    /// Runs `body` with SQLite waiting at most `seconds` for another connection's lock
    /// (instead of the busy timeout set at open), then restores the timeout.
    func withBusyTimeout<Result>(
        _ seconds: TimeInterval, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let db = try open()
        sqlite3_busy_timeout(db, Self.milliseconds(seconds))
        defer { if let handle { sqlite3_busy_timeout(handle, busyMilliseconds) } }
        return try body()
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so waiting for the write
    /// lock happens up front), committing when it returns and rolling back when it throws.
    ///
    /// - Throws: the connection's ``damage`` without touching the file, once SQLite has
    ///   reported the file damaged.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        if let damage { throw damage }
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

    /// The ``StoreError`` for SQLite result `code`, with the connection's last message and
    /// the OS error behind it; remembers damage (see ``damage``).
    func error(_ code: Int32, message: String? = nil) -> StoreError {
        let detail = message ?? handle.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
            ?? String(cString: sqlite3_errstr(code))
        let error = StoreError.from(code: code, systemErrno: systemErrno(for: code), path: path, detail: detail)
        if case .corrupt = error, damage == nil { damage = error }
        return error
    }

    /// The OS errors that mean "no room": a full disk or quota, a file size limit.
    private static let roomErrors: Set<Int32> = [ENOSPC, EDQUOT, EFBIG]

    /// The OS error behind a failure with `code`.
    ///
    /// SQLite's `sqlite3_system_errno` often says 0 where it matters: a write to the WAL
    /// past `ulimit -f` fails with EFBIG that only the WAL file itself remembers, and a
    /// `-shm` that cannot grow (SQLITE_IOERR_SHMSIZE) remembers nothing. So for a full
    /// disk, an I/O error or a file that cannot be opened this also asks the WAL (or
    /// rollback journal) and the database file for their last errors, and failing those
    /// looks at the file size limit and the free space of the folder.
    private func systemErrno(for code: Int32) -> Int32 {
        guard let db = handle else { return 0 }
        let own = sqlite3_system_errno(db)
        let primary = code & 0xFF
        guard primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN,
              !Self.roomErrors.contains(own)
        else { return own }
        var journal: UnsafeMutablePointer<sqlite3_file>?
        if sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal) == SQLITE_OK, let journal,
           let control = journal.pointee.pMethods?.pointee.xFileControl {
            var last: Int32 = 0
            if control(journal, SQLITE_FCNTL_LAST_ERRNO, &last) == SQLITE_OK, Self.roomErrors.contains(last) { return last }
        }
        var last: Int32 = 0
        if sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &last) == SQLITE_OK, Self.roomErrors.contains(last) {
            return last
        }
        return probeForRoom() ?? own
    }

    /// EFBIG when one of the database's files is at the file size limit, ENOSPC when its
    /// folder has (almost) no free space left, else `nil`.
    private func probeForRoom() -> Int32? {
        guard path != ":memory:", !path.isEmpty else { return nil }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                var info = stat()
                // Within a page or two of the limit: the next write could not fit.
                if stat(path + suffix, &info) == 0, rlim_t(max(0, info.st_size)) + 65_536 >= limit.rlim_cur { return EFBIG }
            }
        }
        var volume = statvfs()
        if statvfs(StoreFile.folder(of: path), &volume) == 0 {
            let blocks = geteuid() == 0 ? volume.f_bfree : volume.f_bavail
            if UInt64(blocks) * UInt64(volume.f_frsize) < 1 << 20 { return ENOSPC }
        }
        return nil
    }
}