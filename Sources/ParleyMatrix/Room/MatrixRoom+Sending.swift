import Foundation
import ParleyCore

/// One piece of outgoing work in a room's outbox.
struct Outgoing: Sendable {
    enum Payload: Sendable {
        case text(String, replyTo: MessageID?)
        case image(Data, filename: String, mediaType: String, size: Size?, uploaded: String?)
        case reaction(key: String, target: MessageID)
        case unreaction(key: String, target: MessageID)
        case edit(target: MessageID, text: String)
        case redaction(target: MessageID)
    }

    var payload: Payload
    /// Kept across retries, so a send that reached the server is never doubled.
    var transactionID: String
    /// The local echo, for what shows as a message of its own.
    var echo: MessageID?
    /// When the echo was made, and what it quotes: to show it again after a restart.
    var echoDate: Date?
    var echoQuote: ReplyQuote?
    /// The event of the message the work is about (replied to, reacted to, edited,
    /// redacted), once known: after a restart that message may not be loaded.
    var targetEvent: String?
    /// For taking a reaction back: the reaction's event, once known.
    var reactionEvent: String?

    /// The message the work is about.
    var target: MessageID? {
        switch payload {
        case .text(_, let replyTo): return replyTo
        case .image: return nil
        case .reaction(_, let target), .unreaction(_, let target), .edit(let target, _), .redaction(let target): return target
        }
    }
}

/// Sending: local echo, the outbox, retrying.
extension MatrixRoom {
    /// Sends `text`, answering `replyingTo` when given, and returns the id of its local
    /// echo, which shows at once as `DeliveryStatus.sending`.
    @discardableResult
    public func send(_ text: String, replyingTo: MessageID? = nil) -> MessageID {
        let transaction = MatrixClient.transactionID()
        let id = MessageID(transaction)
        let quote = replyingTo.map { conversation.quote(of: $0) ?? ReplyQuote(id: $0, senderName: "", summary: "") }
        let message = Message(id: id, sender: conversation.me, content: .text(text), status: .sending, replyTo: quote)
        let item = Outgoing(
            payload: .text(text, replyTo: replyingTo), transactionID: transaction, echo: id, echoDate: message.date, echoQuote: quote)
        return enqueue(item, echo: message)
    }

    /// Uploads an image and sends it; returns the id of its local echo (showing `data`).
    ///
    /// - Parameters:
    ///   - data: The encoded image (PNG, JPEG…).
    ///   - filename: Its name, shown to clients that show names.
    ///   - mediaType: Its type (`image/png`).
    ///   - size: Its size in pixels, for the receivers' layout before it loads.
    @discardableResult
    public func sendImage(_ data: Data, filename: String, mediaType: String, size: Size? = nil) -> MessageID {
        let transaction = MatrixClient.transactionID()
        let id = MessageID(transaction)
        let message = Message(
            id: id, sender: conversation.me, content: .image(ImageContent(source: .data(data), sizeHint: size)), status: .sending)
        let payload = Outgoing.Payload.image(data, filename: filename, mediaType: mediaType, size: size, uploaded: nil)
        return enqueue(Outgoing(payload: payload, transactionID: transaction, echo: id, echoDate: message.date), echo: message)
    }

    /// Adds the local user's reaction `key` to message `id`, or takes it back when it is
    /// there (what tapping a reaction chip does), here at once and in the room.
    ///
    /// - Returns: Whether the reaction is on now; `nil` when `id` is not loaded.
    @discardableResult
    public func toggleReaction(_ key: String, on id: MessageID) -> Bool? {
        guard let on = conversation.toggleReaction(key, on: id) else { return nil }
        let payload: Outgoing.Payload = on ? .reaction(key: key, target: id) : .unreaction(key: key, target: id)
        enqueue(Outgoing(payload: payload, transactionID: MatrixClient.transactionID()))
        return on
    }

    /// Replaces the text of the local user's message `id` with `text`, here at once and in
    /// the room (an `m.replace` edit).
    ///
    /// - Throws: `ConversationError.unknownID` when `id` is not loaded.
    public func edit(_ id: MessageID, to text: String) throws(ConversationError) {
        try conversation.edit(id, to: .text(text))
        enqueue(Outgoing(payload: .edit(target: id, text: text), transactionID: MatrixClient.transactionID()))
    }

