import Foundation

/// How a ``ConversationStore`` opens its file.
public struct StoreOptions: Sendable, Equatable {
    /// Creates the file, and its folder, when missing. Off: a missing file is
    /// ``StoreError/missing(path:)``. Default on.
    public var createIfMissing: Bool
    /// Opens for reading only: writes fail with ``StoreError/readOnly(path:)``, and a
    /// missing file or an older schema is an error rather than created or upgraded.
    /// Default off.
    public var readOnly: Bool
    /// How long a call waits for a lock another connection holds before failing with
    /// ``StoreError/locked(path:)``. Default 5 seconds.
    public var busyTimeout: TimeInterval
    /// Runs `PRAGMA quick_check` when opening an existing file, so a damaged file is
    /// reported up front (``StoreError/corrupt(path:detail:)``) rather than at the page
    /// that reaches the damage. It reads the whole file, so opening costs time in proportion
    /// to the history: about 18 ms per 100,000 messages (20 MB) from the OS cache, against
    /// well under 1 ms without it. Default off, so a million-message history opens at once:
    /// a file that is not a database at all is still refused at open, and damage inside one
    /// is reported, still as `.corrupt`, by the call that meets it. Turn it on where an
    /// up-front verdict is worth the time (an import, a backup tool).
    public var checksIntegrity: Bool

    /// Creates options; every argument has the default described on its property.
    public init(
        createIfMissing: Bool = true, readOnly: Bool = false, busyTimeout: TimeInterval = 5,
        checksIntegrity: Bool = false
    ) {
        self.createIfMissing = createIfMissing
        self.readOnly = readOnly
        self.busyTimeout = busyTimeout
        self.checksIntegrity = checksIntegrity
    }
}
