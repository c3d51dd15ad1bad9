import Foundation
import ParleyCore
import ParleySQLite

/// The offline cache (``MatrixRoom/Configuration/cacheDirectory``): the room's messages in
/// a ParleySQLite `ConversationStore` (`messages.sqlite`) and where its sync stands in
/// `sync.json`, so that a room opens at once with what it showed before, then syncs on
/// from its saved `since` token (filling the gap, ``MatrixRoom/Configuration/longestGap``).
///
/// The sync state is written only after the store has committed the messages read before
/// it, so a crash can lose the newest messages of the cache but never leave a hole: the
/// next start syncs again from the older token.
extension MatrixRoom {
    /// The most messages a room opens with from its cache; older ones come back through
    /// history paging.
    static let cachedPageSize = 50

    /// The cache's files in `directory`.
    static func cacheFiles(in directory: URL) -> (messages: URL, sync: URL) {
        (directory.appendingPathComponent("messages.sqlite"), directory.appendingPathComponent("sync.json"))
    }

    /// Opens the cache's store, or says why it can't be used.
    static func openCache(_ configuration: Configuration) -> (ConversationStore?, MatrixError?) {
        guard let directory = configuration.cacheDirectory else { return (nil, nil) }
        do {
            let store = try ConversationStore(
                path: cacheFiles(in: directory).messages.path, options: StoreOptions(createsFolders: true))
            return (store, nil)
        } catch {
            return (nil, .storage("the cache can't be opened: \(error.description)"))
        }
    }

    /// Shows the cached messages and takes up the saved sync state, then mirrors the
    /// conversation into the store. Messages are shown only with a usable sync state: a
    /// fresh sync after them could leave a hole.
    func loadCache(problem: MatrixError?) {
        if let problem { return refuseCache(problem) }
        guard let cache, let directory = configuration.cacheDirectory else { return }
        let url = Self.cacheFiles(in: directory).sync
        var saved: CachedSync?
        if let data = try? Data(contentsOf: url) {
            do {
                saved = try JSONDecoder().decode(CachedSync.self, from: data)
            } catch {
                let aside = url.appendingPathExtension("damaged")
                try? FileManager.default.removeItem(at: aside)
                try? FileManager.default.moveItem(at: url, to: aside)
                state.withLock { $0.storageError = .storage("the cache's sync state \(url.path) is damaged; starting afresh") }
            }
        }
        if let found = saved, found.version != CachedSync.currentVersion || found.roomID != roomID || found.userID != client.userID {
            return refuseCache(.storage("the cache in \(directory.path) belongs to \(found.userID) in \(found.roomID)"))
        }
        if let saved, conversation.count == 0 {
            do {
                let page = try cache.newestPage(limit: Self.cachedPageSize)
                try? conversation.append(contentsOf: page.messages, animated: false)
                restore(saved, messages: page.messages)
            } catch {
                state.withLock { $0.storageError = .storage("the cache can't be read: \(error.description)") }
            }
        }
        let observation = cache.mirror(conversation, includingHistoryPages: true) { [weak self] error in
            self?.state.withLock { $0.storageError = .storage("the cache can't be written: \(error.description)") }
        }
        state.withLock { $0.cacheMirror = observation }
    }

    /// Gives the cache up for this room (its files are left as they are).
    private func refuseCache(_ error: MatrixError) {
        state.withLock { state in
            state.storageError = error
            state.cacheRefused = true
        }
    }

    /// Takes up a saved sync state for the cached `messages`.
    private func restore(_ saved: CachedSync, messages: [Message]) {
        state.withLock { state in
            state.since = saved.since
            state.lastTimelineEvent = saved.lastTimelineEvent
            state.members.merge(saved.members) { _, saved in saved }
            for message in messages where message.id.rawValue.hasPrefix("$") {
                link(message.id.rawValue, to: message.id, state: &state)
            }
            for (message, event) in saved.links { link(event, to: MessageID(message), state: &state) }
            for (message, token) in saved.tokensBefore { state.tokensBefore[MessageID(message)] = token }
            for (event, reaction) in saved.reactions {
                state.reactions[event] = ReactionRecord(target: MessageID(reaction.target), key: reaction.key, sender: reaction.sender)
            }
            for (message, keys) in saved.myReactions { state.myReactions[MessageID(message)] = keys }
            for (message, uri) in saved.media { state.media[MessageID(message)] = uri }
            for (message, date) in saved.editDates { state.editDates[MessageID(message)] = date }
        }
    }

    /// Writes where the sync stands, once the store has committed what was read before.
    func saveSyncState() async {
        guard let cache, let directory = configuration.cacheDirectory, !state.withLock({ $0.cacheRefused }) else { return }
        let snapshot: CachedSync? = state.withLock { state in
            guard let since = state.since else { return nil }
            var links: [String: String] = [:]
            for (message, event) in state.eventForMessage where message.rawValue != event { links[message.rawValue] = event }
            return CachedSync(
                roomID: roomID, userID: client.userID ?? "", since: since, lastTimelineEvent: state.lastTimelineEvent,
                members: state.members, links: links,
                tokensBefore: Dictionary(uniqueKeysWithValues: state.tokensBefore.map { ($0.key.rawValue, $0.value) }),
                reactions: state.reactions.mapValues { CachedSync.Reaction(target: $0.target.rawValue, key: $0.key, sender: $0.sender) },
                myReactions: Dictionary(uniqueKeysWithValues: state.myReactions.map { ($0.key.rawValue, $0.value) }),
                media: Dictionary(uniqueKeysWithValues: state.media.map { ($0.key.rawValue, $0.value) }),
                editDates: Dictionary(uniqueKeysWithValues: state.editDates.map { ($0.key.rawValue, $0.value) }))
        }
        guard let snapshot, await cache.flush() else { return }
        do {
            try JSONEncoder().encode(snapshot).write(to: Self.cacheFiles(in: directory).sync, options: .atomic)
        } catch {
            state.withLock { $0.storageError = .storage("the cache's sync state can't be written: \(error.localizedDescription)") }
        }
    }

    /// After a gap too long to fill: the stored messages older than `oldest` would show a
    /// hole under the next ones; they go (history paging brings them back).
    func forgetCached(olderThan oldest: Message) {
        guard let cache, !state.withLock({ $0.cacheRefused }) else { return }
        do {
            while true {
                let page = try cache.page(olderThan: HistoryCursor(before: oldest), limit: 500)
                guard !page.messages.isEmpty else { return }
                guard try cache.delete(contentsOf: page.messages.map(\.id)) > 0 else { return }
            }
        } catch {
            state.withLock { $0.storageError = .storage("the cache can't be written: \(error.description)") }
        }
    }
}

/// `sync.json`: where a cached room's sync stands, and what it knows of its messages.
struct CachedSync: Codable {
    static let currentVersion = 1

    struct Reaction: Codable {
        var target: String
        var key: String
        var sender: String
    }

    var version = CachedSync.currentVersion
    var roomID: String
    var userID: String
    var since: String
    var lastTimelineEvent: String?
    var members: [String: String]
    /// Event ids of messages whose id is not theirs (sent from here), by message id.
    var links: [String: String]
    var tokensBefore: [String: String]
    var reactions: [String: Reaction]
    var myReactions: [String: [String: String]]
    var media: [String: String]
    var editDates: [String: Int64]
}
