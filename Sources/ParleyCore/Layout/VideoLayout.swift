import Foundation

/// The geometry of a video message (``RowLayout/video``), in row coordinates: the poster
/// keeping the video's proportions, the play button at its centre, the duration badge in
/// its trailing bottom corner and the progress bar along its bottom.
///
/// Like ``AudioLayout``, it holds no playback state: draw it as
/// ``appearance(_:duration:strings:)`` says.
public struct VideoLayout: Hashable, Sendable {
    /// The poster, where the video plays (the message's content frame).
    public var poster: Rect
    /// The play button, centred on the poster.
    public var playButton: Rect
    /// The duration badge (the position while playing), in the poster's trailing bottom
    /// corner.
    public var badge: Rect
    /// The message's own duration in seconds, when believable; the played fraction is
    /// reckoned from it unless the player reports one.
    public var duration: TimeInterval?
    /// The duration as shown ("1:05"), or ``MediaStrings/unknownDuration``.
    public var durationText: String
    /// The progress bar along the poster's bottom, shown while playing or paused.
    public var progress: Rect
    /// Where a failure is said, under the button.
    public var failureFrame: Rect
    /// The failure (``MediaStrings/cannotPlayVideo``), cut to fit.
    public var failureText: String
    /// The message read out as one line ("Video, 1:05").
    public var accessibleName: String
    /// Whether the progress runs from right to left (a mirrored row).
    public var isReversed: Bool

    /// Creates a video layout; the layout engine makes them.
    public init(
        poster: Rect, playButton: Rect, badge: Rect, duration: TimeInterval? = nil, durationText: String, progress: Rect, failureFrame: Rect,
        failureText: String, accessibleName: String, isReversed: Bool = false
    ) {
        self.poster = poster
        self.playButton = playButton
        self.badge = badge
        self.duration = MediaDuration.validated(duration)
        self.durationText = durationText
        self.progress = progress
        self.failureFrame = failureFrame
        self.failureText = failureText
        self.accessibleName = accessibleName
        self.isReversed = isReversed
    }

    /// What a tap at `point` (row coordinates) means: a seek on the progress bar (its
    /// row of the poster), else the button (the whole poster plays and pauses); `nil`
    /// outside the poster.
    public func target(at point: Point) -> MediaTarget? {
        guard poster.contains(point) else { return nil }
        let band = Rect(x: progress.minX, y: min(progress.minY, poster.maxY - max(progress.height, 12)),
                        width: progress.width, height: max(progress.height, 12))
        if band.contains(point), progress.width > 0 {
            let along = min(1, max(0, (point.x - progress.minX) / progress.width))
            return .seek(isReversed ? 1 - along : along)
        }
        return .button
    }

    /// What to draw for `state` (see ``AudioLayout/appearance(_:duration:strings:)``).
    public func appearance(_ state: PlaybackState, duration: TimeInterval?, strings: ChatStrings) -> MediaAppearance {
        MediaAppearance(state: state, duration: duration ?? self.duration, idleTime: durationText, failure: failureText, strings: strings)
    }

    /// The same layout with every frame passed through `transform`.
    func mapped(mirrored: Bool = false, _ transform: (Rect) -> Rect) -> VideoLayout {
        var copy = self
        copy.poster = transform(poster)
        copy.playButton = transform(playButton)
        copy.badge = transform(badge)
        copy.progress = transform(progress)
        copy.failureFrame = transform(failureFrame)
        if mirrored { copy.isReversed.toggle() }
        return copy
    }
}
