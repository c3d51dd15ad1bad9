/// Audio and video messages: what the keyboard and a drag on the waveform do.
extension ChatPresenter {
    /// Plays or pauses message `id` from the keyboard (Space or Enter on the focused
    /// message): sends ``MessengerEvent/tapMedia(_:_:)`` with ``MediaAction/play``, or
    /// ``MediaAction/pause`` while it plays, and returns it; `nil` when the message
    /// holds no audio or video.
    @discardableResult
    public func activateMedia(_ id: MessageID) -> MessengerEvent? {
        guard let message = conversation.message(id) else { return nil }
        switch message.content {
        case .audio, .video: break
        default: return nil
        }
        let event = MessengerEvent.tapMedia(id, playback.state(of: id).isActive ? .pause : .play)
        events.send(event)
        return event
    }

    /// The audio message whose waveform (or video whose progress bar) is at `point`
    /// (list coordinates), and how far into it the point is: where a drag that seeks
    /// starts.
    public func seekTarget(at point: Point) -> (message: MessageID, fraction: Double)? {
        guard let hit = viewport.hitTest(point), case .message(let message) = hit.row.row else { return nil }
        let target = hit.row.layout.audio?.target(at: hit.location) ?? hit.row.layout.video?.target(at: hit.location)
        guard case .seek(let fraction)? = target else { return nil }
        return (message.id, fraction)
    }

    /// How far into message `id`'s media `point` (list coordinates) is along its
    /// waveform or progress bar, 0…1, while a drag that started on it goes on (the
    /// pointer may leave the bar); `nil` when the message is not on screen.
    public func seekFraction(of id: MessageID, at point: Point) -> Double? {
        guard let row = viewport.visibleRows().first(where: { $0.id == .message(id) }) else { return nil }
        let local = Point(x: point.x, y: point.y - row.y)
        if let audio = row.layout.audio { return audio.fraction(at: local) }
        guard let video = row.layout.video, video.progress.width > 0 else { return nil }
        let along = min(1, max(0, (local.x - video.progress.minX) / video.progress.width))
        return video.isReversed ? 1 - along : along
    }

    /// Asks for message `id`'s media to go to `fraction` (a drag on the waveform ended, or
    /// moved): sends ``MessengerEvent/tapMedia(_:_:)`` with ``MediaAction/seek(_:)``.
    @discardableResult
    public func seek(_ id: MessageID, to fraction: Double) -> MessengerEvent {
        let event = MessengerEvent.tapMedia(id, .seek(fraction.isNaN ? 0 : min(1, max(0, fraction))))
        events.send(event)
        return event
    }
}
