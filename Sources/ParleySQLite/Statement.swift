import CSQLite
import Foundation

/// A prepared SQLite statement: bind parameters, step through rows, read columns.
///
/// Owned by its ``Connection`` (which caches it by SQL text) and used under the store's
/// lock. Callers ``reset()`` it when done, so it holds no read transaction open.
final class Statement {
    let handle: OpaquePointer
    private unowned let connection: Connection

    init(handle: OpaquePointer, connection: Connection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Forgets the last execution and the bound values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding (parameters are numbered from 1)

    func bind(_ index: Int32, _ value: String?) throws(StoreError) {
        guard var value else { return try check(sqlite3_bind_null(handle, index)) }
        let code = value.withUTF8 { bytes -> Int32 in
            // An empty buffer may have no address, which SQLite would take for NULL.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, parley_sqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), parley_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    func bind(_ index: Int32, _ value: Data?) throws(StoreError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        let code = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), parley_sqlite_transient())
        }
        try check(code)
    }

    func bind(_ index: Int32, _ value: Double) throws(StoreError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    func bind(_ index: Int32, _ value: Int) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    private func check(_ code: Int32) throws(StoreError) {
        if code != SQLITE_OK { throw connection.error(code) }
    }

    // MARK: Running

    /// Runs to the next row: `true` when a row is ready, `false` when done.
    @discardableResult
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code)
        }
    }

    // MARK: Columns (numbered from 0)

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func text(_ column: Int32) -> String? {
        if isNull(column) { return nil }
        // Ask for the pointer first, then the length, as SQLite documents.
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func data(_ column: Int32) -> Data? {
        if isNull(column) { return nil }
        guard let pointer = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }
}
