import Foundation

/// The geometry of a voice or audio message (``RowLayout/audio``), in row coordinates:
/// the play button, the waveform and its bars, the duration, and where a failure is said.
///
/// The playback state is not part of the layout (it changes many times a second): a
/// front end draws the layout as ``appearance(_:duration:strings:)`` says for the
/// message's state, and finds taps with ``target(at:)``.
public struct AudioLayout: Hashable, Sendable {
    /// The whole row's content (the message's content frame).
    public var frame: Rect
    /// An audio file's name above the waveform; `nil` for a voice note.
    public var title: CardLine?
    /// The play or pause button.
    public var playButton: Rect
    /// The waveform's box: a tap or drag in it seeks.
    public var waveform: Rect
    /// The bars of the waveform in reading order (the first is the start of the sound).
    public var bars: [WaveformBar]
    /// Where the duration (or the position while playing) goes, at the trailing edge.
    public var durationFrame: Rect
    /// The message's own duration in seconds, when believable; the played fraction is
    /// reckoned from it unless the player reports one.
    public var duration: TimeInterval?
    /// The duration as shown ("0:42"), or ``MediaStrings/unknownDuration``.
    public var durationText: String
    /// Where a failure is said, over the waveform and the duration.
    public var failureFrame: Rect
    /// The failure (``MediaStrings/cannotPlayAudio``), cut to fit ``failureFrame``.
    public var failureText: String
    /// The message read out as one line ("Voice message, 0:42").
    public var accessibleName: String
    /// Whether the sound runs from right to left (a mirrored, right-to-left row).
    public var isReversed: Bool

    /// Creates an audio layout; the layout engine makes them.
    public init(
        frame: Rect, title: CardLine? = nil, playButton: Rect, waveform: Rect, bars: [WaveformBar], durationFrame: Rect,
        duration: TimeInterval? = nil, durationText: String, failureFrame: Rect, failureText: String, accessibleName: String, isReversed: Bool = false
    ) {
        self.frame = frame
        self.title = title
        self.playButton = playButton
        self.waveform = waveform
        self.bars = bars
        self.durationFrame = durationFrame
        self.duration = MediaDuration.validated(duration)
        self.durationText = durationText
        self.failureFrame = failureFrame
        self.failureText = failureText
        self.accessibleName = accessibleName
        self.isReversed = isReversed
    }

    /// How far into the sound `point` (row coordinates) lies along the waveform, 0…1,
    /// in the sound's direction; points beyond either end give 0 or 1.
    public func fraction(at point: Point) -> Double {
        guard waveform.width > 0 else { return 0 }
        let along = (point.x - waveform.minX) / waveform.width
        let fraction = min(1, max(0, along.isNaN ? 0 : along))
        return isReversed ? 1 - fraction : fraction
    }

    /// What a tap at `point` (row coordinates) means: the button, a seek on the
    /// waveform, else the content; `nil` outside it.
    public func target(at point: Point) -> MediaTarget? {
        if playButton.contains(point) { return .button }
        if waveform.contains(point) { return .seek(fraction(at: point)) }
        return frame.contains(point) ? .content : nil
    }

    /// What to draw for `state`: the button, how many bars are played, the time, the
    /// failure. `duration` is the player's own when it knows one (else the message's).
    public func appearance(_ state: PlaybackState, duration: TimeInterval?, strings: ChatStrings) -> MediaAppearance {
        var look = MediaAppearance(state: state, duration: duration ?? self.duration, idleTime: durationText, failure: failureText, strings: strings)
        look.playedBars = Int(saturating: (Double(bars.count) * look.playedFraction).rounded(.down))
        return look
    }

    /// The same layout with every frame passed through `transform`; `mirrored` when it
    /// flips left and right (the sound then runs the other way).
    func mapped(mirrored: Bool = false, _ transform: (Rect) -> Rect) -> AudioLayout {
        var copy = self
        copy.frame = transform(frame)
        if var title {
            title.frame = transform(title.frame)
            copy.title = title
        }
        copy.playButton = transform(playButton)
        copy.waveform = transform(waveform)
        copy.bars = bars.map { WaveformBar(frame: transform($0.frame), level: $0.level) }
        copy.durationFrame = transform(durationFrame)
        copy.failureFrame = transform(failureFrame)
        if mirrored { copy.isReversed.toggle() }
        return copy
    }
}

/// One bar of a drawn waveform.
public struct WaveformBar: Hashable, Sendable {
    /// Where it is, in row coordinates. In cells every bar is one cell and its
    /// ``level`` chooses the block character.
    public var frame: Rect
    /// How loud its stretch of the sound is, 0…1.
    public var level: Double

    /// Creates a bar.
    public init(frame: Rect, level: Double) {
        self.frame = frame
        self.level = level
    }
}

/// What a tap on an audio or video message hit (``AudioLayout/target(at:)``,
/// ``VideoLayout/target(at:)``).
public enum MediaTarget: Hashable, Sendable {
    /// The play or pause button (for a video, anywhere on the poster).
    case button
    /// The waveform or the progress bar, this far into the media (0…1).
    case seek(Double)
    /// The message outside those.
    case content
}
