import CSQLite
import Foundation
import ParleyCore

/// Why a ``ConversationStore`` could not open its file or carry out a call.
///
/// Every case that concerns the file names it and says what to do. No case ever follows
/// a change to the file: a store that reports a problem with an existing file has left it
/// exactly as it found it (it never deletes, recreates or "repairs" a history).
///
/// The cases hold paths and texts exactly as given or read; ``description`` shows them
/// through ``ParleyCore/InertText``, so a file name or a stored id with escape sequences
/// in it prints as visible stand-ins and never drives the terminal it is printed to.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at `path`, and the store was opened with `createIfMissing` off (or read-only).
    case missing(path: String)
    /// The folder for a new file could not be created, or something other than a folder
    /// is where it should be.
    case cannotCreateDirectory(path: String, reason: String)
    /// The folder that should hold a new file does not exist, and the store was not
    /// asked to create folders (``StoreOptions/createsFolders``).
    case missingFolder(path: String, folder: String)
    /// The path names a folder (it is one, or it ends in `/`), not a file.
    case isFolder(path: String)
    /// The path (or one of SQLite's files beside it, `-wal`, `-shm`, `-journal`) is not a
    /// regular file: `kind` says what it is ("a named pipe (FIFO)", "a character device", ...).
    case notARegularFile(path: String, kind: String)
    /// The file cannot be opened or read: permissions, an I/O failure.
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
    /// The disk (or the user's quota) is full; the change was not saved.
    case diskFull(path: String)
    /// The file reached the size limit for files this process may write (`ulimit -f`,
    /// `RLIMIT_FSIZE`); the change was not saved.
    case fileTooLarge(path: String)
    /// ``ConversationStore/close(waitingUpTo:)`` was called before this call.
    case closed(path: String)
    /// No stored message has this id.
    case unknownMessage(MessageID)
    /// A message with this id is already stored; ``ConversationStore/insert(_:)`` never
    /// replaces (``ConversationStore/upsert(_:)`` does).
    case duplicateMessage(MessageID)
    /// The message cannot be stored as given (a custom payload failed to encode, an update
    /// changed the id, its date is not a number, ...); nothing was written.
    case invalidMessage(MessageID, reason: String)
    /// A stored message holds something this build never writes (an unknown status or
    /// content kind, a missing sender: written by a newer Parley, or damaged). Pages skip
    /// it and show the rest; the row is left as it is.
    case unreadableMessage(MessageID, path: String, reason: String)
    /// The SQLite library this program uses was built without full-text search (FTS5),
    /// which the history's search index needs; the file was left untouched.
    case fullTextSearchUnavailable(path: String)
    /// The search index was found damaged: it is being rebuilt from the messages (none is
    /// lost), and searches find everything again once it is done.
    case searchIndexRebuilding(path: String, detail: String)
    /// Any other SQLite failure, with SQLite's result code and message.
    case sqlite(path: String, code: Int32, message: String)

    /// A sentence for logs and alerts: what happened, to which file, and what to do.
    /// Paths, ids and texts from the file are shown inert (controls as visible stand-ins).
    public var description: String {
        func shown(_ text: String) -> String { InertText.singleLine(text) }
        func shown(_ id: MessageID) -> String { InertText.singleLine(id.rawValue) }
        switch self {
        case .missing(let path):
            return "No message history at \(shown(path)). Check the path, or open it with createIfMissing to start a new history there."
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot create the folder for the message history \(shown(path)): \(shown(reason)). Create the folder or choose another location."
        case .missingFolder(let path, let folder):
            return "Cannot create the message history \(shown(path)): the folder \(shown(folder)) does not exist. Create it, or choose a file in an existing folder."
        case .isFolder(let path):
            return "\(shown(path)) is a folder, not a message history file. Give the path of a file (for example \(shown(Self.example(inFolder: path))))."
        case .notARegularFile(let path, let kind):
            return "\(shown(path)) is not a regular file but \(shown(kind)), so it cannot hold a message history; it was left untouched. Choose a regular file."
        case .unreadable(let path, let reason):
            return "Cannot read the message history \(shown(path)): \(shown(reason)). Check that this user may read and write the file and its folder."
        case .readOnly(let path):
            return "The message history \(shown(path)) is read-only. Give this user write permission on the file and its folder, or open it read-only."
        case .locked(let path):
            return "The message history \(shown(path)) is locked by another connection (another program, or another store in this one) for longer than the busy timeout. Close the other program or retry later; the file was left untouched."
        case .corrupt(let path, let detail):
            return "The message history \(shown(path)) is damaged (\(shown(detail))). It was left untouched: restore it from a backup, or move it aside to start a new history (sqlite3's .recover command may save what is readable)."
        case .notAHistory(let path):
            return "\(shown(path)) is a SQLite database but not a Parley message history; it was left untouched. Choose another file."
        case .newerSchema(let path, let version, let supported):
            return "The message history \(shown(path)) was written by a newer Parley (schema \(version); this one reads up to \(supported)). Upgrade the app to open it, or open a copy with that newer version; the file was left untouched."
        case .olderSchema(let path, let version, let current):
            return "The message history \(shown(path)) has an older schema (\(version); current \(current)) and was opened read-only. Open it once for writing to upgrade it."
        case .diskFull(let path):
            return "The disk holding the message history \(shown(path)) is full; the last change was not saved. Free some space and retry."
        case .fileTooLarge(let path):
            return "The message history \(shown(path)) reached the largest file size this program may write (its file size limit, ulimit -f); the last change was not saved. Raise the limit and retry."
        case .closed(let path):
            return "The message history \(shown(path)) was closed; open a new store to use it."
        case .unknownMessage(let id):
            return "No stored message has id “\(shown(id))”."
        case .duplicateMessage(let id):
            return "A message with id “\(shown(id))” is already stored; nothing from this call was written. Use upsert to replace it."
        case .invalidMessage(let id, let reason):
            return "The message “\(shown(id))” cannot be stored: \(shown(reason)). Nothing from this call was written."
        case .unreadableMessage(let id, let path, let reason):
            return "The message “\(shown(id))” in the message history \(shown(path)) cannot be shown: it has \(shown(reason)) (written by a newer Parley, or damaged). It was skipped and left as it is."
        case .fullTextSearchUnavailable(let path):
            return "The message history \(shown(path)) cannot be opened: the SQLite library in use was built without full-text search (FTS5), which its search index needs. It was left untouched. Use a SQLite with FTS5 (Debian's libsqlite3 has it)."
        case .searchIndexRebuilding(let path, let detail):
            return "The search index of the message history \(shown(path)) was damaged (\(shown(detail))) and is being rebuilt from the messages, none of which was lost. Search again in a moment."
        case .sqlite(let path, let code, let message):
            return "SQLite failed on the message history \(shown(path)): \(shown(message)) (code \(code))."
        }
    }

    /// `folder/history.sqlite`, for the advice of ``isFolder(path:)``.
    private static func example(inFolder path: String) -> String {
        var folder = path
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/history.sqlite" : folder + "/history.sqlite"
    }

    /// Whether waiting can fix it by itself: another connection's lock.
    var isTransient: Bool {
        if case .locked = self { return true }
        return false
    }

    /// The error for SQLite result `code` on the file shown as `path`, with SQLite's
    /// `detail` and the OS error (`sqlite3_system_errno`) behind it: a full disk and a
    /// reached file size limit are told as such whatever SQLite calls them (SQLITE_FULL,
    /// or an I/O error such as SQLITE_IOERR_SHMSIZE when the `-shm` file cannot grow).
    static func from(code: Int32, systemErrno: Int32, path: String, detail: String) -> StoreError {
        let primary = code & 0xFF
        if primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN {
            switch systemErrno {
            case ENOSPC, EDQUOT: return .diskFull(path: path)
            case EFBIG: return .fileTooLarge(path: path)
            default: break
            }
        }
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, detail: detail)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .unreadable(path: path, reason: detail)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_IOERR where systemErrno != 0:
            return .sqlite(path: path, code: code, message: "\(detail): \(String(cString: strerror(systemErrno)))")
        default: return .sqlite(path: path, code: code, message: detail)
        }
    }
}
