/// What a tap on an audio or video message asks for (``MessengerEvent/tapMedia(_:_:)``).
public enum MediaAction: Hashable, Sendable {
    /// Start, or resume, playing.
    case play
    /// Pause.
    case pause
    /// Go to this fraction of the media (0…1) and play from there.
    case seek(Double)
}

extension Viewport {
    /// The event a tap at `point` (row coordinates) on `message`'s audio or video means;
    /// `nil` when the message holds no media or the tap missed it.
    ///
    /// The viewport does not know the playback state: a tap on the button is
    /// ``MediaAction/play``, which ``ChatPresenter/tap(at:)`` turns into
    /// ``MediaAction/pause`` while the message plays.
    static func mediaEvent(at point: Point, in layout: RowLayout, on message: Message) -> MessengerEvent? {
        let target = layout.audio?.target(at: point) ?? layout.video?.target(at: point)
        switch target {
        case .button?: return .tapMedia(message.id, .play)
        case .seek(let fraction)?: return .tapMedia(message.id, .seek(fraction))
        case .content?, nil: return nil
        }
    }
}
