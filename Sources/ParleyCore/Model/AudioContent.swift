import Foundation

/// A sound message: a voice note recorded in the app, or an audio file. Its row shows a
/// play button, the waveform and the duration.
///
/// The kit plays through GTK's media stack in the GTK front end (the terminal plays
/// nothing); taps on the button and the waveform arrive as
/// ``MessengerEvent/tapMedia(_:_:)`` either way, and how playback goes is reported in
/// ``ChatPresenter/playback``.
///
/// ```swift
/// let note = URL(fileURLWithPath: "/tmp/note.wav")
/// chat.append(.voice(note, duration: 42, waveform: [0.2, 0.6, 0.9, 0.4]), from: alice)
/// ```
public struct AudioContent: Hashable, Sendable {
    /// Where the sound is: a file URL, or a remote URL the media stack can open.
    public var source: URL
    /// How long it lasts, in seconds, when known. Values that are not a believable
    /// duration (see ``MediaDuration/validated(_:)``) show as unknown.
    public var duration: TimeInterval?
    /// Its loudness over time, drawn as bars.
    public var waveform: Waveform
    /// Whether it is a voice note (recorded for the conversation) rather than an audio
    /// file; a file's row shows its name above the waveform.
    public var isVoiceNote: Bool
    /// The file's size in bytes, when known.
    public var byteCount: Int64?
    /// The media type ("audio/ogg"), when known.
    public var mediaType: String?

    /// Creates audio content.
    public init(
        source: URL, duration: TimeInterval? = nil, waveform: Waveform = .empty, isVoiceNote: Bool = true,
        byteCount: Int64? = nil, mediaType: String? = nil
    ) {
        self.source = source
        self.duration = duration
        self.waveform = waveform
        self.isVoiceNote = isVoiceNote
        self.byteCount = byteCount
        self.mediaType = mediaType
    }

    /// The duration when it is believable (``MediaDuration/validated(_:)``).
    public var knownDuration: TimeInterval? { MediaDuration.validated(duration) }

    /// The name shown for an audio file: the last part of its URL's path.
    public var name: String { source.lastPathComponent }
}
