import ParleyCore

/// Whether what a mirrored conversation changed is on disk yet: what a UI shows as
/// "saving…", "waiting for the file…" or "not saving: the disk is full".
///
/// Read it from ``ConversationStore/saveState`` or follow it with
/// ``ConversationStore/saveStates()``. `pending` counts messages (a message changed
/// several times before it is written counts once).
public enum SaveState: Sendable, Equatable, CustomStringConvertible {
    /// Everything queued so far is committed to the file.
    case saved
    /// Changes are queued and being written; usually for a few milliseconds.
    case saving(pending: Int)
    /// Another connection holds the file's lock: the writer keeps retrying (with backoff,
    /// every 2 seconds at the slowest) and nothing is lost; no one needs to act.
    case retrying(pending: Int, error: StoreError)
    /// Writing fails for a reason waiting alone will not fix (the disk is full, the file
    /// became read-only or damaged). The changes stay queued in memory and are retried
    /// (every 30 seconds at the slowest, and at every ``ConversationStore/flush()``);
    /// the error was reported once through the mirror's `onError`.
    case failing(pending: Int, error: StoreError)
    /// The store was closed with `unsaved` messages not written
    /// (``ConversationStore/close(waitingUpTo:)`` returned them).
    case closed(unsaved: Int)

    /// The messages not yet on disk.
    public var pending: Int {
        switch self {
        case .saved: return 0
        case .saving(let pending), .retrying(let pending, _), .failing(let pending, _): return pending
        case .closed(let unsaved): return unsaved
        }
    }

    /// A short line for a status bar or a log.
    public var description: String {
        func messages(_ count: Int) -> String { count == 1 ? "1 message" : "\(count) messages" }
        switch self {
        case .saved: return "Saved"
        case .saving(let pending): return "Saving \(messages(pending))…"
        case .retrying(let pending, _): return "Waiting to save \(messages(pending)): the history is in use by another program…"
        case .failing(let pending, let error): return "Not saving \(messages(pending)): \(error)"
        case .closed(0): return "Closed"
        case .closed(let unsaved): return "Closed with \(messages(unsaved)) not saved"
        }
    }
}

/// What ``ConversationStore/close(waitingUpTo:)`` could not write before closing: the
/// messages (as they were last shown) and deletions still queued, and why.
public struct UnsavedChanges: Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Messages whose latest state was not written, oldest change first.
    public var messages: [Message]
    /// Messages removed from the conversation but still in the file.
    public var deletions: [MessageID]
    /// Why the last attempt failed, when one did.
    public var error: StoreError?

    /// Creates a value (``ConversationStore/close(waitingUpTo:)`` does).
    public init(path: String, messages: [Message] = [], deletions: [MessageID] = [], error: StoreError? = nil) {
        self.path = path
        self.messages = messages
        self.deletions = deletions
        self.error = error
    }

    /// Whether everything was saved.
    public var isEmpty: Bool { messages.isEmpty && deletions.isEmpty }

    /// The number of unsaved changes (messages and deletions).
    public var count: Int { messages.count + deletions.count }

    /// A sentence for the user, with the file shown inert.
    public var description: String {
        guard !isEmpty else { return "Everything was saved to \(InertText.singleLine(path))." }
        let what = count == 1 ? "1 change was" : "\(count) changes were"
        let why = error.map { " \($0)" } ?? ""
        return "\(what) not saved to \(InertText.singleLine(path)) before it closed.\(why)"
    }
}
