/// Lays out voice, audio and video messages in content coordinates (the content's
/// top-left is 0, 0): the part of ``RowLayoutBuilder`` behind ``AudioLayout`` and
/// ``VideoLayout``.
///
/// An audio row is as wide as a card (``CardLayoutBuilder/widthInCharacters``): the
/// button, the waveform filling the middle, the duration at the trailing edge. A video's
/// poster is sized like a picture by the row builder; this places what goes on it.
struct MediaLayoutBuilder {
    let style: ChatStyle
    let measurer: any TextMeasurer

    /// The width of a waveform bar and of the space after it, in points.
    static let barWidth = 3.0, barGap = 2.0
    /// The play button on a video, in points.
    static let videoButtonSize = 48.0

    private var strings: MediaStrings { style.strings.media }
    private var isCells: Bool { style.metrics.unitAspect > 1 }
    private var units: ContentUnits { ContentUnits(style: style, measurer: measurer) }
    private var cards: CardLayoutBuilder { CardLayoutBuilder(style: style, measurer: measurer) }

    private func measuredWidth(_ text: String, _ font: FontSpec) -> Double {
        measurer.measure(text, font: font, maxWidth: .infinity).size.width.rounded(.up)
    }

    private var labelHeight: Double {
        measurer.measure("Ag", font: style.labelFont, maxWidth: .infinity).size.height.rounded(.up)
    }

    // MARK: Audio

    /// The row of `audio`, at most `maxWidth` wide.
    func audio(_ audio: AudioContent, maxWidth: Double) -> AudioLayout {
        let cells = isCells
        let units = self.units
        let width = max(1, min(maxWidth, units.width(characters: CardLayoutBuilder.widthInCharacters)))
        let lineHeight = units.lineHeight.rounded(.up)
        let labelHeight = self.labelHeight
        let gap = cells ? 0 : (units.lineGap / 2).rounded(.up)
        let hgap = cells ? 1 : units.characterWidth.rounded(.up)
        var y = 0.0
        var title: CardLine?
        if !audio.isVoiceNote {
            let fitted = cards.fit(strings.name(of: audio), width: width, font: style.bodyFont, cut: .middle)
            title = CardLine(frame: Rect(x: 0, y: 0, width: fitted.width, height: lineHeight), text: fitted.text, role: .title)
            y = lineHeight + gap
        }
        let buttonSize = cells ? Size(width: 2, height: 1) : {
            let side = lineHeight + gap + labelHeight
            return Size(width: side, height: side)
        }()
        let button = Rect(origin: Point(x: 0, y: y), size: buttonSize)
        let durationText = strings.duration(audio.duration) ?? strings.unknownDuration
        let slot = min(
            max(0, width - button.width - hgap),
            max(measuredWidth(durationText, style.labelFont), measuredWidth(strings.unknownDuration, style.labelFont), measuredWidth("0:00", style.labelFont)))
        let textY = y + ((buttonSize.height - labelHeight) / 2).rounded(.down)
        let durationFrame = Rect(x: width - slot, y: textY, width: slot, height: labelHeight)
        let waveX = button.maxX + hgap
        let waveform = Rect(x: waveX, y: y, width: max(0, durationFrame.minX - hgap - waveX), height: buttonSize.height)
        let bars = self.bars(audio.waveform, in: waveform)
        let failureWidth = max(1, width - waveX)
        let failure = cards.fit(strings.cannotPlayAudio, width: failureWidth, font: style.labelFont, cut: .end)
        return AudioLayout(
            frame: Rect(x: 0, y: 0, width: width, height: button.maxY), title: title, playButton: button,
            waveform: waveform, bars: bars, durationFrame: durationFrame, duration: audio.knownDuration, durationText: durationText,
            failureFrame: Rect(x: waveX, y: textY, width: failure.width, height: labelHeight), failureText: failure.text,
            accessibleName: strings.summary(of: audio))
    }

    /// The bars of `waveform` filling `box`: one a cell in cells, else ``barWidth``
    /// wide with ``barGap`` between them, as tall as their level (at least 2), centred.
    private func bars(_ waveform: Waveform, in box: Rect) -> [WaveformBar] {
        guard box.width >= 1 else { return [] }
        if isCells {
            let count = Int(saturating: box.width.rounded(.down))
            return waveform.levels(count: count).enumerated().map { index, level in
                WaveformBar(frame: Rect(x: box.minX + Double(index), y: box.minY, width: 1, height: box.height), level: level)
            }
        }
        let step = Self.barWidth + Self.barGap
        let count = max(1, Int(saturating: ((box.width + Self.barGap) / step).rounded(.down)))
        let tallest = (box.height * 0.8).rounded(.down)
        return waveform.levels(count: count).enumerated().map { index, level in
            let height = max(2, (tallest * level).rounded())
            let y = box.minY + ((box.height - height) / 2).rounded(.down)
            return WaveformBar(frame: Rect(x: box.minX + Double(index) * step, y: y, width: Self.barWidth, height: height), level: level)
        }
    }

    // MARK: Video

    /// What goes on the poster of `video`, a `poster` size at 0, 0.
    func video(_ video: VideoContent, poster: Size) -> VideoLayout {
        let cells = isCells
        let labelHeight = self.labelHeight
        let area = Rect(origin: .zero, size: poster)
        let buttonSize = cells
            ? Size(width: min(3, poster.width), height: min(1, poster.height))
            : Size(width: min(Self.videoButtonSize, poster.width), height: min(Self.videoButtonSize, poster.height))
        let button = Rect(
            x: ((poster.width - buttonSize.width) / 2).rounded(.down), y: ((poster.height - buttonSize.height) / 2).rounded(.down),
            width: buttonSize.width, height: buttonSize.height)
        let durationText = strings.duration(video.duration) ?? strings.unknownDuration
        let padding = cells ? 1.0 : 6
        // In cells the poster's edge is a frame of box characters: stay inside it.
        let inset = cells && poster.height >= 3 && poster.width >= 3 ? 1.0 : cells ? 0 : 8
        let textWidth = max(measuredWidth(durationText, style.labelFont), measuredWidth("0:00", style.labelFont))
        let badgeWidth = min(poster.width, textWidth + 2 * padding)
        let badgeHeight = min(poster.height, cells ? 1 : labelHeight + 4)
        let barHeight = cells ? 1.0 : 4
        let badge = Rect(
            x: max(0, poster.width - inset - badgeWidth), y: max(0, poster.height - inset - badgeHeight - (cells ? 0 : barHeight)),
            width: badgeWidth, height: badgeHeight)
        let progress = cells
            ? Rect(x: inset, y: badge.minY, width: max(0, badge.minX - 1 - inset), height: 1)
            : Rect(x: 0, y: poster.height - barHeight, width: poster.width, height: barHeight)
        let failure = cards.fit(strings.cannotPlayVideo, width: max(1, poster.width), font: style.labelFont, cut: .end)
        let failureY = min(max(0, poster.height - labelHeight), button.maxY + (cells ? 0 : 4))
        return VideoLayout(
            poster: area, playButton: button, badge: badge, duration: video.knownDuration, durationText: durationText, progress: progress,
            failureFrame: Rect(
                x: ((poster.width - failure.width) / 2).rounded(.down), y: failureY, width: failure.width, height: labelHeight),
            failureText: failure.text, accessibleName: strings.summary(of: video))
    }
}
