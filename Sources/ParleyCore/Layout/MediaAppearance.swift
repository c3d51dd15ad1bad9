import Foundation

/// How an audio or video message looks in one playback state: the same for both front
/// ends, computed by the core (``AudioLayout/appearance(_:duration:strings:)``).
public struct MediaAppearance: Hashable, Sendable {
    /// What the button shows.
    public var button: MediaButton
    /// The button's accessible name ("Play", "Pause").
    public var buttonName: String
    /// How much has played, 0…1.
    public var playedFraction: Double
    /// How many of the waveform's bars are played (drawn in the accent colour), from the
    /// first.
    public var playedBars: Int
    /// The text in the duration's place: the position while playing or paused, else the
    /// duration.
    public var time: String
    /// What a screen reader says for the waveform or progress bar ("0:12 of 0:42").
    public var positionName: String
    /// The failure to say instead of the waveform, when the media cannot play.
    public var failure: String?
    /// Whether a video's progress bar shows.
    public var showsProgress: Bool

    init(state: PlaybackState, duration: TimeInterval?, idleTime: String, failure: String, strings: ChatStrings) {
        let media = strings.media
        let known = MediaDuration.validated(duration)
        let at = state.position ?? 0
        let clamped = known.map { min(at, $0) } ?? at
        playedFraction = known.map { min(1, max(0, clamped / $0)) } ?? 0
        playedBars = 0
        switch state {
        case .idle, .failed, .paused: button = .play
        case .loading: button = .loading
        case .playing: button = .pause
        }
        buttonName = button == .pause ? media.pause : button == .loading ? media.loading : media.play
        let total = known.map { media.clock($0.rounded()) } ?? media.unknownDuration
        time = state.position != nil ? media.clock(clamped) : (known != nil ? total : idleTime)
        positionName = media.position(media.clock(clamped), total)
        if case .failed = state { self.failure = failure } else { self.failure = nil }
        showsProgress = state.position != nil
    }
}

/// What a media message's button shows.
public enum MediaButton: Hashable, Sendable {
    /// Play ("▶").
    case play
    /// Pause ("⏸").
    case pause
    /// Waiting for the media ("⋯").
    case loading

    /// The button as one symbol, for front ends that draw text.
    public var symbol: String {
        switch self {
        case .play: return "▶"
        case .pause: return "⏸"
        case .loading: return "⋯"
        }
    }
}
