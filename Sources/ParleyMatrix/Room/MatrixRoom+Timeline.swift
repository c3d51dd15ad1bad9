import Foundation
import ParleyCore

/// Turning timeline events into messages and changes of messages.
extension MatrixRoom {
    /// A change to a message that is loaded, made after the room's lock is let go.
    enum Change {
        case edit(MessageID, MessageContent, Date)
        case reaction(MessageID, key: String, sender: String, on: Bool)
        case delete(MessageID)
        case sent(MessageID)
        case read(MessageID, by: Sender)
        case quote(MessageID, ReplyQuote)
    }

    /// Events read into messages: new messages, oldest first, and changes to loaded ones.
    struct Reading {
        var messages: [Message] = []
        var index: [MessageID: Int] = [:]
        var changes: [Change] = []
        /// For a new message read while local echoes waited for their events: those
        /// echoes. It goes above the first of them, as the server's copy of each will.
        var pendingEchoes: [MessageID: Set<MessageID>] = [:]
        /// Quoted events that are not loaded, to fetch (``fetchQuotes(_:)``).
        var quotesToFetch: [String] = []
    }

    /// Applies one sync answer to the conversation, after the events of the `gap` it
    /// left (``fillGap(before:)``).
    func apply(_ response: SyncResponse, initial: Bool, gap: Gap? = nil) {
        guard let joined = response.rooms?.join?[roomID] else { return }
        let events = joined.timeline?.events ?? []
        var reading = state.withLock { state in
            for event in (gap?.state ?? []) + (joined.state?.events ?? []) { Self.noteMember(event, in: &state) }
            var reading = Reading()
            // Read as live events: the local user's own carry their transaction ids, so
            // the echoes they answer are matched, not doubled.
            for event in (gap?.events ?? []) + events { read(event, live: true, into: &reading, state: &state) }
            if initial, let token = joined.timeline?.prevBatch, let oldest = reading.messages.first {
                state.tokensBefore[oldest.id] = token
            }
            if let newest = events.last ?? gap?.events.last { state.lastTimelineEvent = newest.eventID }
            return reading
        }
        for event in joined.ephemeral?.events ?? [] { readEphemeral(event, into: &reading) }
        if let gap, !gap.isClosed {
            showAfterOpenGap(reading.messages, token: gap.token)
        } else if !reading.messages.isEmpty {
            let added = reading.messages
            let pending = reading.pendingEchoes
            let echoes = Set(pending.values.joined())
            let positions: [MessageID: Int] = echoes.isEmpty ? [:] : conversation.read { rows in
                var positions: [MessageID: Int] = [:]
                for echo in echoes { positions[echo] = rows.index(of: .message(echo)) }
                return positions
            }
            conversation.batch(animated: !initial) { batch in
                for message in added where batch.message(message.id) == nil {
                    let above = pending[message.id]?.compactMap { echo in positions[echo].map { (echo, $0) } }.min { $0.1 < $1.1 }
                    if let above, (try? batch.insert(message, before: above.0)) != nil { continue }
                    try? batch.append(message)
                }
            }
        }
        perform(reading.changes)
        fetchQuotes(reading.quotesToFetch)
        if !initial, let newest = events.last(where: { $0.sender != client.userID && $0.type == "m.room.message" }),
            state.withLock({ $0.readsAutomatically })
        {
            markRead(upTo: state.withLock { $0.message(for: newest.eventID) })
        }
    }

    /// Reads history events (oldest first) into messages for a history page; changes to
    /// loaded messages are made here.
    func readHistory(_ events: [MatrixEvent], state stateEvents: [MatrixEvent]) -> [Message] {
        let reading = state.withLock { state in
            for event in stateEvents { Self.noteMember(event, in: &state) }
            var reading = Reading()
            for event in events { read(event, live: false, into: &reading, state: &state) }
            return reading
        }
        perform(reading.changes)
        fetchQuotes(reading.quotesToFetch)
        return reading.messages
    }

