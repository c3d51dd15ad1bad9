import Foundation
import ParleyCore

/// The content columns of audio and video messages (``ContentColumns``), in the columns
/// images use, so the schema stays as it is:
///
/// | kind | subkind | body | detail (JSON) | bytes |
/// |---|---|---|---|---|
/// | `audio` | `voice`, or none for a file | the source URL | duration, waveform, size, media type | |
/// | `video` | poster's `file`, `url`, `data`, or none | the source URL | duration, pixel size, size, media type, poster's path or URL | poster bytes |
///
/// The waveform is its levels' bytes in base 64 (at most 256 bytes, 344 characters).
/// Non-finite numbers are written as the strings `"nan"`, `"inf"`, `"-inf"`.
extension ContentColumns {
    /// The columns of audio or video content; `nil` for other kinds.
    static func media(_ content: MessageContent) throws -> ContentColumns? {
        switch content {
        case .audio(let audio):
            let record = AudioRecord(
                duration: audio.duration, waveform: audio.waveform.isEmpty ? nil : Data(audio.waveform.bytes),
                bytes: audio.byteCount, mediaType: audio.mediaType)
            return ContentColumns(
                kind: "audio", subkind: audio.isVoiceNote ? "voice" : nil, body: audio.source.absoluteString, detail: try json(record))
        case .video(let video):
            let poster = video.poster.map(Self.columns(of:))
            let record = VideoRecord(
                duration: video.duration, width: video.pixelSize?.width, height: video.pixelSize?.height,
                bytes: video.byteCount, mediaType: video.mediaType, poster: poster?.1)
            return ContentColumns(
                kind: "video", subkind: poster?.0, body: video.source.absoluteString, detail: try json(record), bytes: poster?.2)
        default:
            return nil
        }
    }

    /// The audio or video these columns hold, or `nil` when they are damaged.
    func mediaContent() -> MessageContent? {
        guard let body, let source = URL(string: body) else { return nil }
        switch kind {
        case "audio":
            guard let record: AudioRecord = decode() else { return nil }
            let waveform = record.waveform.map { Waveform(bytes: Array($0)) } ?? .empty
            return .audio(AudioContent(
                source: source, duration: record.duration, waveform: waveform, isVoiceNote: subkind == "voice",
                byteCount: record.bytes, mediaType: record.mediaType))
        case "video":
            guard let record: VideoRecord = decode() else { return nil }
            var poster: ImageSource?
            if subkind != nil {
                guard let source = imageSource(record.poster) else { return nil }
                poster = source
            }
            let size = record.width.flatMap { width in record.height.map { Size(width: width, height: $0) } }
            return .video(VideoContent(
                source: source, duration: record.duration, poster: poster, pixelSize: size, byteCount: record.bytes,
                mediaType: record.mediaType))
        default:
            return nil
        }
    }
}

/// An audio message's `detail` JSON.
private struct AudioRecord: Codable {
    var duration: Double?
    /// The waveform's levels, one byte each (base 64 in JSON).
    var waveform: Data?
    var bytes: Int64?
    var mediaType: String?
}

/// A video message's `detail` JSON.
private struct VideoRecord: Codable {
    var duration: Double?
    var width: Double?
    var height: Double?
    var bytes: Int64?
    var mediaType: String?
    /// The poster's path or URL (its bytes go in the `bytes` column).
    var poster: String?
}
