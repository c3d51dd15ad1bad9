import Foundation

/// How a ``ConversationStore`` opens its file.
public struct StoreOptions: Sendable, Equatable {
    /// Creates the file when missing. Off: a missing file is ``StoreError/missing(path:)``.
    /// Default on.
    public var createIfMissing: Bool
    /// Opens for reading only: writes fail with ``StoreError/readOnly(path:)``, and a
    /// missing file or an older schema is an error rather than created or upgraded.
    /// Default off.
    public var readOnly: Bool
    /// How long a direct call (``ConversationStore/insert(_:)``, ``ConversationStore/upsert(_:)``,
    /// ...) waits for a lock another connection holds before failing with
    /// ``StoreError/locked(path:)``. Default 5 seconds.
    ///
    /// A mirror (``ConversationStore/mirror(_:includingHistoryPages:onError:)``) never
    /// waits this long: its writer thread tries for at most 50 ms at a time and retries
    /// with backoff until the lock is gone.
    public var busyTimeout: TimeInterval
    /// Runs `PRAGMA quick_check` when opening an existing file, so a damaged file (a
    /// zeroed or overwritten page) is refused up front with
    /// ``StoreError/corrupt(path:detail:)``, before anything is written to it, rather
    /// than met by the page that reaches the damage. Default on.
    ///
    /// It reads the whole file, so opening costs time in proportion to the history:
    /// about 30 ms per 100,000 messages (21 MB; measured 28–39 ms from the OS cache on a
    /// 2-core machine, 70 ms the first time), against 0.3 ms without it. Turn it off only where opening at once matters more
    /// than an up-front verdict (a tool opening huge histories read-only): a file that is
    /// not a database at all is still refused at open, and damage inside one is still
    /// reported, as `.corrupt`, by the call that meets it; from then on the store refuses
    /// to write to the file.
    public var checksIntegrity: Bool
    /// Creates the folder (and its parents) for a new file when missing. Off: a missing
    /// folder is ``StoreError/missingFolder(path:folder:)``, so a mistyped path is
    /// reported rather than built. Default off; turn it on for an app's own data folder.
    public var createsFolders: Bool

    /// Creates options; every argument has the default described on its property.
    public init(
        createIfMissing: Bool = true, readOnly: Bool = false, busyTimeout: TimeInterval = 5,
        checksIntegrity: Bool = true, createsFolders: Bool = false
    ) {
        self.createIfMissing = createIfMissing
        self.readOnly = readOnly
        self.busyTimeout = busyTimeout
        self.checksIntegrity = checksIntegrity
        self.createsFolders = createsFolders
    }
}