    /// Makes `changes` in the conversation (outside the room's lock).
    func perform(_ changes: [Change]) {
        for change in changes {
            switch change {
            case .edit(let id, let content, let date): try? conversation.edit(id, to: content, at: date)
            case .reaction(let id, let key, let sender, let on): try? conversation.setReaction(key, on: id, by: sender, on)
            case .delete(let id): try? conversation.markDeleted(id)
            case .sent(let id):
                try? conversation.update(id) { message in
                    if message.status == .sending || message.status == .failed { message.status = .sent }
                }
            case .quote(let id, let quote):
                try? conversation.update(id) { message in
                    if message.replyTo?.id == quote.id, !message.isDeleted { message.replyTo = quote }
                }
            case .read(let id, let sender):
                _ = try? conversation.markRead(upTo: id, by: sender)
                try? conversation.update(id) { message in
                    if message.sender.id == conversation.me.id, message.status < .read, message.status != .failed {
                        message.status = .read
                    }
                }
            }
        }
    }

    /// Reads one event. Call with the lock held (`state` is the room's state).
    func read(_ event: MatrixEvent, live: Bool, into reading: inout Reading, state: inout RoomState) {
        if event.stateKey != nil {
            Self.noteMember(event, in: &state)
            return
        }
        let redacted = event.unsigned?.redactedBecause != nil
        switch event.type {
        case "m.room.message":
            if !redacted, event.content["m.relates_to"]?["rel_type"]?.string == "m.replace" {
                readEdit(event, into: &reading, state: &state)
                return
            }
            if live, let transaction = event.unsigned?.transactionID, let echo = state.echoes[transaction] {
                link(event.eventID, to: echo, state: &state)
                state.echoes[transaction] = nil
                reading.changes.append(.sent(echo))
                return
            }
            guard let message = makeMessage(event, redacted: redacted, reading: &reading, state: &state) else { return }
            reading.index[message.id] = reading.messages.count
            reading.messages.append(message)
            if live, !state.echoes.isEmpty { reading.pendingEchoes[message.id] = Set(state.echoes.values) }
            for reply in state.quoteWaits.removeValue(forKey: event.eventID) ?? [] {
                change(reply, .quote(reply, ReplyQuote(reading.messages[reading.messages.count - 1])), in: &reading)
            }
            for relation in state.pendingRelations.removeValue(forKey: event.eventID) ?? [] {
                state.pendingRelationCount -= 1
                read(relation, live: live, into: &reading, state: &state)
            }
        case "m.reaction":
            guard !redacted, let relation = event.content["m.relates_to"], relation["rel_type"]?.string == "m.annotation",
                let target = relation["event_id"]?.string, let key = relation["key"]?.string
            else { return }
            guard let id = state.messageForEvent[target] else { return hold(event, for: target, state: &state) }
            state.reactions[event.eventID] = ReactionRecord(target: id, key: key, sender: event.sender)
            if event.sender == client.userID { state.myReactions[id, default: [:]][key] = event.eventID }
            change(id, .reaction(id, key: key, sender: event.sender, on: true), in: &reading)
        case "m.room.redaction":
            guard let target = event.redactedEventID else { return }
            if let reaction = state.reactions.removeValue(forKey: target) {
                if state.myReactions[reaction.target]?[reaction.key] == target {
                    state.myReactions[reaction.target]?[reaction.key] = nil
                }
                change(reaction.target, .reaction(reaction.target, key: reaction.key, sender: reaction.sender, on: false), in: &reading)
            } else if let id = state.messageForEvent[target] {
                change(id, .delete(id), in: &reading)
            } else {
                hold(event, for: target, state: &state)
            }
        default:
            return
        }
    }

