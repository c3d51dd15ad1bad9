import Foundation
import ParleyCore
import ParleyImaging

/// Decoded pictures by source and size, decoded off the main actor.
///
/// The first request for a picture starts a decode in a detached task and answers
/// ``State/loading``; when the decode ends, ``onChange`` is called so the screen draws
/// again. The cache keeps the most recent ``capacity`` pictures.
@MainActor
public final class PictureCache {
    /// Where a picture stands.
    public enum State: Sendable, Equatable {
        /// Being decoded.
        case loading
        /// Decoded at the size asked for.
        case ready(Picture)
        /// Could not be decoded; the reason is shown.
        case failed(PictureError)
    }

    /// Called on the main actor when a decode finishes.
    public var onChange: (() -> Void)?
    /// Decode on the caller's thread instead (tests, headless runs). Pictures that must
    /// be downloaded first are still fetched off the main actor.
    public var decodesSynchronously = false
    /// Downloads pictures given by URL (``ImageSource/url(_:)``), with its limits, cache
    /// and credentials (a Matrix client's `imageFetcher()` sends the session's token).
    /// Without one, a remote picture shows as not downloaded.
    public var fetcher: ImageFetcher?
    /// How many pictures to keep.
    public let capacity: Int

    private struct Key: Hashable {
        var source: ImageSource
        var width: Int
        var height: Int
    }

    private var entries: [Key: State] = [:]
    /// Counts the decodes that ended: a row painted before the last one may show a
    /// placeholder where a picture is ready now.
    private(set) var revision: UInt64 = 0
    private var order: [Key] = []

    /// Creates an empty cache.
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// The picture of `source` at `width` × `height` pixels, or where its decode stands.
    public func state(for source: ImageSource, width: Int, height: Int) -> State {
        let key = Key(source: source, width: width, height: height)
        if let state = entries[key] { return state }
        if case .url = source, let fetcher {
            store(key, nil)
            Task.detached(priority: .utility) {
                let result: Result<Picture, PictureError>
                do throws(ImageError) {
                    let data = try await fetcher.data(for: source)
                    result = PictureDecoder.decode(.data(data), width: width, height: height)
                } catch {
                    result = .failure(PictureError(error))
                }
                await MainActor.run {
                    self.store(key, result)
                    self.onChange?()
                }
            }
            return .loading
        }
        if decodesSynchronously {
            store(key, PictureDecoder.decode(source, width: width, height: height))
            return entries[key] ?? .loading
        }
        store(key, nil)
        Task.detached(priority: .utility) {
            let result = PictureDecoder.decode(source, width: width, height: height)
            await MainActor.run {
                self.store(key, result)
                self.onChange?()
            }
        }
        return .loading
    }

    private func store(_ key: Key, _ result: Result<Picture, PictureError>?) {
        if entries[key] == nil {
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        if result != nil { revision &+= 1 }
        switch result {
        case nil: entries[key] = .loading
        case .success(let picture): entries[key] = .ready(picture)
        case .failure(let error): entries[key] = .failed(error)
        }
    }
}
