import CSQLite

/// A bare SQLite connection for the benchmarks' baselines and measurements (a `LIKE`
/// scan, `dbstat`, turning a file back into an older schema) that the store's API
/// rightly does not offer.
final class RawSQLite {
    private var handle: OpaquePointer?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ path: String) throws {
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure(description: "cannot open \(path)") }
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw Failure(description: text)
        }
    }

    /// The first column of every row of `sql`, as text.
    func texts(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return rows
    }

    func integer(_ sql: String) throws -> Int { Int(try texts(sql).first ?? "0") ?? 0 }
}
