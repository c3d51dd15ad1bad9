import Foundation
import ParleyCore

/// Keeping the outbox in a file (``MatrixRoom/Configuration/outboxURL``), so that what
/// the user sent while offline goes out after the app restarts, once.
///
/// The file is JSON, rewritten atomically (a new file renamed over the old) after each
/// change of the outbox. Each item keeps its transaction id: sent again after a restart,
/// a message the server had already taken before the app went away comes back as the
/// same event, and nobody sees it twice.
extension MatrixRoom {
    /// The latest problem with the room's files (the outbox could not be read or written),
    /// or `nil`. A damaged outbox file is set aside next to itself with the extension
    /// `.damaged`, never overwritten; a failed write is tried again at the next change,
    /// and what is queued stays queued meanwhile.
    public var storageError: MatrixError? { state.withLock { $0.storageError } }

    /// Reads the outbox file and shows its messages as local echoes again.
    func loadOutbox() {
        guard let url = configuration.outboxFile else { return }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // No file yet is the usual case; any other failure is worth saying.
            if FileManager.default.fileExists(atPath: url.path) {
                refuseOutbox("can't read the outbox \(url.path): \(error.localizedDescription)")
            }
            return
        }
        let file: OutboxFile
        do {
            file = try JSONDecoder().decode(OutboxFile.self, from: data)
        } catch {
            let aside = url.appendingPathExtension("damaged")
            try? FileManager.default.removeItem(at: aside)
            let kept = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
            refuseOutbox(
                "the outbox \(url.path) is damaged (\(error.localizedDescription))"
                    + (kept ? "; kept as \(aside.lastPathComponent)" : ""), keepFile: !kept)
            return
        }
        guard file.version == OutboxFile.currentVersion else {
            return refuseOutbox("the outbox \(url.path) was written by another version of Parley (\(file.version))", keepFile: true)
        }
        guard file.roomID == roomID, file.userID == client.userID else {
            return refuseOutbox("the outbox \(url.path) belongs to \(file.userID) in \(file.roomID)", keepFile: true)
        }
        let items = file.items.map(\.outgoing)
        let failed = file.failed.map(\.outgoing)
        state.withLock { state in
            state.outbox = items
            for item in failed { if let echo = item.echo { state.failed[echo] = item } }
            for item in items + failed { if let echo = item.echo { state.echoes[item.transactionID] = echo } }
        }
        for item in items { showEcho(of: item, status: .sending) }
        for item in failed { showEcho(of: item, status: .failed) }
    }

    /// Says why the outbox file is not used; with `keepFile`, the room never writes it
    /// (it holds what is not this room's to overwrite).
    private func refuseOutbox(_ reason: String, keepFile: Bool = false) {
        state.withLock { state in
            state.storageError = .storage(reason)
            state.storageErrorFromSaving = false
            if keepFile { state.outboxFileRefused = true }
        }
    }

    /// Shows `item`'s local echo (when it has one and the conversation does not hold it).
    private func showEcho(of item: Outgoing, status: DeliveryStatus) {
        guard let id = item.echo else { return }
        if conversation.message(id) != nil {
            try? conversation.setStatus(status, of: id, animated: false)
            return
        }
        let content: MessageContent
        switch item.payload {
        case .text(let text, _): content = .text(text)
        case .image(let data, _, _, let size, _): content = .image(ImageContent(source: .data(data), sizeHint: size))
        default: return
        }
        let message = Message(
            id: id, sender: conversation.me, date: item.echoDate ?? Date(), content: content, status: status, replyTo: item.echoQuote)
        try? conversation.append(message, animated: false)
    }

    /// Writes the outbox as it is now (when the room has a file for it). Writes from
    /// several tasks never leave an older state last.
    func saveOutbox() {
        guard let url = configuration.outboxFile else { return }
        let snapshot: (OutboxFile, UInt64)? = state.withLock { state in
            guard !state.outboxFileRefused else { return nil }
            // Resolve what each item is about while the room knows it: after a restart
            // the message may not be loaded.
            for index in state.outbox.indices {
                if state.outbox[index].targetEvent == nil, let target = state.outbox[index].target {
                    state.outbox[index].targetEvent = state.eventForMessage[target]
                }
            }
            state.outboxRevision += 1
            let failed = state.failed.values.sorted { ($0.echoDate ?? .distantPast) < ($1.echoDate ?? .distantPast) }
            let file = OutboxFile(
                roomID: roomID, userID: client.userID ?? "", items: state.outbox.map(StoredOutgoing.init),
                failed: failed.map(StoredOutgoing.init))
            return (file, state.outboxRevision)
        }
        guard let (file, revision) = snapshot else { return }
        outboxWriter.withLock { written in
            guard revision > written else { return }
            written = revision
            let failure: String?
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try JSONEncoder().encode(file).write(to: url, options: .atomic)
                failure = nil
            } catch {
                failure = "can't save the outbox to \(url.path): \(error.localizedDescription)"
            }
            state.withLock { state in
                if let failure {
                    state.storageError = .storage(failure)
                    state.storageErrorFromSaving = true
                } else if state.storageErrorFromSaving {
                    state.storageError = nil
                    state.storageErrorFromSaving = false
                }
            }
        }
    }
}

