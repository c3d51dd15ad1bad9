import Foundation

/// A conversation: the ordered messages, who is typing and the history row, safe to
/// change from any thread or task.
///
/// Two ways to feed it, which end in the same ``ChangeSet``s:
///
/// - **Add and forget** (NMessenger): ``append(_:from:date:status:replyTo:animated:)``,
///   ``insert(_:after:animated:)``, ``remove(_:animated:)``, ``update(_:animated:_:)``,
///   ``batch(animated:_:)``. Each takes or returns message ids.
/// - **Data source** (JSQ, MessageKit): hand over the whole list with
///   ``setMessages(_:animated:)``; the conversation diffs it against what it has.
///
/// ```swift
/// let chat = Conversation(me: me)
/// let hi = chat.append(.text("Lunch?"), from: alice)
/// try chat.update(hi) { $0.status = .read }
/// ```
///
/// Observers (``observe(_:)``, ``changes()``) receive every change set exactly once, in
/// version order, outside the conversation's lock. Reading goes through ``read(_:)``,
/// which hands a consistent ``RowList`` to a closure.
public final class Conversation: @unchecked Sendable {
    /// The local user; their messages are outgoing.
    public let me: Sender

    // All mutable state is guarded by `lock`. An NSLock rather than a Mutex: publishing
    // unlocks in the middle of a change to call observers outside the lock, then takes it
    // again for the next change set, which a scoped `withLock` cannot express.
    let lock = NSLock()
    var store = MessageStore()
    private var typers: [TypingEntry] = []
    private var history: HistoryIndicator = .hidden
    private var newerHistory: HistoryIndicator = .hidden
    private var currentVersion: UInt64 = 0
    private var pending: [ChangeSet] = []
    private var delivering = false
    private var observers: [Int: @Sendable (ChangeSet) -> Void] = [:]
    private var nextObserverKey = 0
    private var typingExpiry: Task<Void, Never>?
    let clock: @Sendable () -> Date
    private var groupFlag = false
    var firstUnreadID: MessageID?
    /// Where each reader's receipt was last seen, to move it without a search.
    var receiptHints: [String: MessageID] = [:]

    /// Whether this is a group conversation: its rows then show who has read up to them
    /// (small avatars under the message, ``Message/readers``); one-to-one conversations
    /// show the delivery mark only. Set it before the conversation is shown.
    public var isGroup: Bool {
        get { locked { groupFlag } }
        set { locked { groupFlag = newValue } }
    }

    /// Creates a conversation.
    ///
    /// - Parameters:
    ///   - me: The local user.
    ///   - messages: Initial messages, oldest first; later duplicates of an id are dropped.
    ///   - clock: The time source for typing timeouts; replace it in tests.
    public init(me: Sender, messages: [Message] = [], clock: @escaping @Sendable () -> Date = { Date() }) {
        self.me = me
        self.clock = clock
        var seen = Set<MessageID>()
        store.replaceAll(with: messages.filter { seen.insert($0.id).inserted })
    }

    deinit {
        typingExpiry?.cancel()
    }

    // MARK: Reading

    /// The number of messages.
    public var count: Int { locked { store.count } }

    /// The version of the latest change; 0 before any.
    public var version: UInt64 { locked { currentVersion } }

    /// The message with `id`, if present.
    public func message(_ id: MessageID) -> Message? {
        locked { store.index(of: id).map { store[$0] } }
    }

    /// All messages, oldest first. O(n): for tests and export, not for drawing.
    public var messages: [Message] { locked { store.all } }

    /// Runs `body` with a consistent view of the rows.
    ///
    /// The conversation is locked while `body` runs: keep it short, do not call back into
    /// the conversation from it, and do not let the ``RowList`` escape.
    public func read<Result>(_ body: (RowList) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(RowList(
            store: store, history: history, newer: newerHistory, typers: typers.map(\.sender), me: me, isGroup: groupFlag,
            firstUnread: firstUnreadID, version: currentVersion))
    }

    // MARK: Add and forget

