import Foundation
import Synchronization

/// Files and folders the tests write for the whole run (generated media, pictures), removed
/// when the test process exits: a suite run would otherwise leave them in the temporary
/// folder, one set per run.
enum ScratchFiles {
    private static let paths = Mutex<[String]>([])

    /// Removes `path` (a file, or a folder with what it holds) when the process exits.
    static func removeAtExit(_ path: String) {
        let first = paths.withLock { paths in
            paths.append(path)
            return paths.count == 1
        }
        if first { atexit { ScratchFiles.removeAll() } }
    }

    private static func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
