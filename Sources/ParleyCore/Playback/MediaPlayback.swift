import Foundation

/// The playback state of every audio and video message that has one, fed by whatever
/// plays them (the GTK front end's player, or an app's own) and read by the front ends
/// when they draw (``ChatPresenter/playback``).
///
/// One message plays at a time: making one ``PlaybackState/playing(position:)`` or
/// ``PlaybackState/loading`` pauses the one that was, and observers hear of both.
///
/// ```swift
/// presenter.playback.set(.playing(position: 3.5), for: note, duration: 42)
/// presenter.playback.state(of: note)          // .playing(position: 3.5)
/// ```
///
/// States are not part of the message (they change many times a second and are never
/// stored): the conversation, its layout cache and its store do not see them.
@MainActor
public final class MediaPlayback {
    /// A message's state and the media's own duration, when the player knows it.
    public struct Entry: Hashable, Sendable {
        /// The state.
        public var state: PlaybackState
        /// The duration the player found, in seconds (better than the message's own).
        public var duration: TimeInterval?
    }

    private var entries: [MessageID: Entry] = [:]
    private var observers: [Int: @MainActor (MessageID, PlaybackState) -> Void] = [:]
    private var nextObserver = 0

    /// The message playing or loading, if any.
    public private(set) var active: MessageID?

    /// No playback yet.
    public init() {}

    /// The state of message `id` (``PlaybackState/idle`` when none was set).
    public func state(of id: MessageID) -> PlaybackState {
        entries[id]?.state ?? .idle
    }

    /// The duration the player reported for message `id`, if any.
    public func duration(of id: MessageID) -> TimeInterval? {
        entries[id]?.duration
    }

    /// Sets message `id`'s state, and the media's duration when the player knows it
    /// (`nil` keeps the one reported before). An active state pauses the message that
    /// was active. Observers hear of each change.
    public func set(_ state: PlaybackState, for id: MessageID, duration: TimeInterval? = nil) {
        if state.isActive, let previous = active, previous != id {
            let position = entries[previous]?.state.position ?? 0
            update(previous, to: .paused(position: position), duration: nil)
        }
        update(id, to: state, duration: duration)
        if state.isActive {
            active = id
        } else if active == id {
            active = nil
        }
    }

    /// Forgets every state (a conversation closed): each message reads idle again.
    public func reset() {
        let ids = Array(entries.keys)
        entries = [:]
        active = nil
        for id in ids { notify(id, .idle) }
    }

    /// Calls `handler` with each message whose state changes, and its new state; the
    /// returned token stops it.
    public func observe(_ handler: @escaping @MainActor (MessageID, PlaybackState) -> Void) -> Token {
        let key = nextObserver
        nextObserver += 1
        observers[key] = handler
        return Token { [weak self] in self?.observers[key] = nil }
    }

    /// Stops an observation when cancelled.
    @MainActor
    public final class Token {
        private var cancelAction: (@MainActor () -> Void)?

        init(_ cancel: @escaping @MainActor () -> Void) { cancelAction = cancel }

        /// Stops the observation.
        public func cancel() {
            cancelAction?()
            cancelAction = nil
        }
    }

    private func update(_ id: MessageID, to state: PlaybackState, duration: TimeInterval?) {
        let old = entries[id]
        let entry = Entry(state: state, duration: MediaDuration.validated(duration) ?? old?.duration)
        guard entry != old else { return }
        entries[id] = entry
        notify(id, state)
    }

    private func notify(_ id: MessageID, _ state: PlaybackState) {
        for observer in observers.values { observer(id, state) }
    }
}
