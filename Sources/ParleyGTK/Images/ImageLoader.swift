import ParleyCore
import ParleyImaging

/// Images for the GTK front end: ask for an image's state, show what it says, and redraw
/// when told it changed.
///
/// ``state(of:maxSize:)`` answers at once. The first ask for a source (at a size) starts
/// its load and answers ``ImageState/loading``; fetching and decoding run in a detached
/// task, off the main actor, and only the finished ``Texture`` is made on it. Observers
/// (``observe(_:)``) hear of every change. Asking again while a load runs joins it: one
/// source at one size is loaded once. Loaded textures stay in memory, least recently
/// asked for out first past ``memoryLimit`` bytes; failures stay until ``retry(_:)``.
///
/// Everything here runs on the main actor, which must be the GLib loop's thread with
/// ``GTK/runsMainActorTasks()`` called (``ParleyApplication`` does it), so that finished
/// loads land.
@MainActor
public final class ImageLoader {
    /// The loader shared by Parley's widgets (standard fetcher, 256 MB of textures).
    public static let shared = ImageLoader()

    /// The most bytes of loaded textures kept (the newest one is kept even when larger).
    public let memoryLimit: Int
    /// The bytes the loaded textures in memory take.
    public private(set) var memoryUsed = 0
    /// How many loads have been started (for tests: joining a running load starts none).
    private(set) var loadsStarted = 0

    private struct Key: Hashable {
        var source: ImageSource
        var width: Int
        var height: Int
    }

    private struct Entry {
        var state: ImageState
        var lastUse: UInt64
        var load: Int
        var cost: Int { state.texture?.byteCount ?? 0 }
    }

    private let fetcher: ImageFetcher
    private let observers = Observers()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    /// A loader with its own `fetcher` (limits, disk cache) and texture budget.
    public init(fetcher: ImageFetcher = ImageFetcher(), memoryLimit: Int = 256 << 20) {
        self.fetcher = fetcher
        self.memoryLimit = max(0, memoryLimit)
    }

    /// Where `source` stands at `maxSize` (in pixels: multiply points by the widget's scale
    /// factor), starting its load when it was never asked for. The texture fits inside
    /// `maxSize` with the image's aspect, and is never larger than the image itself.
    public func state(of source: ImageSource, maxSize: Size) -> ImageState {
        let key = Key(source: source, width: Self.pixels(maxSize.width), height: Self.pixels(maxSize.height))
        clock += 1
        if var entry = entries[key] {
            entry.lastUse = clock
            entries[key] = entry
            return entry.state
        }
        start(key)
        return .loading
    }

    /// Calls `handler` on the main actor with the source whose state changed (loaded or
    /// failed, or loading again after a retry), until the returned token is cancelled or
    /// released.
    public func observe(_ handler: @escaping @MainActor (ImageSource) -> Void) -> Observation {
        Observation(observers: observers, key: observers.add(handler))
    }

    /// Loads `source` again at every size it failed at; observers hear that it is loading.
    /// Nothing happens when it has not failed.
    public func retry(_ source: ImageSource) {
        let failed = entries.filter { key, entry in
            guard key.source == source, case .failed = entry.state else { return false }
            return true
        }
        guard !failed.isEmpty else { return }
        for key in failed.keys { start(key) }
        observers.notify(source)
    }

    /// Starts loading `key` (replacing any entry it had).
    private func start(_ key: Key) {
        loadsStarted += 1
        let load = loadsStarted
        clock += 1
        entries[key] = Entry(state: .loading, lastUse: clock, load: load)
        let fetcher = self.fetcher
        Task { [weak self] in
            let result = await Task.detached(priority: .utility) { () -> Result<Picture, ImageError> in
                do throws(ImageError) {
                    return .success(try await fetcher.picture(for: key.source, maxWidth: key.width, maxHeight: key.height))
                } catch {
                    return .failure(error)
                }
            }.value
            self?.finish(key, load: load, result)
        }
    }

    /// Stores a finished load's outcome (unless the entry moved on) and tells observers.
    private func finish(_ key: Key, load: Int, _ result: Result<Picture, ImageError>) {
        guard var entry = entries[key], entry.load == load else { return }
        switch result {
        case .success(let picture): entry.state = .loaded(Texture(picture))
        case .failure(let error): entry.state = .failed(error.description)
        }
        entries[key] = entry
        memoryUsed += entry.cost
        evict(keeping: key)
        observers.notify(key.source)
    }

    /// Drops the least recently asked-for textures until the loaded ones fit in
    /// ``memoryLimit`` (`kept` stays, whatever its size), and the oldest failures past
    /// ``failuresKept``.
    private func evict(keeping kept: Key) {
        func oldestFirst(_ include: (ImageState) -> Bool) -> [(key: Key, value: Entry)] {
            entries.filter { $0.key != kept && include($0.value.state) }.sorted { $0.value.lastUse < $1.value.lastUse }
        }
        if memoryUsed > memoryLimit {
            for (key, entry) in oldestFirst({ $0.texture != nil }) where memoryUsed > memoryLimit {
                entries[key] = nil
                memoryUsed -= entry.cost
            }
        }
        if case .failed = entries[kept]?.state {
            let failures = oldestFirst { if case .failed = $0 { true } else { false } }
            for (key, _) in failures.dropLast(Self.failuresKept - 1) { entries[key] = nil }
        }
    }

    /// How many failures are remembered (each until retried or pushed out by newer ones).
    private static let failuresKept = 256

    /// A size in pixels, whole, between 1 and 16384.
    private static func pixels(_ length: Double) -> Int {
        guard length.isFinite else { return 16_384 }
        return Int(saturating: min(16_384, max(1, length.rounded(.up))))
    }
}
