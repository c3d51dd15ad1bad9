import Foundation

/// Link previews fetched for the messages on screen.
extension ChatPresenter {
    /// Asks ``linkPreviews`` for the previews of the text messages among `rows` that link
    /// to a web page and have none: each link of each message once, a few at a time, the
    /// rest queued. A preview that comes back is set on its message (and saved with it by
    /// a store that mirrors the conversation); `nil` leaves the message as it is.
    func requestLinkPreviews(in rows: [VisibleRow]) {
        guard linkPreviews != nil else { return }
        for row in rows {
            // Each version of a message is looked at once, not every frame: finding its
            // link scans its text.
            guard case .message(let message) = row.row, message.linkPreview == nil, !message.isDeleted,
                previewRequests.look(at: message), let url = message.content.previewableLink
            else { continue }
            previewRequests.ask(message.id, url)
        }
        startLinkPreviews()
    }

    /// Starts queued requests while fewer than ``LinkPreviewRequests/maximumInFlight`` run.
    private func startLinkPreviews() {
        guard let provider = linkPreviews else { return }
        while let (id, url) = previewRequests.next() {
            Task { [weak self] in
                let preview = await provider.linkPreview(for: url)
                guard let self else { return }
                self.previewRequests.finished()
                // Only for the link the message still has: an edit may have changed it.
                if let preview, self.conversation.message(id)?.content.previewableLink == url {
                    try? self.conversation.setLinkPreview(preview, for: id)
                }
                self.startLinkPreviews()
            }
        }
    }
}

/// Which links the presenter has asked previews for, and which wait their turn.
struct LinkPreviewRequests {
    /// The most previews fetched at once.
    static let maximumInFlight = 4
    /// The most links remembered as asked; past it the memory starts again (a link seen
    /// again then is asked again, which the provider's cache answers).
    static let maximumRemembered = 10_000

    private var asked: Set<String> = []
    /// The revision of each message last looked at.
    private var seen: [MessageID: UInt32] = [:]
    private var queue: [(MessageID, URL)] = []
    private(set) var inFlight = 0

    /// Whether `message` changed since it was last looked at (or was never looked at).
    mutating func look(at message: Message) -> Bool {
        if seen.count >= Self.maximumRemembered { seen.removeAll(keepingCapacity: true) }
        return seen.updateValue(message.revision, forKey: message.id) != message.revision
    }

    /// Queues message `id`'s `url` unless it was asked for already.
    mutating func ask(_ id: MessageID, _ url: URL) {
        if asked.count >= Self.maximumRemembered { asked.removeAll(keepingCapacity: true) }
        guard asked.insert(id.rawValue + "\u{0}" + url.absoluteString).inserted else { return }
        queue.append((id, url))
    }

    /// The next request to start, when one waits and fewer than the maximum run.
    mutating func next() -> (MessageID, URL)? {
        guard inFlight < Self.maximumInFlight, !queue.isEmpty else { return nil }
        inFlight += 1
        // The newest asked first: those are the ones on screen now.
        return queue.removeLast()
    }

    /// One running request ended.
    mutating func finished() {
        inFlight = max(0, inFlight - 1)
    }
}
