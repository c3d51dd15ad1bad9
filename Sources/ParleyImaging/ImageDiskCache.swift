import Foundation
import Synchronization

/// Downloaded image bytes kept on disk between runs, one file per URL, least recently used
/// first out when the folder grows past ``maximumBytes``.
///
/// Files are named by a 64-bit FNV-1a hash of the URL and start with the URL itself, which
/// is checked on every read: two URLs with the same hash can never see each other's bytes.
/// Writes are atomic (a temporary file renamed), so a crash leaves no half-written entry.
/// Safe to use from any thread.
public final class ImageDiskCache: Sendable {
    /// The folder holding the entries (created on the first write).
    public let directory: URL
    /// The most bytes kept; older entries are removed past it.
    public let maximumBytes: Int

    /// Writes since the folder was last trimmed; it is trimmed every ``trimInterval``.
    private let writesSinceTrim = Mutex(Int.max)
    private static let trimInterval = 16
    private static let fileExtension = "parley-image"

    /// A cache in `directory` holding up to `maximumBytes` (256 MB by default).
    public init(directory: URL, maximumBytes: Int = 256 << 20) {
        self.directory = directory
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The standard place: `$XDG_CACHE_HOME/parley/images`, or `~/.cache/parley/images`
    /// when `XDG_CACHE_HOME` is unset or not absolute (as the XDG base directory spec says).
    public static var standardDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("parley", isDirectory: true).appendingPathComponent("images", isDirectory: true)
    }

    /// A cache at ``standardDirectory``.
    public static func standard(maximumBytes: Int = 256 << 20) -> ImageDiskCache {
        ImageDiskCache(directory: standardDirectory, maximumBytes: maximumBytes)
    }

    /// The bytes stored for `url`, or nil. A hit marks the entry as recently used.
    public func data(for url: URL) -> Data? {
        let file = self.file(for: url)
        guard let contents = FileManager.default.contents(atPath: file.path) else { return nil }
        let header = Self.header(for: url)
        guard contents.starts(with: header) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return contents.dropFirst(header.count).withUnsafeBytes { Data($0) }
    }

    /// Keeps `data` for `url`, replacing what was there. Failures (a read-only disk, no
    /// space) are ignored: the cache is an optimisation.
    public func store(_ data: Data, for url: URL) {
        guard data.count <= maximumBytes else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (Self.header(for: url) + data).write(to: file(for: url), options: .atomic)
        } catch {
            return
        }
        let due = writesSinceTrim.withLock { count in
            count = count == Int.max ? Self.trimInterval : count + 1
            guard count >= Self.trimInterval else { return false }
            count = 0
            return true
        }
        if due { trim() }
    }

    /// Forgets `url` (for bytes found not to decode).
    public func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: file(for: url))
    }

    /// Forgets everything.
    public func removeAll() {
        for entry in entries() { try? FileManager.default.removeItem(at: entry.url) }
    }

    /// Removes the least recently used entries until the folder holds at most
    /// ``maximumBytes``. Runs by itself every few writes.
    public func trim() {
        var entries = self.entries()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maximumBytes else { return }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maximumBytes {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// The file holding `url`'s bytes.
    func file(for url: URL) -> URL {
        let hex = String(Self.fnv1a(url.absoluteString), radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return directory.appendingPathComponent(name).appendingPathExtension(Self.fileExtension)
    }

    private func entries() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return files.filter { $0.pathExtension == Self.fileExtension }.map { file in
            let values = try? file.resourceValues(forKeys: Set(keys))
            return (file, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
    }

    /// What an entry starts with: a tag and the URL, on one line.
    private static func header(for url: URL) -> Data {
        Data("parley-image 1 \(url.absoluteString)\n".utf8)
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes: stable across runs (unlike
    /// `Hasher`), which is what a file name needs.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
