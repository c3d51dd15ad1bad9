import Foundation
import ParleyCore
import ParleySQLite
import Synchronization

/// A `Conversation` bound to one Matrix room: what arrives in the room shows
/// in the conversation, and what the user does there goes to the room.
///
/// - **Live events** come from a `/sync` loop (a filter for this room, the `since`
///   token, 30-second long polls), backing off while the server can't be reached and
///   honouring `retry_after_ms`: text (HTML bodies as Markdown, never as HTML), notices,
///   emotes, images and files (through the authenticated media API), replies, reactions
///   (counted here: servers do not), edits, redactions, typing and read receipts.
/// - **What the user sends** (``send(_:replyingTo:)``, ``sendImage(_:filename:mediaType:size:)``,
///   ``toggleReaction(_:on:)``, ``edit(_:to:)``, ``delete(_:)``) shows at once as a local
///   echo with `DeliveryStatus.sending`, goes out in order through an
///   outbox, and turns `DeliveryStatus.sent` when the server took it (matched
///   by transaction id, so the server's copy never shows twice). While the server can't
///   be reached the outbox keeps everything and sends it when it can again; a message
///   the server refuses is `DeliveryStatus.failed` and ``retry(_:)`` sends it again.
/// - **Typing and receipts** go out from ``setTyping(_:)`` (or an input bar, with
///   ``follow(_:)``) and ``markRead(upTo:)`` (or by themselves, ``sendsReadReceipts``).
/// - **History** comes through ``history``, a `HistoryWindowSource` for a
///   `HistoryPager`.
///
/// Everything is safe from any task or thread. Message ids are the events' ids, except
/// for messages sent from here, which keep the id of their local echo.
public final class MatrixRoom: Sendable {
    /// Where the room's connection to the server stands (``status``, ``statusUpdates()``).
    public enum ConnectionStatus: Hashable, Sendable {
        /// Not started, or the first sync is running.
        case connecting
        /// Syncing.
        case online
        /// The server can't be reached (or keeps failing); retrying with backoff.
        case offline(MatrixError)
        /// The server no longer accepts the session; nothing more is tried.
        case signedOut(MatrixError)
        /// ``stop()`` was called.
        case stopped
    }

    /// How a room syncs, fills gaps and keeps its outbox.
    public struct Configuration: Sendable {
        /// The most timeline events one sync brings (the sync filter's `timeline.limit`).
        /// When more happened since the last sync, the server says the timeline is
        /// `limited` and the room fills the gap from `/messages` (``longestGap``).
        public var timelineLimit: Int
        /// The most events a gap in the timeline is filled with. A gap longer than this
        /// (the app was away for long) leaves the older messages out of the conversation:
        /// it shows the newest ones, and history paging brings the rest, in order.
        public var longestGap: Int
        /// The file the outbox is kept in (JSON), so that what waits to be sent survives
        /// the app's restart; `nil` keeps it in memory only. One file per room and user:
        /// a room made again with the same file (and the same session, so that the
        /// server knows the transaction ids) shows the waiting messages as local echoes
        /// and sends them, each once.
        /// With ``cacheDirectory`` and no ``outboxURL``, the outbox is `outbox.json` there.
        public var outboxURL: URL?
        /// A folder for the room's offline cache (one per room and user): its messages in
        /// a ParleySQLite store (`messages.sqlite`) and where its sync stands
        /// (`sync.json`). A room made again with it shows the newest cached messages at
        /// once, before ``MatrixRoom/start()``, and syncs on from its saved token. `nil`
        /// keeps nothing.
        public var cacheDirectory: URL?

        /// A configuration; every parameter has a default.
        public init(timelineLimit: Int = 30, longestGap: Int = 500, outboxURL: URL? = nil, cacheDirectory: URL? = nil) {
            self.timelineLimit = max(1, timelineLimit)
            self.longestGap = max(1, longestGap)
            self.outboxURL = outboxURL
            self.cacheDirectory = cacheDirectory
        }

        /// The outbox's file: ``outboxURL``, else `outbox.json` in the cache's folder.
        var outboxFile: URL? { outboxURL ?? cacheDirectory?.appendingPathComponent("outbox.json") }
    }

    /// The session the room talks through.
    public let client: MatrixClient
    /// The room's id (`!…`).
    public let roomID: String
    /// The conversation the room fills.
    public let conversation: Conversation
    /// How the room syncs and fills gaps.
    public let configuration: Configuration
    /// The offline cache's store (``Configuration/cacheDirectory``), when it opened.
    let cache: ConversationStore?

    let state = Mutex(RoomState())
    let outboxSignal = Signal()
    /// The revision of the outbox last written to its file.
    let outboxWriter = Mutex<UInt64>(0)

