import ParleyCore

/// Why a ``ConversationStore`` could not open its file or carry out a call.
///
/// Every case that concerns the file names it and says what to do. No case ever follows
/// a change to the file: a store that reports a problem with an existing file has left it
/// exactly as it found it (it never deletes, recreates or "repairs" a history).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at `path`, and the store was opened with `createIfMissing` off (or read-only).
    case missing(path: String)
    /// The folder for a new file could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The file cannot be opened or read: permissions, a folder at the path, an I/O failure.
    case unreadable(path: String, reason: String)
    /// The file (or its folder) is write-protected but the store was opened for writing.
    case readOnly(path: String)
    /// Another connection kept the file locked for longer than the busy timeout.
    case locked(path: String)
    /// The file is not a SQLite database, or the database is damaged.
    case corrupt(path: String, detail: String)
    /// The file is a SQLite database, but not a Parley message history.
    case notAHistory(path: String)
    /// The file was written by a newer Parley, with a schema this one does not know.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The file has an older schema and the store was opened read-only, so it cannot upgrade it.
    case olderSchema(path: String, version: Int, current: Int)
    /// The disk is full; the change was not saved.
    case diskFull(path: String)
    /// ``ConversationStore/close()`` was called before this call.
    case closed(path: String)
    /// No stored message has this id.
    case unknownMessage(MessageID)
    /// A message with this id is already stored; ``ConversationStore/insert(_:)`` never
    /// replaces (``ConversationStore/upsert(_:)`` does).
    case duplicateMessage(MessageID)
    /// The message cannot be stored as given (a custom payload failed to encode, an update
    /// changed the id, ...); nothing was written.
    case invalidMessage(MessageID, reason: String)
    /// Any other SQLite failure, with SQLite's result code and message.
    case sqlite(path: String, code: Int32, message: String)

    /// A sentence for logs and alerts: what happened, to which file, and what to do.
    public var description: String {
        switch self {
        case .missing(let path):
            return "No message history at \(path). Check the path, or open it with createIfMissing to start a new history there."
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot create the folder for the message history \(path): \(reason). Create the folder or choose another location."
        case .unreadable(let path, let reason):
            return "Cannot read the message history \(path): \(reason). Check that the path is a file and that this user may read and write it and its folder."
        case .readOnly(let path):
            return "The message history \(path) is read-only. Give this user write permission on the file and its folder, or open it read-only."
        case .locked(let path):
            return "The message history \(path) is locked by another connection (another program, or another store in this one) for longer than the busy timeout. Close the other program or retry later; the file was left untouched."
        case .corrupt(let path, let detail):
            return "The message history \(path) is damaged (\(detail)). It was left untouched: restore it from a backup, or move it aside to start a new history (sqlite3's .recover command may save what is readable)."
        case .notAHistory(let path):
            return "\(path) is a SQLite database but not a Parley message history; it was left untouched. Choose another file."
        case .newerSchema(let path, let version, let supported):
            return "The message history \(path) was written by a newer Parley (schema \(version); this one reads up to \(supported)). Upgrade the app to open it, or open a copy with that newer version; the file was left untouched."
        case .olderSchema(let path, let version, let current):
            return "The message history \(path) has an older schema (\(version); current \(current)) and was opened read-only. Open it once for writing to upgrade it."
        case .diskFull(let path):
            return "The disk holding the message history \(path) is full; the last change was not saved. Free some space and retry."
        case .closed(let path):
            return "The message history \(path) was closed; open a new store to use it."
        case .unknownMessage(let id):
            return "No stored message has id “\(id)”."
        case .duplicateMessage(let id):
            return "A message with id “\(id)” is already stored; nothing from this call was written. Use upsert to replace it."
        case .invalidMessage(let id, let reason):
            return "The message “\(id)” cannot be stored: \(reason). Nothing from this call was written."
        case .sqlite(let path, let code, let message):
            return "SQLite failed on the message history \(path): \(message) (code \(code))."
        }
    }
}