    /// A change to message `id`: made on the new message when it is in this reading,
    /// else to the conversation afterwards.
    private func change(_ id: MessageID, _ change: Change, in reading: inout Reading) {
        guard let index = reading.index[id] else {
            reading.changes.append(change)
            return
        }
        switch change {
        case .reaction(_, let key, let sender, let on): reading.messages[index].reactions.set(key, by: sender, on)
        case .delete:
            reading.messages[index].content = .deleted
            reading.messages[index].replyTo = nil
            reading.messages[index].reactions = []
            reading.messages[index].edits = []
            reading.messages[index].isEdited = false
        case .edit(_, let content, let date):
            var message = reading.messages[index]
            guard !message.isDeleted, message.content != content else { return }
            message.edits.append(MessageEdit(content: message.content, replacedAt: date))
            message.content = content
            message.isEdited = true
            reading.messages[index] = message
        case .quote(_, let quote):
            if !reading.messages[index].isDeleted { reading.messages[index].replyTo = quote }
        case .sent, .read: reading.changes.append(change)
        }
    }

    /// Keeps a relation until its target arrives (at most 10,000 are kept).
    private func hold(_ event: MatrixEvent, for target: String, state: inout RoomState) {
        guard state.pendingRelationCount < 10_000 else { return }
        state.pendingRelations[target, default: []].append(event)
        state.pendingRelationCount += 1
    }

    /// An edit (`m.replace`) of the message behind `event`'s target.
    private func readEdit(_ event: MatrixEvent, into reading: inout Reading, state: inout RoomState) {
        guard let target = event.content["m.relates_to"]?["event_id"]?.string else { return }
        guard let id = state.messageForEvent[target] else { return hold(event, for: target, state: &state) }
        guard event.originServerTS >= state.editDates[id] ?? 0,
            let newContent = event.content["m.new_content"],
            let content = EventContent.message(newContent, senderName: name(of: event.sender, state: state), mediaURL: client.mediaURL(for:))
        else { return }
        state.editDates[id] = event.originServerTS
        change(id, .edit(id, content, event.date), in: &reading)
    }

    /// The message `event` shows, with its reply quote and the latest edit the server
    /// bundled with it.
    private func makeMessage(_ event: MatrixEvent, redacted: Bool, reading: inout Reading, state: inout RoomState) -> Message? {
        let senderName = name(of: event.sender, state: state)
        let sender = Sender(id: event.sender, name: senderName)
        let id = state.message(for: event.eventID)
        link(event.eventID, to: id, state: &state)
        if redacted {
            return Message(id: id, sender: sender, date: event.date, content: .deleted)
        }
        guard var content = EventContent.message(event.content, senderName: senderName, mediaURL: client.mediaURL(for:)) else {
            return nil
        }
        if let uri = event.content["url"]?.string { state.media[id] = uri }
        var isEdited = false
        state.editDates[id] = 0
        if let edit = event.unsigned?.relations?["m.replace"], let newContent = edit["content"]?["m.new_content"],
            let edited = EventContent.message(newContent, senderName: senderName, mediaURL: client.mediaURL(for:))
        {
            content = edited
            isEdited = true
            state.editDates[id] = edit["origin_server_ts"]?.number.map { Int64(saturating: $0) } ?? event.originServerTS
        }
        var quote: ReplyQuote?
        if let target = event.content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string {
            let targetID = state.message(for: target)
            if let index = reading.index[targetID] {
                quote = ReplyQuote(reading.messages[index])
            } else if let loaded = conversation.quote(of: targetID) {
                quote = loaded
            } else {
                // Not loaded: shown as unavailable until the event is fetched, or a page
                // brings it.
                quote = ReplyQuote(id: targetID, senderName: "", summary: "")
                if state.quoteWaits[target] == nil, state.quoteWaits.count < Self.mostQuotesAwaited {
                    reading.quotesToFetch.append(target)
                }
                if state.quoteWaits.count < Self.mostQuotesAwaited || state.quoteWaits[target] != nil {
                    state.quoteWaits[target, default: []].append(id)
                }
            }
        }
        return Message(id: id, sender: sender, date: event.date, content: content, isEdited: isEdited, replyTo: quote)
    }

