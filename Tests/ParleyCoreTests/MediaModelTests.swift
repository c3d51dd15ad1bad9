import Foundation
import Testing
@testable import ParleyCore

@Suite("Voice and video: durations, waveforms, strings (#13)")
struct MediaModelTests {
    @Test("the clock: m:ss under an hour, h:mm:ss from an hour, rounded down, bounded", arguments: [
        (0.0, "0:00"), (0.99, "0:00"), (42, "0:42"), (61.9, "1:01"), (600, "10:00"), (3599, "59:59"), (3600, "1:00:00"),
        (3723, "1:02:03"), (-5, "0:00"), (.nan, "0:00"), (.infinity, "99:59:59"), (1e300, "99:59:59"),
    ])
    func clock(seconds: Double, text: String) {
        #expect(MediaDuration.clock(seconds) == text)
    }

    @Test("only believable durations are kept")
    func validated() {
        #expect(MediaDuration.validated(42) == 42)
        for bad in [nil, 0, -1, .nan, .infinity, 1e9] as [Double?] { #expect(MediaDuration.validated(bad) == nil) }
        // A duration shown is rounded to the nearest second.
        #expect(ChatStrings.english.media.duration(41.6) == "0:42")
    }

    @Test("a waveform is normalised: NaN and negatives 0, above 1 is 1, stored as bytes")
    func normalised() {
        let waveform = Waveform([0, 0.5, 1, 2, -1, .nan, .infinity])
        #expect(waveform.bytes == [0, 128, 255, 255, 0, 0, 255])
        #expect(Waveform([]).isEmpty)
        #expect(Waveform.empty.levels(count: 3) == [0, 0, 0])
        #expect(Waveform([0.5]).levels(count: 0) == [])
    }

    @Test("downsampling keeps each stretch's peak; upsampling repeats samples")
    func downsampling() {
        let waveform = Waveform(bytes: [0, 10, 200, 30, 40, 50, 255, 0])
        #expect(waveform.levels(count: 4).map { Int(($0 * 255).rounded()) } == [10, 200, 50, 255])
        #expect(waveform.levels(count: 3).map { Int(($0 * 255).rounded()) } == [10, 200, 255])
        #expect(Waveform(bytes: [0, 255]).levels(count: 4) == [0, 0, 1, 1])
    }

    @Test("an enormous waveform is reduced to 256 levels, its peaks kept")
    func enormous() {
        var samples = Array(repeating: 0.1, count: 1_000_000)
        samples[500_000] = 1
        let waveform = Waveform(samples)
        #expect(waveform.count == Waveform.maximumCount)
        #expect(waveform.bytes.max() == 255)
        #expect(waveform.bytes.filter { $0 == 255 }.count == 1)
        #expect(Waveform(bytes: Array(repeating: 7, count: 10_000)).count == Waveform.maximumCount)
    }

    @Test("summaries and accessible names come from ChatStrings.media")
    func summaries() {
        let url = URL(fileURLWithPath: "/tmp/n.ogg")
        #expect(MessageContent.voice(url, duration: 42).summary == "Voice message, 0:42")
        #expect(MessageContent.voice(url, duration: .nan).summary == "Voice message")
        #expect(MessageContent.audio(AudioContent(source: url, duration: 192, isVoiceNote: false)).summary == "Audio: n.ogg, 3:12")
        #expect(MessageContent.video(url, duration: 65).summary == "Video, 1:05")
        #expect(MessageContent.video(url).kind == .video)
        var strings = ChatStrings.english
        strings.media.voiceSummary = { duration in "Sprachnachricht" + (duration.map { " (\($0))" } ?? "") }
        #expect(strings.summary(of: .voice(url, duration: 5)) == "Sprachnachricht (0:05)")
    }

    @Test("an appearance per state: the button, the played bars, the time, the failure")
    func appearances() throws {
        let message = Message(id: "1", sender: Fixture.alice, date: Fixture.noon, content: .voice(URL(fileURLWithPath: "/n"), duration: 42))
        let chat = Conversation(me: Fixture.me, messages: [message])
        let audio = try #require(chat.read { Fixture.engine().layout(at: 0, in: $0, width: 60) }.audio)
        let strings = ChatStrings.english
        let idle = audio.appearance(.idle, duration: nil, strings: strings)
        #expect(idle.button == .play && idle.time == "0:42" && idle.playedBars == 0 && idle.failure == nil)
        let playing = audio.appearance(.playing(position: 21), duration: nil, strings: strings)
        #expect(playing.button == .pause && playing.time == "0:21" && playing.playedBars == 9 && playing.playedFraction == 0.5)
        #expect(playing.positionName == "0:21 of 0:42" && playing.buttonName == "Pause")
        let paused = audio.appearance(.paused(position: 100), duration: nil, strings: strings)
        #expect(paused.button == .play && paused.time == "0:42" && paused.playedBars == 19, "positions past the end are the end")
        #expect(audio.appearance(.loading, duration: nil, strings: strings).button == .loading)
        let failed = audio.appearance(.failed(reason: "ENOENT"), duration: nil, strings: strings)
        #expect(failed.failure == "Can't play this audio" && failed.button == .play)
        // The player's duration wins over the message's.
        #expect(audio.appearance(.idle, duration: 10, strings: strings).time == "0:10")
        #expect(audio.appearance(.playing(position: .nan), duration: .nan, strings: strings).time == "0:00")
    }
}

@Suite("Collections told in words")
struct CollectionSummaryTests {
    @Test("a collection's summary names what its items show, the first ten, pictures as a word")
    func namesItems() {
        let strings = ChatStrings()
        let times = CollectionContent(items: ["12:00", "12:30", "13:00", "13:30"].map(CollectionItem.text))
        #expect(strings.summary(of: .collection(times)) == "4 items: 12:00, 12:30, 13:00, 13:30")
        let mixed = CollectionContent(items: [.image(.file(path: "/a.png")), .text("line\u{1B}[2J\nbreak")])
        #expect(strings.summary(of: .collection(mixed)) == "2 items: Photo, line␛[2J break")
        let many = CollectionContent(items: (1...40).map { .text(String(repeating: "x", count: $0 * 10)) })
        let summary = strings.summary(of: .collection(many))
        #expect(summary.hasPrefix("40 items: xxxxxxxxxx, ") && summary.hasSuffix(", …"))
        #expect(summary.count < 40 * 10 * 2, "ten items named: \(summary.count) characters")
        // Each item is cut at 80 characters.
        let long = strings.summary(of: .collection(CollectionContent(items: [.text(String(repeating: "y", count: 500))])))
        #expect(long == "1 item: " + String(repeating: "y", count: 80))
        #expect(strings.summary(of: .collection(CollectionContent(items: []))) == "0 items")
    }
}

@Suite("Playback states (#13)")
@MainActor
struct MediaPlaybackTests {
    @Test("one message plays at a time: starting another pauses the first where it was")
    func onePlays() {
        let playback = MediaPlayback()
        var heard: [(MessageID, PlaybackState)] = []
        let token = playback.observe { heard.append(($0, $1)) }
        playback.set(.playing(position: 3), for: "a", duration: 10)
        playback.set(.loading, for: "b")
        #expect(playback.state(of: "a") == .paused(position: 3))
        #expect(playback.active == "b")
        #expect(playback.duration(of: "a") == 10)
        #expect(heard.map(\.0) == ["a", "a", "b"])
        playback.set(.failed(reason: "x"), for: "b")
        #expect(playback.active == nil)
        token.cancel()
        playback.set(.idle, for: "a")
        #expect(heard.count == 4, "a cancelled observer hears nothing")
        playback.reset()
        #expect(playback.state(of: "b") == .idle)
    }

