import Foundation
import ParleyCore
import Synchronization

/// Makes link previews from the pages messages link to: downloads the start of the page
/// (with the same libcurl downloads as images, off the main actor), reads its Open Graph
/// tags and remembers the answer.
///
/// Bounded in every way a hostile or broken page could try: at most
/// ``Configuration/maximumBytes`` of a page are read (its head; the rest is never
/// downloaded), a silent server is left after ``Configuration/timeout`` and a slow one
/// after ``Configuration/maximumDuration``. A page that fails, is no page, or says
/// nothing about itself gives `nil`: the message shows no preview and no error.
///
/// ```swift
/// presenter.linkPreviews = LinkPreviewFetcher()   // or ChatScreen's / MessengerView's linkPreviews
/// ```
///
/// Answers, `nil` included, are kept in memory (the most recent
/// ``Configuration/cacheCount``) and, when ``Configuration/diskCache`` is set, on disk;
/// the preview's picture is loaded by the front end through ``ImageFetcher`` and its cache.
public final class LinkPreviewFetcher: LinkPreviewProviding {
    /// How a ``LinkPreviewFetcher`` fetches.
    public struct Configuration: Sendable {
        /// The most bytes of a page read: enough for the head of nearly every page. 512 KB.
        public var maximumBytes: Int
        /// The longest a server may stay silent. 5 seconds.
        public var timeout: Duration
        /// The longest a whole page may take. 10 seconds.
        public var maximumDuration: Duration
        /// How many answers are remembered in memory.
        public var cacheCount: Int
        /// Where answers are kept between runs, or `nil`.
        public var diskCache: ImageDiskCache?
        /// Whether pages on this machine or the local network (`localhost`, `127.0.0.1`,
        /// `10.…`, `192.168.…`, `[::1]`…, written as such in the link) may be fetched.
        /// Off by default, so that a link in a message cannot make the app probe the
        /// network it runs in. Names that only resolve to such addresses are not caught.
        public var allowsLocalAddresses: Bool

        /// A configuration; every parameter has a sensible default.
        public init(
            maximumBytes: Int = 512 << 10, timeout: Duration = .seconds(5), maximumDuration: Duration = .seconds(10),
            cacheCount: Int = 512, diskCache: ImageDiskCache? = nil, allowsLocalAddresses: Bool = false
        ) {
            self.maximumBytes = max(1024, maximumBytes)
            self.timeout = timeout
            self.maximumDuration = maximumDuration
            self.cacheCount = max(1, cacheCount)
            self.diskCache = diskCache
            self.allowsLocalAddresses = allowsLocalAddresses
        }
    }

    /// The limits and caches in use.
    public let configuration: Configuration
    private let download = Download()
    private let memory = Mutex(Memory())

    private struct Memory {
        var answers: [String: LinkPreview?] = [:]
        var order: [String] = []
    }

    /// A fetcher.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The preview of `url` (http or https), or `nil` when its page has none or can't be
    /// fetched.
    public func linkPreview(for url: URL) async -> LinkPreview? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            configuration.allowsLocalAddresses || !Self.isLocal(url)
        else { return nil }
        let key = url.absoluteString
        if let remembered = memory.withLock({ $0.answers[key] }) { return remembered }
        if let stored = configuration.diskCache?.data(for: Self.diskKey(url)) {
            let preview = try? JSONDecoder().decode(StoredPreview.self, from: stored).preview(for: url)
            remember(preview, for: key)
            return preview
        }
        let limits = Download.Limits(
            maximumBytes: configuration.maximumBytes, timeout: configuration.timeout,
            maximumDuration: configuration.maximumDuration, keepsPrefix: true)
        let result = await download.fetch(url, limits: limits)
        // A cancelled fetch says nothing about the page: it is asked again next time.
        if case .failure(.cancelled) = result { return nil }
        let preview = (try? result.get()).flatMap { PageMetadata(html: $0, url: url).preview(for: url) }
        remember(preview, for: key)
        if let disk = configuration.diskCache, let data = try? JSONEncoder().encode(StoredPreview(preview)) {
            disk.store(data, for: Self.diskKey(url))
        }
        return preview
    }

    private func remember(_ preview: LinkPreview?, for key: String) {
        let limit = configuration.cacheCount
        memory.withLock { memory in
            if memory.answers.updateValue(preview, forKey: key) == nil { memory.order.append(key) }
            if memory.order.count > limit {
                let dropped = memory.order.count - limit
                for old in memory.order.prefix(dropped) { memory.answers[old] = nil }
                memory.order.removeFirst(dropped)
            }
        }
    }

    /// The disk cache's key for the answer about `url` (apart from any picture's).
    private static func diskKey(_ url: URL) -> URL {
        URL(string: "parley-link-preview:" + (url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            ?? url
    }

    /// Whether `url`'s host is written as this machine or a private network's address.
    static func isLocal(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return true }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host.hasSuffix(".local") { return true }
        if host.contains(":") {
            return host == "::1" || host == "::" || host.hasPrefix("fc") || host.hasPrefix("fd") || host.hasPrefix("fe80")
                || host.hasPrefix("::ffff:")
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil && (0...255).contains($0!) }) else {
            // A number that is not four parts ("2130706433", "0x7f.1") is an address too.
            return host.allSatisfy { $0.isNumber || $0 == "." || $0 == "x" } && host.first?.isNumber == true
        }
        let a = parts[0]!, b = parts[1]!
        return a == 127 || a == 10 || a == 0 || (a == 192 && b == 168) || (a == 172 && (16...31).contains(b))
            || (a == 169 && b == 254) || (a == 100 && (64...127).contains(b))
    }
}

/// An answer as the disk cache keeps it (`nil` too: a page known to have no preview).
private struct StoredPreview: Codable {
    var title: String?
    var summary: String?
    var siteName: String?
    var image: URL?
    var imageWidth: Double?
    var imageHeight: Double?
    var isEmpty: Bool

    init(_ preview: LinkPreview?) {
        title = preview?.title
        summary = preview?.summary
        siteName = preview?.siteName
        if case .url(let url) = preview?.image { image = url }
        imageWidth = preview?.imageSize?.width
        imageHeight = preview?.imageSize?.height
        isEmpty = preview == nil
    }

    func preview(for url: URL) -> LinkPreview? {
        guard !isEmpty else { return nil }
        let size = imageWidth.flatMap { width in imageHeight.map { Size(width: width, height: $0) } }
        let preview = LinkPreview(url: url, title: title, summary: summary, siteName: siteName, image: image.map(ImageSource.url), imageSize: size)
        return preview.isEmpty ? nil : preview
    }
}
