import Foundation
import Testing
@testable import ParleyCore

@Suite("Voice, audio and video layout (#13)")
struct MediaLayoutTests {
    static let note = URL(fileURLWithPath: "/tmp/note.wav")

    /// The layout of one incoming message holding `content`, 60 cells wide.
    private func layout(_ content: MessageContent, width: Double = 60, engine: LayoutEngine = Fixture.engine()) -> RowLayout {
        let message = Message(id: "1", sender: Fixture.alice, date: Fixture.noon, content: content)
        let chat = Conversation(me: Fixture.me, messages: [message])
        return chat.read { rows in engine.layout(at: 0, in: rows, width: width) }
    }

    private static var points: LayoutEngine {
        LayoutEngine(style: .iMessage, measurer: MonospaceMeasurer(cellWidth: 8, lineHeight: 18))
    }

    @Test("a voice note in cells: button, waveform of one-cell bars, duration at the trailing edge")
    func voiceCells() throws {
        let row = layout(.voice(Self.note, duration: 42, waveform: [0, 0.5, 1, 0.25]))
        let audio = try #require(row.audio)
        #expect(audio.frame == row.content)
        #expect(audio.frame == Rect(x: 8, y: 4, width: 28, height: 1))
        #expect(row.bubble == Rect(x: 6, y: 3, width: 32, height: 3))
        #expect(audio.title == nil)
        #expect(audio.playButton == Rect(x: 8, y: 4, width: 2, height: 1))
        // "--:--" is the widest duration text: its slot is 5 wide, after a gap of 1.
        #expect(audio.durationFrame == Rect(x: 31, y: 4, width: 5, height: 1))
        #expect(audio.waveform == Rect(x: 11, y: 4, width: 19, height: 1))
        #expect(audio.bars.count == 19)
        #expect(audio.bars.map(\.frame) == (0..<19).map { Rect(x: 11 + Double($0), y: 4, width: 1, height: 1) })
        // Four samples stretched over 19 bars, quantised to bytes.
        let levels = audio.bars.map { ($0.level * 255).rounded() }
        #expect(levels == [0, 0, 0, 0, 0, 128, 128, 128, 128, 128, 255, 255, 255, 255, 255, 64, 64, 64, 64])
        #expect(audio.durationText == "0:42")
        #expect(audio.failureText == "Can't play this audio")
        #expect(audio.failureFrame == Rect(x: 11, y: 4, width: 21, height: 1))
        #expect(audio.accessibleName == "Voice message, 0:42")
    }

    @Test("a voice note in pixels: a square button two lines high, 3-wide bars 5 apart, centred")
    func voicePoints() throws {
        let row = layout(.voice(Self.note, duration: 42, waveform: [1]), width: 400, engine: Self.points)
        let audio = try #require(row.audio)
        let origin = audio.frame.origin
        func local(_ rect: Rect) -> Rect { rect.offsetBy(dx: -origin.x, dy: -origin.y) }
        #expect(audio.frame.size == Size(width: 224, height: 40))
        #expect(local(audio.playButton) == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(local(audio.durationFrame) == Rect(x: 184, y: 11, width: 40, height: 18))
        #expect(local(audio.waveform) == Rect(x: 48, y: 0, width: 128, height: 40))
        // (128 + 2) / 5 = 26 bars; a full level is 80% of the height, a silent bar 2.
        #expect(audio.bars.count == 26)
        #expect(local(audio.bars[0].frame) == Rect(x: 48, y: 4, width: 3, height: 32))
        #expect(local(audio.bars[25].frame) == Rect(x: 173, y: 4, width: 3, height: 32))
        let quiet = try #require(layout(.voice(Self.note, duration: 42), width: 400, engine: Self.points).audio)
        #expect(local(quiet.bars[0].frame) == Rect(x: 48, y: 19, width: 3, height: 2))
    }

    @Test("an audio file shows its name above the waveform and reads as audio")
    func audioFile() throws {
        let song = AudioContent(source: URL(fileURLWithPath: "/music/song.ogg"), duration: 192, isVoiceNote: false)
        let audio = try #require(layout(.audio(song)).audio)
        #expect(audio.title?.text == "song.ogg")
        #expect(audio.title?.frame == Rect(x: 8, y: 4, width: 8, height: 1))
        #expect(audio.playButton == Rect(x: 8, y: 5, width: 2, height: 1))
        #expect(audio.frame.height == 2)
        #expect(audio.accessibleName == "Audio: song.ogg, 3:12")
    }