    /// Binds `conversation` (a new one for the client's user when omitted) to `roomID`.
    /// Nothing happens before ``start()``, except that the offline cache
    /// (``Configuration/cacheDirectory``) fills the conversation with what it held, and
    /// an outbox kept in ``Configuration/outboxURL`` is read and its messages shown as
    /// local echoes (``storageError`` says when a file could not be used).
    ///
    /// - Precondition: the client is signed in (``MatrixClient/userID`` is known).
    public init(client: MatrixClient, roomID: String, conversation: Conversation? = nil, configuration: Configuration = Configuration()) {
        self.client = client
        self.roomID = roomID
        self.configuration = configuration
        let me = client.userID ?? ""
        self.conversation = conversation ?? Conversation(me: Sender(id: me, name: MatrixRoom.localpart(of: me)))
        let (cache, problem) = Self.openCache(configuration)
        self.cache = cache
        loadCache(problem: problem)
        loadOutbox()
    }

    /// The connection's state now.
    public var status: ConnectionStatus { state.withLock { $0.status } }

    /// The connection's states from now on (the current one first).
    public func statusUpdates() -> AsyncStream<ConnectionStatus> {
        let (stream, continuation) = AsyncStream<ConnectionStatus>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let key = state.withLock { state in
            state.nextWatcher += 1
            state.statusWatchers[state.nextWatcher] = continuation
            continuation.yield(state.status)
            return state.nextWatcher
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.statusWatchers.removeValue(forKey: key) }
        }
        return stream
    }

    func setStatus(_ status: ConnectionStatus) {
        state.withLock { state in
            guard state.status != status else { return }
            state.status = status
            for watcher in state.statusWatchers.values { watcher.yield(status) }
        }
    }

    /// Messages that are waiting in the outbox (sent from here, not yet taken by the
    /// server), oldest first.
    public var queuedCount: Int { state.withLock { $0.outbox.count } }

    // MARK: Starting and stopping

    /// Checks the room, loads its members and its latest messages into the conversation,
    /// then keeps syncing in the background until ``stop()``.
    ///
    /// Started again after ``stop()``, the room syncs on from where it stopped: what
    /// happened meanwhile is added after what it shows, the gap filled from the room's
    /// history (``Configuration/longestGap``).
    ///
    /// - Throws: ``MatrixError/roomNotFound(_:)`` when the user is not in the room, or
    ///   what the first requests failed with (``MatrixError/unreachable(reason:)``,
    ///   ``MatrixError/unknownToken(softLogout:)``…). The room can be started again then.
    public func start() async throws(MatrixError) {
        guard state.withLock({ $0.syncTask == nil }) else { return }
        setStatus(.connecting)
        let joined = try await client.joinedRooms()
        guard joined.contains(roomID) else { throw .roomNotFound(roomID) }
        let members = try await client.joinedMembers(of: roomID)
        state.withLock { state in
            for (user, name) in members { state.members[user] = name ?? Self.localpart(of: user) }
        }
        conversation.isGroup = members.count > 2
        let filter = try await client.createFilter(Self.filter(for: roomID, timelineLimit: configuration.timelineLimit))
        let since = state.withLock { $0.since }
        let first = try await client.sync(filter: filter, since: since, timeout: .zero)
        let gap = since == nil ? nil : try await fillGap(before: first)
        apply(first, initial: since == nil, gap: gap)
        state.withLock { $0.since = first.nextBatch }
        await saveSyncState()
        setStatus(.online)
        state.withLock { state in
            state.filterID = filter
            state.since = first.nextBatch
            state.syncTask = Task { [weak self] in await self?.syncLoop() }
            state.outboxTask = Task { [weak self] in await self?.outboxLoop() }
        }
    }

    /// Stops syncing and sending, and returns when both have stopped. What is still in the
    /// outbox stays there (``queuedCount``); ``start()`` again sends it.
    public func stop() async {
        let (sync, outbox) = state.withLock { state in
            let tasks = (state.syncTask, state.outboxTask)
            state.syncTask = nil
            state.outboxTask = nil
            return tasks
        }
        sync?.cancel()
        outbox?.cancel()
        await sync?.value
        await outbox?.value
        await saveSyncState()
        // Both loops have ended: nothing changes the status after this.
        setStatus(.stopped)
    }

    /// The sync filter: this room only, its timeline, member state lazily, typing and
    /// receipts; no presence or account data.
    ///
    /// Each start makes a filter of its own (its timeline leaves out an event type no one
    /// sends, named with a fresh UUID): Synapse keeps the answers of recent syncs by user,
    /// filter and token, and a second first sync of the same user with the same filter
    /// within minutes was seen getting the first one's answer (then empty) again.
    static func filter(for roomID: String, timelineLimit: Int) -> JSONValue {
        [
            "presence": ["not_types": ["*"]],
            "account_data": ["not_types": ["*"]],
            "room": [
                "rooms": [.string(roomID)],
                "timeline": ["limit": .number(Double(timelineLimit)), "not_types": [.string("org.parley.unused.\(UUID().uuidString)")]],
                "state": ["lazy_load_members": true],
                "ephemeral": ["types": ["m.typing", "m.receipt"]],
                "account_data": ["not_types": ["*"]],
            ],
        ]
    }

    /// Long-polls until cancelled: backs off while the server can't be reached (0.5 s,
    /// doubling to 30 s), waits out rate limits, stops when the token is rejected.
    private func syncLoop() async {
        var backoff = Duration.milliseconds(500)
        while !Task.isCancelled {
            let (filter, since) = state.withLock { ($0.filterID, $0.since) }
            do {
                let response = try await client.sync(filter: filter, since: since, timeout: .seconds(30))
                // A gap that can't be filled now (the server went away meanwhile) fails
                // this round: the same sync is asked again, so nothing is skipped.
                let gap = try await fillGap(before: response)
                let wasOffline = status != .online
                apply(response, initial: false, gap: gap)
                state.withLock { $0.since = response.nextBatch }
                await saveSyncState()
                setStatus(.online)
                backoff = .milliseconds(500)
                if wasOffline { outboxSignal.fire() }
            } catch .cancelled {
                return
            } catch .rateLimited(let after) {
                try? await Task.sleep(for: after ?? backoff)
            } catch .unknownToken(let soft) {
                setStatus(.signedOut(.unknownToken(softLogout: soft)))
                return
            } catch {
                setStatus(.offline(error))
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, .seconds(30))
            }
        }
    }

    /// `@alice:example.org` → `alice`.
    static func localpart(of userID: String) -> String {
        let name = userID.hasPrefix("@") ? userID.dropFirst() : userID[...]
        return String(name.prefix { $0 != ":" })
    }
}