    /// Deletes message `id` for everyone (a redaction); it shows as deleted at once.
    ///
    /// - Throws: `ConversationError.unknownID` when `id` is not loaded.
    public func delete(_ id: MessageID) throws(ConversationError) {
        try conversation.markDeleted(id)
        enqueue(Outgoing(payload: .redaction(target: id), transactionID: MatrixClient.transactionID()))
    }

    /// Sends again a message the server refused (`DeliveryStatus.failed`).
    ///
    /// - Returns: Whether `id` was a failed message; it is `DeliveryStatus.sending` again then.
    @discardableResult
    public func retry(_ id: MessageID) -> Bool {
        guard let item = state.withLock({ $0.failed.removeValue(forKey: id) }) else { return false }
        try? conversation.setStatus(.sending, of: id)
        enqueue(item)
        return true
    }

    /// The `mxc://` URI of a media message (an image or a file), for downloading it with
    /// ``MatrixClient/download(_:)``.
    public func mediaURI(of id: MessageID) -> String? {
        state.withLock { $0.media[id] }
    }

    /// The event behind message `id`, once the server has one.
    public func eventID(of id: MessageID) -> String? {
        state.withLock { $0.eventForMessage[id] }
    }

    /// The message event `eventID` shows as (its id, or the local echo's).
    public func messageID(forEvent eventID: String) -> MessageID {
        state.withLock { $0.message(for: eventID) }
    }

    @discardableResult
    func enqueue(_ item: Outgoing, echo: Message? = nil) -> MessageID {
        if let echo {
            state.withLock { $0.echoes[item.transactionID] = echo.id }
            try? conversation.append(echo)
        }
        state.withLock { state in
            var item = item
            if case .unreaction(let key, let target) = item.payload { item.reactionEvent = state.myReactions[target]?[key] }
            state.outbox.append(item)
        }
        saveOutbox()
        outboxSignal.fire()
        return item.echo ?? ""
    }

    /// Sends the outbox in order until cancelled. While the server can't be reached, the
    /// first item waits (0.5 s doubling to 10 s, or until the sync loop is back online)
    /// and nothing behind it overtakes it.
    func outboxLoop() async {
        var backoff = Duration.milliseconds(500)
        var wakes = outboxSignal.wakes.makeAsyncIterator()
        while !Task.isCancelled {
            guard let item = state.withLock({ $0.outbox.first }) else {
                guard await wakes.next() != nil else { return }
                continue
            }
            do {
                try await deliver(item)
                state.withLock { state in
                    if state.outbox.first?.transactionID == item.transactionID { state.outbox.removeFirst() }
                }
                saveOutbox()
                backoff = .milliseconds(500)
            } catch .cancelled {
                return
            } catch let error where error.isTransient || isSignedOut(error) {
                if !error.isTransient {
                    setStatus(.signedOut(error))
                } else if case .rateLimited(let after) = error {
                    try? await Task.sleep(for: after ?? backoff)
                    continue
                } else {
                    setStatus(.offline(error))
                }
                // Wake at the backoff's end or when the sync loop is back, whichever first.
                let timer = Task { [outboxSignal, backoff] in
                    try? await Task.sleep(for: backoff)
                    outboxSignal.fire()
                }
                _ = await wakes.next()
                timer.cancel()
                backoff = min(backoff * 2, .seconds(10))
            } catch {
                state.withLock { state in
                    if state.outbox.first?.transactionID == item.transactionID { state.outbox.removeFirst() }
                    if let echo = item.echo { state.failed[echo] = item }
                }
                saveOutbox()
                if let echo = item.echo { try? conversation.setStatus(.failed, of: echo) }
            }
        }
    }

    private func isSignedOut(_ error: MatrixError) -> Bool {
        if case .unknownToken = error { return true }
        return false
    }

