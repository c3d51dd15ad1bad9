import Foundation

/// Where the playback of one audio or video message stands, as the app or the front end
/// that plays it reports it (``MediaPlayback/set(_:for:duration:)``). Both front ends
/// draw a message's row from it (``AudioLayout/appearance(_:duration:strings:)``).
public enum PlaybackState: Hashable, Sendable {
    /// Not started (or finished): the row shows the duration and a play button.
    case idle
    /// Opening the media: the button shows that it waits.
    case loading
    /// Playing, `position` seconds in.
    case playing(position: TimeInterval)
    /// Paused `position` seconds in.
    case paused(position: TimeInterval)
    /// The media cannot play (a missing file, bytes that are not media); `reason` is for
    /// logs, the row says ``MediaStrings/cannotPlayAudio``.
    case failed(reason: String)

    /// The position in seconds while playing or paused (NaN and negative read 0).
    public var position: TimeInterval? {
        switch self {
        case .playing(let position), .paused(let position): return position.isNaN ? 0 : max(0, position)
        case .idle, .loading, .failed: return nil
        }
    }

    /// Whether the media plays or is about to (what a tap on the button then pauses).
    public var isActive: Bool {
        switch self {
        case .playing, .loading: return true
        case .idle, .paused, .failed: return false
        }
    }
}