/// What a room keeps, behind its lock.
struct RoomState: Sendable {
    var status: MatrixRoom.ConnectionStatus = .connecting
    var statusWatchers: [Int: AsyncStream<MatrixRoom.ConnectionStatus>.Continuation] = [:]
    var nextWatcher = 0
    var filterID: String?
    var since: String?
    /// The newest timeline event synced, where a gap (a `limited` timeline) begins.
    var lastTimelineEvent: String?
    var syncTask: Task<Void, Never>?
    var outboxTask: Task<Void, Never>?

    /// Display names by user id.
    var members: [String: String] = [:]
    /// The message each event shows as (messages sent from here keep their echo's id).
    var messageForEvent: [String: MessageID] = [:]
    /// The event behind each message.
    var eventForMessage: [MessageID: String] = [:]
    /// Local echoes waiting for their event, by transaction id.
    var echoes: [String: MessageID] = [:]
    /// Reaction events: on what, which key, by whom.
    var reactions: [String: ReactionRecord] = [:]
    /// The local user's reaction events, by message and key (to take one back).
    var myReactions: [MessageID: [String: String]] = [:]
    /// The date of the edit each message shows, so that a late older edit loses.
    var editDates: [MessageID: Int64] = [:]
    /// Relations (edits, reactions, redactions) whose target is not loaded yet, by the
    /// target's event id; applied when it arrives.
    var pendingRelations: [String: [MatrixEvent]] = [:]
    var pendingRelationCount = 0
    /// Replies whose quoted event is not loaded, by that event's id.
    var quoteWaits: [String: [MessageID]] = [:]
    /// The `mxc://` URI of each media message.
    var media: [MessageID: String] = [:]
    /// Typing users now.
    var typing: Set<String> = []

    /// Pagination tokens: towards older events from a message, towards newer ones.
    var tokensBefore: [MessageID: String] = [:]
    var tokensAfter: [MessageID: String] = [:]

    /// Outgoing work, in order, and what the server refused (for ``MatrixRoom/retry(_:)``).
    var outbox: [Outgoing] = []
    var failed: [MessageID: Outgoing] = [:]
    /// Bumped by each change of the outbox written to its file.
    var outboxRevision: UInt64 = 0
    /// The outbox file belongs to someone else or another version: never written.
    var outboxFileRefused = false
    /// The latest problem with the room's files; whether it came from a write (which a
    /// later successful write clears).
    var storageError: MatrixError?
    var storageErrorFromSaving = false
    /// The cache's mirror of the conversation; whether the cache is given up.
    var cacheMirror: Observation?
    var cacheRefused = false

    /// The latest receipt sent, and typing as announced.
    var receiptSent: String?
    var readsAutomatically = false
    var typingAnnounced: ContinuousClock.Instant?
    var typingStop: Task<Void, Never>?
    /// The latest typing notice on its way; the next one waits for it, so they arrive in order.
    var typingSend: Task<Void, Never>?

    /// The message id for `eventID`.
    func message(for eventID: String) -> MessageID {
        messageForEvent[eventID] ?? MessageID(eventID)
    }
}

/// One reaction event.
struct ReactionRecord: Sendable {
    var target: MessageID
    var key: String
    var sender: String
}

/// A wake-up for the one task that waits for work (the outbox); wakes coalesce.
final class Signal: Sendable {
    /// The wake-ups, iterated by one task at a time.
    let wakes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (wakes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func fire() { continuation.yield(()) }
}