    /// Records that `eventID` shows as message `id`.
    func link(_ eventID: String, to id: MessageID, state: inout RoomState) {
        state.messageForEvent[eventID] = id
        state.eventForMessage[id] = eventID
    }

    /// Typing and receipts.
    private func readEphemeral(_ event: MatrixEphemeralEvent, into reading: inout Reading) {
        let me = client.userID
        switch event.type {
        case "m.typing":
            let now = Set((event.content["user_ids"]?.array ?? []).compactMap(\.string)).subtracting([me ?? ""])
            let (started, stopped, names) = state.withLock { state in
                let started = now.subtracting(state.typing)
                let stopped = state.typing.subtracting(now)
                state.typing = now
                return (started, stopped, state.members)
            }
            for user in stopped { conversation.setTyping(Sender(id: user, name: names[user] ?? Self.localpart(of: user)), false) }
            for user in started.sorted() {
                conversation.setTyping(Sender(id: user, name: names[user] ?? Self.localpart(of: user)), true, timeout: 30)
            }
        case "m.receipt":
            let receipts = state.withLock { state -> [Change] in
                var changes: [Change] = []
                for (eventID, kinds) in event.content.object ?? [:] {
                    for user in (kinds["m.read"]?.object ?? [:]).keys where user != me {
                        guard let id = state.messageForEvent[eventID] else { continue }
                        changes.append(.read(id, by: Sender(id: user, name: state.members[user] ?? Self.localpart(of: user))))
                    }
                }
                return changes
            }
            reading.changes += receipts
        default:
            break
        }
    }

    /// A member event's display name.
    static func noteMember(_ event: MatrixEvent, in state: inout RoomState) {
        guard event.type == "m.room.member", let user = event.stateKey else { return }
        state.members[user] = event.content["displayname"]?.string ?? localpart(of: user)
    }

    private func name(of user: String, state: RoomState) -> String {
        state.members[user] ?? Self.localpart(of: user)
    }

    /// The most quoted events waited for at once; past it, replies to further events that
    /// are not loaded show their quote as unavailable until a page brings the event.
    static let mostQuotesAwaited = 1_000

    /// Fetches the quoted events `eventIDs` (one request each, one after the other) and
    /// fills the quotes of the replies waiting for them. An event the server does not
    /// give (gone, not visible, an answer that is not an event) leaves its quotes as
    /// they are, for a history page to fill.
    func fetchQuotes(_ eventIDs: [String]) {
        guard !eventIDs.isEmpty else { return }
        Task { [weak self] in
            for eventID in eventIDs {
                guard let self else { return }
                let event: MatrixEvent
                do {
                    event = try await client.event(eventID, in: roomID)
                } catch {
                    continue
                }
                fillQuotes(from: event)
            }
        }
    }

    /// Fills the quotes of the replies waiting for `event`.
    private func fillQuotes(from event: MatrixEvent) {
        let changes: [Change] = state.withLock { state in
            guard let replies = state.quoteWaits[event.eventID] else { return [] }
            let senderName = name(of: event.sender, state: state)
            let content: MessageContent?
            if event.unsigned?.redactedBecause != nil {
                content = .deleted
            } else if let edit = event.unsigned?.relations?["m.replace"]?["content"]?["m.new_content"],
                let edited = EventContent.message(edit, senderName: senderName, mediaURL: client.mediaURL(for:))
            {
                content = edited
            } else {
                content = EventContent.message(event.content, senderName: senderName, mediaURL: client.mediaURL(for:))
            }
            guard event.type == "m.room.message", let content else { return [] }
            state.quoteWaits[event.eventID] = nil
            var format = TextFormat.plain
            if case .text(let text) = content { format = text.format }
            let quote = ReplyQuote(
                id: state.message(for: event.eventID), senderName: senderName, summary: content.summary, date: event.date,
                format: format)
            return replies.map { .quote($0, quote) }
        }
        perform(changes)
    }
}
