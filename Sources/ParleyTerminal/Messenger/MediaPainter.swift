import ParleyCore

/// Draws voice, audio and video messages (``AudioLayout``, ``VideoLayout``) into cells at
/// the core's frames, as ``ChatPresenter/playback`` says they stand. The terminal plays
/// nothing: a tap on them only sends ``MessengerEvent/tapMedia(_:_:)``.
///
/// Every part reads without colour too: the waveform is block characters of its levels
/// (played bars bold, the rest dim), the button a glyph, the failure its words.
extension RowPainter {
    /// The block character of a waveform bar at `level` (0…1): "▁" for silence up to "█".
    static func waveformGlyph(_ level: Double) -> String {
        let blocks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let index = level.isNaN ? 0 : min(blocks.count - 1, max(0, Int(saturating: (level * Double(blocks.count)).rounded(.down))))
        return blocks[index]
    }

    private func playbackEntry(_ id: MessageID) -> (PlaybackState, Double?) {
        (playback?.state(of: id) ?? .idle, playback?.duration(of: id))
    }

    /// Draws `audio`, the layout of message `id`, on a bubble of `side`.
    func drawAudio(_ audio: AudioLayout, of id: MessageID, side: Side, _ dy: Double, _ buffer: inout CellBuffer) {
        let base = palette.text(side)
        let (state, duration) = playbackEntry(id)
        let look = audio.appearance(state, duration: duration, strings: style.strings)
        let accent = palette.link(side).removing(.underline).adding(.bold)
        if let title = audio.title {
            let area = CellRect(title.frame, dy: dy)
            buffer.put(title.text, x: area.x, y: area.y, style: base.adding(.bold), maxWidth: area.width)
        }
        let button = CellRect(audio.playButton, dy: dy)
        buffer.put(look.button.symbol, x: button.x, y: button.y, style: accent, maxWidth: button.width)
        if let failure = look.failure {
            let area = CellRect(audio.failureFrame, dy: dy)
            buffer.put(failure, x: area.x, y: area.y, style: palette.failure, maxWidth: area.width)
            return
        }
        for (index, bar) in audio.bars.enumerated() {
            let area = CellRect(bar.frame, dy: dy)
            let played = index < look.playedBars
            buffer.put(Self.waveformGlyph(bar.level), x: area.x, y: area.y, style: played ? accent : base.adding(.dim))
        }
        let slot = CellRect(audio.durationFrame, dy: dy)
        let width = TerminalWidth.columns(of: look.time)
        buffer.put(look.time, x: slot.maxX - min(width, slot.width), y: slot.y, style: base, maxWidth: slot.width)
    }

    /// Draws `video`, the layout of message `content`'s video `id`, on a bubble of `side`:
    /// the poster (or a shaded placeholder), the button, the badge and the progress.
    func drawVideo(
        _ video: VideoLayout, _ content: VideoContent, of id: MessageID, side: Side, _ dy: Double, _ buffer: inout CellBuffer
    ) {
        let base = palette.text(side)
        let (state, duration) = playbackEntry(id)
        let look = video.appearance(state, duration: duration, strings: style.strings)
        let poster = CellRect(video.poster, dy: dy)
        if let source = content.poster, case .ready(let picture)? = pictures?.state(for: source, width: poster.width, height: poster.height * 2) {
            drawPicture(picture, area: poster, &buffer)
        } else {
            // No poster, or not (yet) a picture: a dark panel, the button says the rest.
            let shade = CellStyle(
                foreground: palette.usesColor ? .rgb(150, 156, 170) : .default, background: palette.usesColor ? .rgb(40, 44, 54) : .default)
            buffer.fill(poster, symbol: " ", style: shade)
            BubblePainter.frame(poster, style: shade, into: &buffer)
        }
        let chip = palette.accent
        let button = CellRect(video.playButton, dy: dy)
        buffer.fill(button, style: chip)
        buffer.put(look.button.symbol, x: button.x + max(0, (button.width - TerminalWidth.columns(of: look.button.symbol)) / 2), y: button.y, style: chip, maxWidth: button.width)
        if let failure = look.failure {
            let area = CellRect(video.failureFrame, dy: dy)
            buffer.put(failure, x: area.x, y: area.y, style: palette.failure, maxWidth: area.width)
        }
        let badge = CellRect(video.badge, dy: dy)
        let inverse = base.adding(.reverse)
        buffer.fill(badge, style: inverse)
        let width = TerminalWidth.columns(of: look.time)
        buffer.put(look.time, x: badge.x + max(0, (badge.width - width) / 2), y: badge.y, style: inverse, maxWidth: badge.width)
        if look.showsProgress {
            let bar = CellRect(video.progress, dy: dy)
            let filled = Int(saturating: (Double(bar.width) * look.playedFraction).rounded(.down))
            for column in 0..<bar.width {
                let played = video.isReversed ? column >= bar.width - filled : column < filled
                buffer.put(played ? "━" : "─", x: bar.x + column, y: bar.y, style: played ? palette.link(side).removing(.underline) : base.adding(.dim))
            }
        }
    }
}