    @Test("taps: play, pause while playing, seek on the waveform; the keyboard toggles")
    func presenterTaps() throws {
        let url = URL(fileURLWithPath: "/n.wav")
        let chat = Conversation(me: Fixture.me, messages: [
            Message(id: "v", sender: Fixture.alice, date: Fixture.noon, content: .voice(url, duration: 40, waveform: [0.5])),
            Message(id: "t", sender: Fixture.alice, date: Fixture.noon, content: .text("hi")),
        ])
        let presenter = ChatPresenter(conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer())
        presenter.resize(to: Size(width: 60, height: 20))
        let row = try #require(presenter.frame().rows.first { $0.id == .message("v") })
        let audio = try #require(row.layout.audio)
        let button = Point(x: audio.playButton.minX, y: row.y + audio.playButton.minY)
        var events: [MessengerEvent] = []
        presenter.events.onEvent { events.append($0) }
        #expect(presenter.tap(at: button) == .tapMedia("v", .play))
        presenter.playback.set(.playing(position: 1), for: "v")
        #expect(presenter.tap(at: button) == .tapMedia("v", .pause))
        let half = Point(x: audio.waveform.minX + audio.waveform.width / 2, y: row.y + audio.waveform.minY)
        #expect(presenter.tap(at: half) == .tapMedia("v", .seek(0.5)))
        #expect(presenter.seekTarget(at: half)?.fraction == 0.5)
        #expect(presenter.seekFraction(of: "v", at: Point(x: 1000, y: 0)) == 1, "a drag beyond the end is the end")
        #expect(presenter.activateMedia("v") == .tapMedia("v", .pause))
        #expect(presenter.activateMedia("t") == nil)
        #expect(events.count == 4)
    }
}
