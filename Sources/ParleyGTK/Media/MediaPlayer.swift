internal import CGtk4
import Foundation
import ParleyCore

/// Plays the audio and video messages of a ``MessengerView`` through GTK's media stack
/// (`GtkMediaFile`, on the GStreamer backend: Debian's `libgtk-4-media-gstreamer`), one
/// at a time, and reports how it goes in ``ChatPresenter/playback``.
///
/// The view hands it every ``MessengerEvent/tapMedia(_:_:)`` (unless
/// ``MessengerView/playsMedia`` is off, for an app with its own player). The stream
/// belongs to the player, not to a row: a voice note goes on playing while its row is
/// scrolled away and recycled, a video pauses when its row leaves the screen, and
/// starting another message, ``stop()`` or the view's destruction releases it.
@MainActor
public final class MediaPlayer {
    /// Where states are reported.
    public let playback: MediaPlayback
    private let conversation: Conversation
    private var current: Current?
    /// Called when the video stream a row may show starts or stops existing.
    var onStreamChanged: (@MainActor (MessageID) -> Void)?

    /// The message playing and its stream.
    private struct Current {
        let id: MessageID
        let isVideo: Bool
        let stream: MediaStreamRef
        /// A seek asked for before the stream could seek (0…1).
        var pendingSeek: Double?
        /// The message's own duration, when the stream has none yet.
        let fallbackDuration: Double?
    }

    init(playback: MediaPlayback, conversation: Conversation) {
        self.playback = playback
        self.conversation = conversation
    }

    /// The message whose stream is open, if any.
    public var currentMessage: MessageID? { current?.id }

    /// Does what `event` asks, when it is a media event.
    func handle(_ event: MessengerEvent) {
        guard case .tapMedia(let id, let action) = event else { return }
        switch action {
        case .play: play(id)
        case .pause: pause(id)
        case .seek(let fraction): seek(id, to: fraction)
        }
    }

    /// Plays message `id` (resuming where it paused); pauses any other.
    public func play(_ id: MessageID) {
        if let current, current.id == id, current.stream.errorMessage == nil {
            if gtk_media_stream_get_ended(current.stream.stream) != 0 { gtk_media_stream_seek(current.stream.stream, 0) }
            gtk_media_stream_play(current.stream.stream)
            report()
            return
        }
        open(id, seek: resumeFraction(of: id))
    }

    /// Pauses message `id` if it plays.
    public func pause(_ id: MessageID) {
        guard let current, current.id == id else { return }
        gtk_media_stream_pause(current.stream.stream)
        report()
    }

    /// Moves message `id` to `fraction` (0…1) of its length; a message not open starts
    /// playing from there.
    public func seek(_ id: MessageID, to fraction: Double) {
        let fraction = fraction.isNaN ? 0 : min(1, max(0, fraction))
        guard var current, current.id == id else {
            open(id, seek: fraction)
            return
        }
        let duration = current.stream.duration > 0 ? current.stream.duration : current.fallbackDuration ?? 0
        if gtk_media_stream_is_prepared(current.stream.stream) != 0, gtk_media_stream_is_seekable(current.stream.stream) != 0, duration > 0 {
            gtk_media_stream_seek(current.stream.stream, Int(saturating: (fraction * duration * 1_000_000).rounded()))
            if gtk_media_stream_get_playing(current.stream.stream) == 0 {
                playback.set(.paused(position: fraction * duration), for: id, duration: duration)
            }
        } else {
            current.pendingSeek = fraction
            self.current = current
        }
    }

    /// Stops and releases whatever plays; its message is paused where it was.
    public func stop() {
        guard let current else { return }
        let position = current.stream.position
        self.current = nil
        playback.set(.paused(position: position), for: current.id)
        onStreamChanged?(current.id)
    }

    /// The video stream of message `id` as a `GdkPaintable`, while it is open.
    func paintable(for id: MessageID) -> OpaquePointer? {
        guard let current, current.id == id, current.isVideo else { return nil }
        return OpaquePointer(current.stream.stream)
    }

    /// The rows now on screen (called after each update): a video whose row left pauses.
    func rowsShown(_ ids: Set<RowID>) {
        guard let current, current.isVideo, !ids.contains(.message(current.id)),
            gtk_media_stream_get_playing(current.stream.stream) != 0
        else { return }
        pause(current.id)
    }

    // MARK: Streams

    private func resumeFraction(of id: MessageID) -> Double? {
        guard case .paused(let position) = playback.state(of: id), position > 0,
            let duration = playback.duration(of: id) ?? mediaDuration(of: id), duration > 0
        else { return nil }
        return position / duration
    }

    private func mediaDuration(of id: MessageID) -> Double? {
        switch conversation.message(id)?.content {
        case .audio(let audio)?: return audio.knownDuration
        case .video(let video)?: return video.knownDuration
        default: return nil
        }
    }

    private func open(_ id: MessageID, seek: Double?) {
        let previous = current?.id
        current = nil
        if let previous { onStreamChanged?(previous) }
        let url: URL, isVideo: Bool
        switch conversation.message(id)?.content {
        case .audio(let audio)?: (url, isVideo) = (audio.source, false)
        case .video(let video)?: (url, isVideo) = (video.source, true)
        default: return
        }
        if url.isFileURL, !FileManager.default.isReadableFile(atPath: url.path) {
            playback.set(.failed(reason: "No such file: \(url.path)"), for: id)
            return
        }
        let stream = MediaStreamRef(url: url)
        current = Current(id: id, isVideo: isVideo, stream: stream, pendingSeek: seek, fallbackDuration: mediaDuration(of: id))
        stream.watch(["prepared", "playing", "timestamp", "duration", "ended", "error"]) { [weak self, weak stream] in
            guard let self, let stream, self.current?.stream === stream else { return }
            self.streamChanged()
        }
        playback.set(.loading, for: id)
        gtk_media_stream_play(stream.stream)
        onStreamChanged?(id)
    }

    private func streamChanged() {
        guard var current else { return }
        let stream = current.stream
        if let message = stream.errorMessage {
            self.current = nil
            playback.set(.failed(reason: message), for: current.id)
            onStreamChanged?(current.id)
            return
        }
        if let fraction = current.pendingSeek, gtk_media_stream_is_prepared(stream.stream) != 0 {
            current.pendingSeek = nil
            self.current = current
            if gtk_media_stream_is_seekable(stream.stream) != 0, stream.duration > 0 {
                gtk_media_stream_seek(stream.stream, Int(saturating: (fraction * stream.duration * 1_000_000).rounded()))
            }
        }
        report()
    }

    /// Reports the open stream's state.
    private func report() {
        guard let current else { return }
        let stream = current.stream
        let duration = stream.duration > 0 ? stream.duration : nil
        if gtk_media_stream_get_ended(stream.stream) != 0 {
            playback.set(.idle, for: current.id, duration: duration)
        } else if gtk_media_stream_is_prepared(stream.stream) == 0 {
            if playback.state(of: current.id) != .loading { playback.set(.loading, for: current.id) }
        } else if gtk_media_stream_get_playing(stream.stream) != 0 {
            playback.set(.playing(position: stream.position), for: current.id, duration: duration)
        } else {
            playback.set(.paused(position: stream.position), for: current.id, duration: duration)
        }
    }
}
