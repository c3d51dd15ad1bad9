import Foundation

/// The texts of voice, audio and video messages (``ChatStrings/media``): the duration
/// format, the failures, the buttons' accessible names and the summaries.
///
/// ```swift
/// var style = ChatStyle.iMessage
/// style.strings.media.cannotPlayAudio = "Audio kann nicht abgespielt werden"
/// style.strings.media.voiceSummary = { duration in ["Sprachnachricht", duration].compactMap { $0 }.joined(separator: ", ") }
/// ```
public struct MediaStrings: Sendable {
    /// A duration or a position: "0:42", "1:02:03" (``MediaDuration/clock(_:)``).
    public var clock: @Sendable (_ seconds: TimeInterval) -> String = { MediaDuration.clock($0) }
    /// What stands for a duration that is not known (or not believable).
    public var unknownDuration = "--:--"
    /// An audio message that cannot play (a missing file, bytes that are not sound).
    public var cannotPlayAudio = "Can't play this audio"
    /// A video message that cannot play.
    public var cannotPlayVideo = "Can't play this video"
    /// The accessible name of the play button.
    public var play = "Play"
    /// The accessible name of the pause button.
    public var pause = "Pause"
    /// The accessible name of the button while the media loads.
    public var loading = "Loading"
    /// The accessible name of a position on the waveform or the progress bar:
    /// "0:12 of 0:42".
    public var position: @Sendable (_ position: String, _ duration: String) -> String = { "\($0) of \($1)" }
    /// A voice note in summaries and accessible names, with its duration when known:
    /// "Voice message, 0:42".
    public var voiceSummary: @Sendable (_ duration: String?) -> String = { duration in
        ["Voice message", duration].compactMap { $0 }.joined(separator: ", ")
    }
    /// An audio file in summaries: "Audio: song.ogg, 3:12".
    public var audioSummary: @Sendable (_ name: String, _ duration: String?) -> String = { name, duration in
        (["Audio: \(name)"] + [duration].compactMap { $0 }).joined(separator: ", ")
    }
    /// A video in summaries: "Video, 1:05".
    public var videoSummary: @Sendable (_ duration: String?) -> String = { duration in
        ["Video", duration].compactMap { $0 }.joined(separator: ", ")
    }
    /// An audio file without a name.
    public var unnamedAudio = "Audio"

    /// The English texts.
    public init() {}

    // MARK: Derived texts

    /// `duration` on the clock when believable (``MediaDuration/validated(_:)``), rounded
    /// to the nearest second; `nil` otherwise.
    public func duration(_ duration: TimeInterval?) -> String? {
        MediaDuration.validated(duration).map { clock($0.rounded()) }
    }

    /// The name of an audio file as shown: inert, on one line, ``unnamedAudio`` when blank.
    public func name(of audio: AudioContent) -> String {
        CardStrings.shown(audio.name) ?? unnamedAudio
    }

    /// The summary of `audio`: ``voiceSummary`` or ``audioSummary``.
    public func summary(of audio: AudioContent) -> String {
        audio.isVoiceNote ? voiceSummary(duration(audio.duration)) : audioSummary(name(of: audio), duration(audio.duration))
    }

    /// The summary of `video` (``videoSummary``).
    public func summary(of video: VideoContent) -> String {
        videoSummary(duration(video.duration))
    }
}