    /// Appends a new message and returns its id.
    ///
    /// - Parameters:
    ///   - content: What it shows.
    ///   - sender: Who wrote it; the local user when omitted.
    ///   - date: When; now when omitted.
    ///   - status: Delivery status; `.sent` when omitted.
    ///   - replyTo: The message it answers (``reply(to:with:from:date:status:animated:)``
    ///     quotes a loaded message for you).
    ///   - animated: Whether front ends animate the insertion.
    @discardableResult
    public func append(
        _ content: MessageContent, from sender: Sender? = nil, date: Date? = nil,
        status: DeliveryStatus = .sent, replyTo: ReplyQuote? = nil, animated: Bool = true
    ) -> MessageID {
        let message = Message(
            sender: sender ?? me, date: date ?? clock(), content: content, status: status, replyTo: replyTo)
        return batch(animated: animated) { $0.appendGenerated(message) }
    }

    /// Appends a message the app built, keeping its id.
    ///
    /// - Throws: ``ConversationError/duplicateID(_:)`` when the id is already present;
    ///   nothing changes then.
    public func append(_ message: Message, animated: Bool = true) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in try batch.append(message) }
    }

    /// Appends messages in order, as one change.
    ///
    /// - Throws: ``ConversationError/duplicateID(_:)`` when any id is present or repeats in
    ///   `messages`; nothing is appended then.
    public func append(contentsOf messages: [Message], animated: Bool = false) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in
            try batch.append(contentsOf: messages)
        }
    }

    /// Inserts `message` where its date puts it (by date, then id) rather than at the end:
    /// for messages that arrive late, out of order.
    ///
    /// - Throws: ``ConversationError/duplicateID(_:)``.
    /// - Complexity: O(log n) to find the place; O(n) to insert anywhere but the ends.
    public func insertByDate(_ message: Message, animated: Bool = true) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in
            guard batch.message(message.id) == nil else { throw .duplicateID(message.id) }
            batch.insertChronologically(message)
        }
    }

    /// Inserts `message` right after the message `id`.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)`` or ``ConversationError/duplicateID(_:)``.
    public func insert(_ message: Message, after id: MessageID, animated: Bool = true) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in try batch.insert(message, after: id) }
    }

    /// Inserts `message` right before the message `id`.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)`` or ``ConversationError/duplicateID(_:)``.
    public func insert(_ message: Message, before id: MessageID, animated: Bool = true) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in try batch.insert(message, before: id) }
    }

    /// Removes the message `id` and returns it.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    @discardableResult
    public func remove(_ id: MessageID, animated: Bool = true) throws(ConversationError) -> Message {
        try batch(animated: animated) { (batch) throws(ConversationError) in try batch.remove(id) }
    }

    /// Replaces the content of message `id` (NMessenger's replace), marking it updated.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func replace(_ id: MessageID, with content: MessageContent, animated: Bool = true) throws(ConversationError) {
        try update(id, animated: animated) { $0.content = content }
    }

    /// Sets the delivery status of message `id`.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func setStatus(_ status: DeliveryStatus, of id: MessageID, animated: Bool = true) throws(ConversationError) {
        try update(id, animated: animated) { $0.status = status }
    }

    /// Changes message `id` in place.
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``, or ``ConversationError/idChanged(from:to:)``
    ///   when `body` changes the id; nothing changes then.
    public func update(
        _ id: MessageID, animated: Bool = true, _ body: (inout Message) -> Void
    ) throws(ConversationError) {
        try batch(animated: animated) { (batch) throws(ConversationError) in try batch.update(id, body) }
    }

    /// Runs several changes as one: observers get a single change set.
    ///
    /// The conversation is locked while `body` runs; do not call the conversation itself
    /// from it, only the ``Batch``. Changes made before `body` throws are kept and
    /// published: a batch is not a transaction, and nothing is lost.
    @discardableResult
    public func batch<Result, Failure: Error>(
        animated: Bool = true, _ body: (Batch) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        let batch = Batch(owner: self)
        let result: Swift.Result<Result, Failure>
        do throws(Failure) {
            result = .success(try body(batch))
        } catch {
            result = .failure(error)
        }
        batch.isOpen = false
        commit(batch.recorder, animated: animated)
        return try result.get()
    }

    // MARK: Data source

    /// Replaces the messages with `messages` (oldest first), publishing the difference:
    /// inserted, removed, updated (same id, different look) and moved ids.
    ///
    /// - Throws: ``ConversationError/duplicateID(_:)`` when an id repeats in `messages`;
    ///   nothing changes then.
    public func setMessages(_ messages: [Message], animated: Bool = true) throws(ConversationError) {
        var seen = Set<MessageID>(minimumCapacity: messages.count)
        for message in messages where !seen.insert(message.id).inserted {
            throw .duplicateID(message.id)
        }
        lock.lock()
        var recorder = ChangeRecorder()
        let old = store.all
        let diff = MessageDiff(old: old, new: messages)
        diff.removed.forEach { recorder.removed($0) }
        diff.inserted.forEach { recorder.inserted($0) }
        diff.moved.forEach { recorder.moved($0) }
        diff.updated.forEach { recorder.updated($0) }
        var revisions: [MessageID: UInt32] = [:]
        for message in old { revisions[message.id] = message.revision }
        let updated = Set(diff.updated)
        store.replaceAll(with: messages.map { message in
            var message = message
            let previous = revisions[message.id] ?? 0
            message.revision = updated.contains(message.id) ? previous &+ 1 : previous
            return message
        })
        commit(recorder, animated: animated)
    }

    // MARK: History

    /// What the history row shows; set by ``HistoryPager`` or by an app that pages itself.
    public var historyIndicator: HistoryIndicator {
        get { locked { history } }
        set { setIndicator(\.history, to: newValue) }
    }

    /// What the newer-history row shows (below the messages, after a jump into the past);
    /// set by ``HistoryPager``.
    public var newerHistoryIndicator: HistoryIndicator {
        get { locked { newerHistory } }
        set { setIndicator(\.newerHistory, to: newValue) }
    }

    /// Shows `value` in a history row, publishing a change when it differs.
    private func setIndicator(_ row: ReferenceWritableKeyPath<Conversation, HistoryIndicator>, to value: HistoryIndicator) {
        lock.lock()
        var recorder = ChangeRecorder()
        if self[keyPath: row] != value {
            self[keyPath: row] = value
            recorder.historyChanged = true
        }
        commit(recorder, animated: true)
    }

    /// Adds older messages from a history page without losing or duplicating any.
    ///
    /// Messages whose id is present are skipped; the rest are ordered by date and id.
    /// When all are older than the oldest message (the normal case) they go on top in
    /// O(page); a page that overlaps newer messages is merged in by date.
    ///
    /// - Returns: The ids added, oldest first.
    @discardableResult
    public func prependHistory(_ page: [Message], animated: Bool = false) -> [MessageID] {
        var seen = Set<MessageID>()
        let sorted = page.filter { seen.insert($0.id).inserted }.sorted(by: Message.chronological)
        return batch(animated: animated) { batch in
            var added: [MessageID] = []
            let oldest = batch.owner.store.first
            if let oldest, let newest = sorted.last, !Message.chronological(newest, oldest) {
                for message in sorted where !batch.owner.store.contains(message.id) {
                    batch.insertChronologically(message)
                    added.append(message.id)
                }
            } else {
                for message in sorted.reversed() where !batch.owner.store.contains(message.id) {
                    batch.prependUnchecked(message)
                    added.append(message.id)
                }
                added.reverse()
            }
            batch.recorder.isPrepend = true
            return added
        }
    }

    // MARK: Typing

    /// Who is typing, in the order they started.
    public var typingSenders: [Sender] {
        locked {
            let now = clock()
            return typers.filter { $0.expires > now }.map(\.sender)
        }
    }

    /// Shows or hides `sender` in the typing row.
    ///
    /// Each typer expires after `timeout` unless set again (apps resend "typing" every few
    /// seconds while the peer types), so a lost "stopped typing" never leaves the row up.
    /// A timeout is at most ``longestTypingTimeout``; one that is not a number is none.
    public func setTyping(_ sender: Sender, _ isTyping: Bool = true, timeout: TimeInterval = 6) {
        lock.lock()
        var recorder = ChangeRecorder()
        let now = clock()
        let before = typers.map(\.sender.id)
        typers.removeAll { $0.sender.id == sender.id || $0.expires <= now }
        if isTyping {
            typers.append(TypingEntry(sender: sender, expires: now.addingTimeInterval(Self.typingTimeout(timeout))))
        }
        recorder.typingChanged = before != typers.map(\.sender.id)
        scheduleTypingExpiry()
        commit(recorder, animated: true)
    }

    /// Removes typers whose timeout has passed; runs by itself, public for tests and for
    /// apps that drive time themselves.
    public func expireTyping() {
        lock.lock()
        var recorder = ChangeRecorder()
        let now = clock()
        let before = typers.count
        typers.removeAll { $0.expires <= now }
        recorder.typingChanged = typers.count != before
        scheduleTypingExpiry()
        commit(recorder, animated: true)
    }

    /// The longest a typer shows without being set again: five minutes (a peer's
    /// "typing for a year" is taken as this).
    public static let longestTypingTimeout: TimeInterval = 300

    /// `timeout` within 0...``longestTypingTimeout`` (NaN: 0).
    static func typingTimeout(_ timeout: TimeInterval) -> TimeInterval {
        timeout.isNaN ? 0 : min(max(0, timeout), longestTypingTimeout)
    }

    /// Starts a task that expires the earliest typer. Call with the lock held.
    private func scheduleTypingExpiry() {
        typingExpiry?.cancel()
        typingExpiry = nil
        guard let next = typers.map(\.expires).min() else { return }
        let delay = max(0, next.timeIntervalSince(clock()))
        typingExpiry = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(saturating: delay * 1e9) + 1_000_000)
            guard !Task.isCancelled else { return }
            self?.expireTyping()
        }
    }

    // MARK: Observing

    /// Calls `handler` with every change set from now on, in version order, outside the
    /// lock. Keep the token; cancelling it (or dropping it) stops the calls.
    ///
    /// Change sets are delivered by the thread that made the change, unless another
    /// thread is delivering at that moment: then that thread delivers this one too, after
    /// its own, and the changing call may return before `handler` has run. So a handler
    /// must not assume it runs before the change's caller goes on; one that must know
    /// when work it started is done (a store's write) offers its own way to wait
    /// (`ConversationStore.flush()`).
    public func observe(_ handler: @escaping @Sendable (ChangeSet) -> Void) -> Observation {
        let key = locked {
            nextObserverKey += 1
            observers[nextObserverKey] = handler
            return nextObserverKey
        }
        return Observation { [weak self] in
            self?.locked { self?.observers[key] = nil }
        }
    }

    /// The change sets from now on, as an async sequence; ends when the consumer stops.
    public func changes() -> AsyncStream<ChangeSet> {
        let (stream, continuation) = AsyncStream<ChangeSet>.makeStream()
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    // MARK: Internals

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Publishes `recorder`'s changes and unlocks. Call with the lock held.
    func commit(_ recorder: ChangeRecorder, animated: Bool) {
        guard !recorder.isEmpty else {
            lock.unlock()
            return
        }
        currentVersion += 1
        if !observers.isEmpty {
            pending.append(recorder.changeSet(version: currentVersion, animated: animated))
        }
        guard !pending.isEmpty, !delivering else {
            lock.unlock()
            return
        }
        // One thread at a time delivers, in version order; changes made meanwhile by other
        // threads (or by handlers) queue up and are delivered by the same loop.
        delivering = true
        while !pending.isEmpty {
            let batch = pending
            pending = []
            let handlers = Array(observers.values)
            lock.unlock()
            for change in batch { for handler in handlers { handler(change) } }
            lock.lock()
        }
        delivering = false
        lock.unlock()
    }
}

/// A registration returned by ``Conversation/observe(_:)``.
public final class Observation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the calls. Safe to call more than once.
    public func cancel() { onCancel() }

    deinit { onCancel() }
}

struct TypingEntry: Sendable {
    var sender: Sender
    var expires: Date
}

extension Message {
    /// Oldest first; equal dates ordered by id so the order is total.
    static func chronological(_ lhs: Message, _ rhs: Message) -> Bool {
        lhs.date == rhs.date ? lhs.id < rhs.id : lhs.date < rhs.date
    }
}
