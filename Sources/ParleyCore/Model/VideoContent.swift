import Foundation

/// A video message: a poster frame (or a placeholder) with a play button and the duration;
/// the GTK front end plays it in the bubble, the terminal shows the card.
///
/// ```swift
/// let clip = URL(fileURLWithPath: "/tmp/clip.webm")
/// chat.append(.video(clip, duration: 65, poster: .file(path: "/tmp/clip.png")), from: alice)
/// ```
public struct VideoContent: Hashable, Sendable {
    /// Where the video is: a file URL, or a remote URL the media stack can open.
    public var source: URL
    /// How long it lasts, in seconds, when known (see ``MediaDuration/validated(_:)``).
    public var duration: TimeInterval?
    /// A still picture shown until it plays, loaded like any image.
    public var poster: ImageSource?
    /// The video's size in pixels when known; the poster keeps its proportions. Without
    /// it the poster is 16 by 9.
    public var pixelSize: Size?
    /// The file's size in bytes, when known.
    public var byteCount: Int64?
    /// The media type ("video/webm"), when known.
    public var mediaType: String?

    /// Creates video content.
    public init(
        source: URL, duration: TimeInterval? = nil, poster: ImageSource? = nil, pixelSize: Size? = nil,
        byteCount: Int64? = nil, mediaType: String? = nil
    ) {
        self.source = source
        self.duration = duration
        self.poster = poster
        self.pixelSize = pixelSize
        self.byteCount = byteCount
        self.mediaType = mediaType
    }

    /// The duration when it is believable (``MediaDuration/validated(_:)``).
    public var knownDuration: TimeInterval? { MediaDuration.validated(duration) }
}