/// The outbox file's contents.
struct OutboxFile: Codable {
    static let currentVersion = 1

    var version = OutboxFile.currentVersion
    var roomID: String
    var userID: String
    /// Waiting, in order.
    var items: [StoredOutgoing]
    /// Refused by the server, waiting for ``MatrixRoom/retry(_:)``.
    var failed: [StoredOutgoing]
}

/// One ``Outgoing`` as JSON.
struct StoredOutgoing: Codable {
    enum Kind: String, Codable {
        case text, image, reaction, unreaction, edit, redaction
    }

    var kind: Kind
    var transactionID: String
    var echo: MessageID?
    var echoDate: Date?
    var text: String?
    var target: MessageID?
    var targetEvent: String?
    var reactionEvent: String?
    var key: String?
    var data: Data?
    var filename: String?
    var mediaType: String?
    var width: Double?
    var height: Double?
    var uploaded: String?
    var quoteSender: String?
    var quoteSummary: String?
    var quoteDate: Date?
    var quoteID: MessageID?
    /// "markdown" for a quote of Markdown source (`ReplyQuote.format`); absent for plain.
    var quoteFormat: String?

    init(_ item: Outgoing) {
        transactionID = item.transactionID
        echo = item.echo
        echoDate = item.echoDate
        targetEvent = item.targetEvent
        reactionEvent = item.reactionEvent
        if let quote = item.echoQuote {
            quoteID = quote.id
            quoteSender = quote.senderName
            quoteSummary = quote.summary
            quoteDate = quote.date
            quoteFormat = quote.format == .plain ? nil : quote.format.rawValue
        }
        switch item.payload {
        case .text(let text, let replyTo):
            kind = .text
            self.text = text
            target = replyTo
        case .image(let data, let filename, let mediaType, let size, let uploaded):
            kind = .image
            self.data = data
            self.filename = filename
            self.mediaType = mediaType
            width = size?.width
            height = size?.height
            self.uploaded = uploaded
        case .reaction(let key, let target):
            kind = .reaction
            self.key = key
            self.target = target
        case .unreaction(let key, let target):
            kind = .unreaction
            self.key = key
            self.target = target
        case .edit(let target, let text):
            kind = .edit
            self.target = target
            self.text = text
        case .redaction(let target):
            kind = .redaction
            self.target = target
        }
    }

    /// The item; what a damaged entry lacks reads as empty rather than failing the file.
    var outgoing: Outgoing {
        let payload: Outgoing.Payload
        switch kind {
        case .text: payload = .text(text ?? "", replyTo: target)
        case .image:
            let size = width.flatMap { width in height.map { Size(width: width, height: $0) } }
            payload = .image(data ?? Data(), filename: filename ?? "image", mediaType: mediaType ?? "application/octet-stream",
                size: size, uploaded: uploaded)
        case .reaction: payload = .reaction(key: key ?? "", target: target ?? "")
        case .unreaction: payload = .unreaction(key: key ?? "", target: target ?? "")
        case .edit: payload = .edit(target: target ?? "", text: text ?? "")
        case .redaction: payload = .redaction(target: target ?? "")
        }
        let format = quoteFormat.flatMap(TextFormat.init(rawValue:)) ?? .plain
        let quote = quoteID.map {
            ReplyQuote(id: $0, senderName: quoteSender ?? "", summary: quoteSummary ?? "", date: quoteDate, format: format)
        }
        return Outgoing(
            payload: payload, transactionID: transactionID, echo: echo, echoDate: echoDate, echoQuote: quote,
            targetEvent: targetEvent, reactionEvent: reactionEvent)
    }
}
