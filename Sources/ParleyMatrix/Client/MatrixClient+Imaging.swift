import Foundation
import ParleyImaging

extension MatrixClient {
    /// An image fetcher that sends this session's token with downloads of its server's
    /// authenticated media (``mediaHeaders(for:)``) and nothing extra elsewhere: hand it
    /// to a front end's image loading so that Matrix images show.
    ///
    /// - Parameter configuration: Limits and the disk cache; its own headers are kept for
    ///   other addresses.
    public func imageFetcher(configuration: ImageFetcher.Configuration = ImageFetcher.Configuration()) -> ImageFetcher {
        var configuration = configuration
        let others = configuration.headers
        configuration.headers = { [weak self] url in
            let media = self?.mediaHeaders(for: url) ?? [:]
            return media.isEmpty ? others(url) : others(url).merging(media) { _, mine in mine }
        }
        return ImageFetcher(configuration: configuration)
    }
}