    /// Sends one item.
    private func deliver(_ item: Outgoing) async throws(MatrixError) {
        switch item.payload {
        case .text(let text, let replyTo):
            let target = replyTo.flatMap(eventID(of:)) ?? item.targetEvent
            let event = try await client.send(
                EventContent.outgoing(text: text, replyTo: target), type: "m.room.message", to: roomID,
                transactionID: item.transactionID)
            sent(item, event: event)
        case .image(let data, let filename, let mediaType, let size, let uploaded):
            let uri: String
            if let uploaded {
                uri = uploaded
            } else {
                uri = try await client.upload(data, filename: filename, contentType: mediaType)
                state.withLock { state in
                    guard state.outbox.first?.transactionID == item.transactionID else { return }
                    state.outbox[0].payload = .image(data, filename: filename, mediaType: mediaType, size: size, uploaded: uri)
                }
                saveOutbox()
            }
            var info: [String: JSONValue] = ["mimetype": .string(mediaType), "size": .number(Double(data.count))]
            if let size {
                info["w"] = .number(size.width.rounded())
                info["h"] = .number(size.height.rounded())
            }
            let content: JSONValue = [
                "msgtype": "m.image", "body": .string(filename), "url": .string(uri), "info": .object(info),
            ]
            let event = try await client.send(content, type: "m.room.message", to: roomID, transactionID: item.transactionID)
            if let echo = item.echo { state.withLock { $0.media[echo] = uri } }
            sent(item, event: event)
        case .reaction(let key, let target):
            guard let targetEvent = eventID(of: target) ?? item.targetEvent else { return }
            let content: JSONValue = [
                "m.relates_to": ["rel_type": "m.annotation", "event_id": .string(targetEvent), "key": .string(key)],
            ]
            let event = try await client.send(content, type: "m.reaction", to: roomID, transactionID: item.transactionID)
            let me = client.userID ?? ""
            state.withLock { state in
                state.reactions[event] = ReactionRecord(target: target, key: key, sender: me)
                state.myReactions[target, default: [:]][key] = event
            }
        case .unreaction(let key, let target):
            guard let reaction = state.withLock({ $0.myReactions[target]?[key] }) ?? item.reactionEvent else { return }
            try await client.redact(reaction, in: roomID, transactionID: item.transactionID)
            state.withLock { state in
                state.myReactions[target]?[key] = nil
                state.reactions[reaction] = nil
            }
        case .edit(let target, let text):
            guard let targetEvent = eventID(of: target) ?? item.targetEvent else { return }
            let content: JSONValue = [
                "msgtype": "m.text", "body": .string("* " + text),
                "m.new_content": ["msgtype": "m.text", "body": .string(text)],
                "m.relates_to": ["rel_type": "m.replace", "event_id": .string(targetEvent)],
            ]
            let event = try await client.send(content, type: "m.room.message", to: roomID, transactionID: item.transactionID)
            state.withLock { $0.messageForEvent[event] = target }
        case .redaction(let target):
            guard let targetEvent = eventID(of: target) ?? item.targetEvent else { return }
            try await client.redact(targetEvent, in: roomID, transactionID: item.transactionID)
        }
    }

    /// The server took `item` as `event`: its echo is sent.
    private func sent(_ item: Outgoing, event: String) {
        guard let echo = item.echo else { return }
        state.withLock { state in
            link(event, to: echo, state: &state)
            state.echoes[item.transactionID] = nil
        }
        try? conversation.update(echo) { message in
            if message.status == .sending || message.status == .failed { message.status = .sent }
        }
    }
}

/// Changes the conversation already shows (a front end made them, as its reaction chips,
/// its delete and its edit do), sent to the room.
extension MatrixRoom {
    /// Sends the local user's reaction `key` on message `id` (`isOn`) or takes it back:
    /// for `MessengerEvent.reactionChanged`.
    public func reactionChanged(_ key: String, on id: MessageID, isOn: Bool) {
        let payload: Outgoing.Payload = isOn ? .reaction(key: key, target: id) : .unreaction(key: key, target: id)
        enqueue(Outgoing(payload: payload, transactionID: MatrixClient.transactionID()))
    }

    /// Redacts message `id`, already shown deleted: for `MessengerEvent.deleted`.
    public func deleted(_ id: MessageID) {
        enqueue(Outgoing(payload: .redaction(target: id), transactionID: MatrixClient.transactionID()))
    }

    /// Sends an edit of message `id` to `content` (its text), already shown edited.
    public func edited(_ id: MessageID, to content: MessageContent) {
        enqueue(Outgoing(payload: .edit(target: id, text: content.summary), transactionID: MatrixClient.transactionID()))
    }
}
