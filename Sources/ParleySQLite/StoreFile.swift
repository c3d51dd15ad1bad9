import CSQLite
import Foundation

/// The checks a path passes before SQLite sees it, so that every wrong path gets a clear
/// error naming it, and nothing at the path is created, opened or hung on by mistake.
///
/// - A path ending in `/`, or naming a folder: ``StoreError/isFolder(path:)``.
/// - A FIFO, a device (`/dev/null`), a socket or a broken symbolic link, at the path or
///   at SQLite's `-wal`, `-shm` or `-journal` beside it:
///   ``StoreError/notARegularFile(path:kind:)``. Checked with `stat`, never by opening,
///   so a FIFO never blocks the caller.
/// - A missing folder for a new file: ``StoreError/missingFolder(path:folder:)`` unless
///   ``StoreOptions/createsFolders``.
///
/// The file can still be replaced between the check and SQLite's open by another program;
/// the checks are for mistakes, not for an adversary racing the app on its own folder.
enum StoreFile {
    /// The files SQLite keeps beside a database.
    static let sidecars = ["-wal", "-shm", "-journal"]

    /// Checks `path` and returns the SQLite flags to open it with.
    static func prepare(_ path: String, options: StoreOptions) throws(StoreError) -> Int32 {
        if path.isEmpty { throw .unreadable(path: path, reason: "no file name was given") }
        if path.hasSuffix("/") { throw .isFolder(path: path) }
        switch kind(of: path) {
        case .missing:
            return try prepareNew(path, options: options)
        case .folder:
            throw .isFolder(path: path)
        case .other(let kind):
            throw .notARegularFile(path: path, kind: kind)
        case .inaccessible(let code):
            if code == ENOTDIR, let folder = firstFileAmongFolders(of: path) {
                throw .cannotCreateDirectory(path: path, reason: "\(folder) is a file, not a folder")
            }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        case .file:
            break
        }
        for suffix in sidecars {
            if case .other(let kind) = kind(of: path + suffix) {
                throw .notARegularFile(path: path + suffix, kind: kind)
            }
            if case .folder = kind(of: path + suffix) {
                throw .notARegularFile(path: path + suffix, kind: "a folder")
            }
        }
        if access(path, R_OK) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        if options.readOnly { return Connection.readOnly }
        // SQLite writes its -wal and -shm beside the file: the folder must be writable too.
        if access(path, W_OK) != 0 || access(folder(of: path), W_OK | X_OK) != 0 { throw .readOnly(path: path) }
        return SQLITE_OPEN_READWRITE  // never CREATE an existing path: no race makes a new file
    }

    /// The checks for a path where nothing is yet.
    private static func prepareNew(_ path: String, options: StoreOptions) throws(StoreError) -> Int32 {
        guard options.createIfMissing, !options.readOnly else { throw .missing(path: path) }
        let folder = folder(of: path)
        switch kind(of: folder) {
        case .folder:
            return Connection.readWrite
        case .missing:
            guard options.createsFolders else { throw .missingFolder(path: path, folder: folder) }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                if let file = firstFileAmongFolders(of: path) {
                    throw .cannotCreateDirectory(path: path, reason: "\(file) is a file, not a folder")
                }
                throw .cannotCreateDirectory(path: path, reason: "\(folder): \((error as NSError).localizedDescription)")
            }
            return Connection.readWrite
        case .file, .other:
            throw .cannotCreateDirectory(path: path, reason: "\(folder) is a file, not a folder")
        case .inaccessible(let code):
            if code == ENOTDIR, let file = firstFileAmongFolders(of: path) {
                throw .cannotCreateDirectory(path: path, reason: "\(file) is a file, not a folder")
            }
            throw .cannotCreateDirectory(path: path, reason: "\(folder): \(String(cString: strerror(code)))")
        }
    }

    /// What is at a path, following symbolic links.
    enum Kind: Equatable {
        case missing
        case file
        case folder
        /// Something else: the words for it ("a named pipe (FIFO)").
        case other(String)
        /// `stat` failed for another reason than a missing file (`errno`).
        case inaccessible(Int32)
    }

    /// What is at `path`; never opens it.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT else { return .inaccessible(code) }
            // A symbolic link to nothing is something, not a missing file.
            var link = stat()
            if lstat(path, &link) == 0 { return .other("a broken symbolic link") }
            return .missing
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFIFO: return .other("a named pipe (FIFO)")
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a file")
        }
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The first ancestor of `path` that exists but is not a folder, if any.
    private static func firstFileAmongFolders(of path: String) -> String? {
        var ancestors: [String] = []
        var current = folder(of: path)
        while current != "/", current != ".", !ancestors.contains(current) {
            ancestors.append(current)
            current = folder(of: current)
        }
        return ancestors.reversed().first { candidate in
            switch kind(of: candidate) {
            case .file, .other: return true
            default: return false
            }
        }
    }
}
