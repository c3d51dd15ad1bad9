import Foundation
import ParleyCore

/// Typing notices and read receipts going out.
extension MatrixRoom {
    /// How long the local user shows as typing after their last keystroke.
    static let typingIdle = Duration.seconds(5)
    /// How long the server shows a typing notice unless it is sent again.
    static let typingTimeout = Duration.seconds(30)

    /// Says whether the local user is typing. Repeated calls are cheap: a notice goes out
    /// when typing starts, again every 20 seconds while it goes on, and "stopped" when
    /// `typing` is false or no call said `true` for 5 seconds.
    public func setTyping(_ typing: Bool) {
        let now = ContinuousClock.now
        let announce: Bool? = state.withLock { state in
            state.typingStop?.cancel()
            state.typingStop = nil
            if typing {
                state.typingStop = Task { [weak self] in
                    try? await Task.sleep(for: MatrixRoom.typingIdle)
                    guard !Task.isCancelled else { return }
                    self?.setTyping(false)
                }
                if let last = state.typingAnnounced, last.duration(to: now) < .seconds(20) { return nil }
                state.typingAnnounced = now
                return true
            }
            guard state.typingAnnounced != nil else { return nil }
            state.typingAnnounced = nil
            return false
        }
        guard let announce else { return }
        let client = client
        let roomID = roomID
        state.withLock { state in
            let previous = state.typingSend
            state.typingSend = Task {
                await previous?.value
                try? await client.setTyping(announce, in: roomID, timeout: MatrixRoom.typingTimeout)
            }
        }
    }

    /// Sends typing notices from `inputBar`'s events: typing while its text is not empty,
    /// stopped when it empties, is sent, or loses the focus. Keep the task to stop following
    /// (cancel it); it ends by itself when the bar goes away.
    @MainActor
    @discardableResult
    public func follow(_ inputBar: InputBar) -> Task<Void, Never> {
        let events = inputBar.events
        return Task { [weak self] in
            for await event in events {
                guard let self else { return }
                switch event {
                case .textChanged(let text): setTyping(!text.isEmpty)
                case .sendPressed, .editingChanged(false): setTyping(false)
                default: break
                }
            }
        }
    }

    /// Sends a read receipt: the local user has read up to message `id`. Does nothing
    /// for a message without an event yet, or one already receipted.
    public func markRead(upTo id: MessageID) {
        let event: String? = state.withLock { state in
            guard let event = state.eventForMessage[id], state.receiptSent != event else { return nil }
            state.receiptSent = event
            return event
        }
        guard let event else { return }
        let client = client
        let roomID = roomID
        Task { try? await client.sendReceipt(for: event, in: roomID) }
    }

    /// Whether a read receipt goes out by itself for each message others send while the
    /// room syncs (for a screen that shows the newest messages). Off by default.
    public var sendsReadReceipts: Bool {
        get { state.withLock { $0.readsAutomatically } }
        set { state.withLock { $0.readsAutomatically = newValue } }
    }
}