    @Test("a video keeps its proportions inside the picture box; button centred, badge in the corner")
    func videoPoints() throws {
        let row = layout(.video(Self.note, duration: 65, size: Size(width: 1920, height: 1080)), width: 400, engine: Self.points)
        let video = try #require(row.video)
        #expect(video.poster == row.content)
        #expect(video.poster == Rect(x: 52, y: 58, width: 252, height: 141))  // 1920×1080 scaled by 252/1920
        #expect(video.playButton == Rect(x: 154, y: 104, width: 48, height: 48))
        #expect(video.badge == Rect(x: 252, y: 165, width: 44, height: 22))
        #expect(video.progress == Rect(x: 52, y: 195, width: 252, height: 4))
        #expect(video.durationText == "1:05")
        #expect(video.accessibleName == "Video, 1:05")
        // A tall video is limited by the box's height.
        let tall = try #require(layout(.video(Self.note, size: Size(width: 1080, height: 1920)), width: 400, engine: Self.points).video)
        #expect(tall.poster.size == Size(width: 157, height: 280))
        #expect(tall.durationText == "--:--")
    }

    @Test("a video in cells: 16 by 9 by default, in half-height cells")
    func videoCells() throws {
        let video = try #require(layout(.video(Self.note, duration: 65)).video)
        #expect(video.poster == Rect(x: 6, y: 3, width: 32, height: 9))
        #expect(video.playButton == Rect(x: 20, y: 7, width: 3, height: 1))
        // Badge and progress stay one cell inside the poster's frame of box characters.
        #expect(video.badge == Rect(x: 31, y: 10, width: 6, height: 1))
        #expect(video.progress == Rect(x: 7, y: 10, width: 23, height: 1))
    }

    @Test("right to left: the row is mirrored and the sound runs from the right")
    func rightToLeft() throws {
        var style = Fixture.cellStyle
        style.direction = .rightToLeft
        let ltr = try #require(layout(.voice(Self.note, duration: 42, waveform: [0, 1])).audio)
        let rtl = try #require(layout(.voice(Self.note, duration: 42, waveform: [0, 1]), engine: Fixture.engine(style)).audio)
        func flipped(_ rect: Rect) -> Rect { Rect(x: 60 - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) }
        #expect(rtl.playButton == flipped(ltr.playButton))
        #expect(rtl.waveform == flipped(ltr.waveform))
        #expect(rtl.durationFrame == flipped(ltr.durationFrame))
        #expect(rtl.bars.map(\.frame) == ltr.bars.map { flipped($0.frame) })
        #expect(!ltr.isReversed && rtl.isReversed)
        // The start of the sound is at the waveform's right edge.
        let right = Point(x: rtl.waveform.maxX - 0.5, y: rtl.waveform.midY)
        #expect(rtl.fraction(at: right) < 0.05)
        #expect(ltr.fraction(at: Point(x: ltr.waveform.minX, y: ltr.waveform.midY)) == 0)
        let video = try #require(layout(.video(Self.note, duration: 10), engine: Fixture.engine(style)).video)
        #expect(video.isReversed)
        #expect(video.target(at: Point(x: video.progress.maxX - 0.5, y: video.progress.minY)).map {
            if case .seek(let fraction) = $0 { return fraction < 0.05 } else { return false }
        } == true)
    }

    @Test("taps: the button, a seek where the waveform is hit, else the bubble")
    func targets() throws {
        let audio = try #require(layout(.voice(Self.note, duration: 40, waveform: [0.5])).audio)
        #expect(audio.target(at: Point(x: audio.playButton.minX, y: audio.playButton.minY)) == .button)
        let quarter = Point(x: audio.waveform.minX + audio.waveform.width / 4, y: audio.waveform.minY)
        #expect(audio.target(at: quarter) == .seek(0.25))
        #expect(audio.target(at: Point(x: audio.durationFrame.minX + 1, y: audio.durationFrame.minY)) == .content)
        #expect(audio.target(at: Point(x: 0, y: 0)) == nil)
    }

    @Test("bad durations and waveforms lay out as unknown and flat, with no crash", arguments: [
        Double.nan, 0, -4, .infinity, -.infinity, 1e300, MediaDuration.maximum + 1,
    ])
    func badDurations(duration: Double) throws {
        let audio = try #require(layout(.voice(Self.note, duration: duration, waveform: [.nan, .infinity, -.infinity])).audio)
        #expect(audio.durationText == "--:--")
        #expect(audio.accessibleName == "Voice message")
        #expect(audio.bars.count == 19)
        #expect(audio.bars.allSatisfy { (0...1).contains($0.level) })
        let video = try #require(layout(.video(Self.note, duration: duration, size: Size(width: .nan, height: -3))).video)
        #expect(video.durationText == "--:--")
        #expect(video.poster.width >= 1 && video.poster.height >= 1)
    }
}
