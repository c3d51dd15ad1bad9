import Foundation

extension ImageFetcher {
    /// How an ``ImageFetcher`` fetches: its limits and its disk cache.
    public struct Configuration: Sendable {
        /// The most bytes fetched for one image (file, data or download); more is
        /// ``ImageError/tooLarge(limit:)``. A download is stopped as the byte past it
        /// arrives, whatever the server announced, and never holds more. 64 MB by default.
        public var maximumBytes: Int
        /// The longest a server may keep us waiting, for its answer or between two chunks
        /// of it, before ``ImageError/timedOut`` (one that does not even take the
        /// connection in that time can't be reached: ``ImageError/connectionFailed(reason:)``).
        /// 15 seconds by default.
        public var timeout: Duration
        /// The longest a whole download may take, however steadily it trickles in.
        /// Two minutes by default.
        public var maximumDuration: Duration
        /// Where downloaded bytes are kept between runs; nil keeps nothing on disk.
        /// ``ImageDiskCache/standard(maximumBytes:)`` by default.
        public var diskCache: ImageDiskCache?
        /// The extra HTTP headers a download of a URL sends (an `Authorization` for a
        /// server's authenticated media, say), asked for each download; none by default.
        /// Redirects to another host do not get an `Authorization` header (libcurl's rule).
        public var headers: @Sendable (URL) -> [String: String]

        /// A configuration; every parameter has a sensible default.
        public init(
            maximumBytes: Int = 64 << 20, timeout: Duration = .seconds(15), maximumDuration: Duration = .seconds(120),
            diskCache: ImageDiskCache? = .standard(),
            headers: @escaping @Sendable (URL) -> [String: String] = { _ in [:] }
        ) {
            self.headers = headers
            self.maximumBytes = max(1, maximumBytes)
            self.timeout = timeout
            self.maximumDuration = maximumDuration
            self.diskCache = diskCache
        }
    }
}
