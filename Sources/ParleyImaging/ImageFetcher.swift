import Foundation
import ParleyCore

/// Gets the encoded bytes of an ``ParleyCore/ImageSource``: a file, data already in hand,
/// or a URL downloaded with libcurl and kept in a disk cache.
///
/// Every call is `async` and nonisolated: it runs on the global executor, never on the
/// caller's actor, so the main actor is free while a file is read or a server answers.
/// Downloads run on threads of their own, at most six at once (more wait their turn), and
/// hold at most ``Configuration/maximumBytes`` each, whatever the server sends.
/// Failures are ``ImageError``s whose descriptions can be shown to the user as they are.
/// One fetcher is safe to share between any number of tasks.
public final class ImageFetcher: Sendable {
    /// The limits and the disk cache in use.
    public let configuration: Configuration
    private let download = Download()

    /// A fetcher with its own downloads (no HTTP cache, no cookies: the disk cache is
    /// ``Configuration/diskCache``).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Downloads waiting for a thread or running. A fetch's download is over by the time
    /// the fetch returns, cancelled or not, so this is 0 once every fetch has returned.
    var transfersInFlight: Int { download.transfersInFlight }
    /// The bytes its downloads hold now and at most (for tests of the limits).
    var downloadBuffers: BufferMeter { download.buffers }

    /// The bytes of `source`.
    ///
    /// - `.data`: the bytes themselves.
    /// - `.file(path:)` (and `file://` URLs): the file's bytes; `~` stands for the home folder.
    /// - `.url` (http, https): the disk cache's copy, or a download whose answer must be a
    ///   success status and start with an image signature before it is cached.
    ///
    /// - Throws: ``ImageError``: `notFound`, `unreadable`, `tooLarge`, `timedOut`,
    ///   `httpStatus`, `connectionFailed`, `notAnImage` (a download that is no image) or
    ///   `cancelled`.
    public func data(for source: ImageSource) async throws(ImageError) -> Data {
        let limit = configuration.maximumBytes
        switch source {
        case .data(let data):
            guard data.count <= limit else { throw .tooLarge(limit: limit) }
            return data
        case .file(let path):
            return try Self.readFile(atPath: NSString(string: path).expandingTildeInPath, limit: limit)
        case .url(let url) where url.isFileURL:
            return try Self.readFile(atPath: url.path, limit: limit)
        case .url(let url):
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw .connectionFailed(reason: "Unsupported address")
            }
            if let cached = configuration.diskCache?.data(for: url) { return cached }
            let limits = Download.Limits(
                maximumBytes: limit, timeout: configuration.timeout, maximumDuration: configuration.maximumDuration,
                headers: configuration.headers(url))
            let data = try await download.fetch(url, limits: limits).get()
            guard ImageFormat(sniffing: data) != nil else { throw .notAnImage }
            configuration.diskCache?.store(data, for: url)
            return data
        }
    }

    /// `source` fetched and decoded to fit in `maxWidth` × `maxHeight` pixels (see
    /// ``PictureDecoder/decode(_:maxWidth:maxHeight:)``). A disk-cached download that does
    /// not decode is dropped from the cache, so trying again downloads it afresh.
    public func picture(for source: ImageSource, maxWidth: Int, maxHeight: Int) async throws(ImageError) -> Picture {
        let data = try await self.data(for: source)
        do {
            return try PictureDecoder.decode(data, maxWidth: maxWidth, maxHeight: maxHeight)
        } catch {
            if case .url(let url) = source, error == .corrupt || error == .notAnImage {
                configuration.diskCache?.remove(url)
            }
            throw error
        }
    }

    /// The bytes of the file at `path`, refused past `limit` bytes before reading them.
    static func readFile(atPath path: String, limit: Int) throws(ImageError) -> Data {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound }
        guard !isDirectory.boolValue else { throw .unreadable }
        if let size = (try? files.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw .tooLarge(limit: limit)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable }
        defer { try? handle.close() }
        // Read one byte past the limit: a file that grew (or a device) is still refused.
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable
        }
        guard data.count <= limit else { throw .tooLarge(limit: limit) }
        return data
    }
}
