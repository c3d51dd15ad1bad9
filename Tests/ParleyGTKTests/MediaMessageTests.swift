import CGtk4
import Foundation
import ParleyCore
import ParleyDemoKit
import ParleyImaging
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Voice notes and videos (#13)")
    @MainActor
    struct MediaMessageTests {
        /// A private folder for this process's generated media.
        static let folder: URL = {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-media-tests-\(getpid())")
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            ScratchFiles.removeAtExit(url.path)
            return url
        }()

        /// A two-second tone written as a WAV file.
        static let tone = ToneRecording(seconds: 2)
        static let toneURL: URL = try! tone.write(to: folder.appendingPathComponent("tone.wav"))
        /// Bytes that are no sound at all, named like one.
        static let noiseURL: URL = {
            let url = folder.appendingPathComponent("noise.ogg")
            var generator = SystemRandomNumberGenerator()
            try! Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
            return url
        }()

        /// A made-up poster: a dusk sky over a dark hill.
        static func posterPNG() -> Data {
            let width = 160, height = 90
            var rgba: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let hill = Double(y) > 60 + 12 * sin(Double(x) / 18)
                    let sky = UInt8(min(255, 90 + y * 2))
                    rgba += hill ? [30, 50, 40, 255] : [sky, UInt8(120 + y), 200, 255]
                }
            }
            return Picture(width: width, height: height, rgba: rgba)!.pngData()!
        }

        /// Every kind and bad input, one a row.
        static func conversation() -> Conversation {
            let alice = ChatFixtures.alice, bob = ChatFixtures.bob, me = ChatFixtures.me
            let noon = Date(timeIntervalSince1970: 1_773_144_000)
            func message(_ id: MessageID, _ sender: Sender, _ content: MessageContent) -> Message {
                Message(id: id, sender: sender, date: noon, content: content)
            }
            let missing = URL(fileURLWithPath: "/nonexistent/parley/voice.ogg")
            return Conversation(me: me, messages: [
                message("v", alice, .voice(toneURL, duration: tone.duration, waveform: tone.loudness(count: 64))),
                message("a", me, .audio(AudioContent(source: toneURL, duration: 192, waveform: Waveform(tone.loudness(count: 300)), isVoiceNote: false))),
                message("m", bob, .voice(missing, duration: .nan, waveform: [.nan, .infinity, -1])),
                message("n", alice, .voice(noiseURL, duration: -4)),
                message("h", bob, .voice(toneURL, duration: 1e300, waveform: Array(repeating: 0.5, count: 100_000))),
                message("p", alice, .video(URL(fileURLWithPath: "/nonexistent/clip.webm"), duration: 65, poster: .data(posterPNG()), size: Size(width: 1920, height: 1080))),
                message("q", me, .video(URL(fileURLWithPath: "/nonexistent/other.webm"), duration: .nan)),
            ])
        }

        private func show(_ style: ChatStyle, conversation: Conversation = conversation()) async throws -> (MessengerView, WidgetPointer) {
            try GTKHarness.start()
            let view = MessengerView(conversation: conversation, style: style)
            let window = try GTKHarness.window(view.root, width: 440, height: 1300)
            await GTKHarness.pump(until: { view.visibleRowViews.count >= conversation.count })
            await GTKHarness.pump(until: { !GTKHarness.shown(view.list.widget, class: "media").isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))
            return (view, window)
        }

        private func row(_ id: MessageID, in view: MessengerView) throws -> VisibleRow {
            try #require(view.presenter.frame().rows.first { $0.row.id == .message(id) })
        }

        @Test("every kind in every theme, at the core's frames", arguments: ChatStyle.themes.map(\.name))
        func themes(name: String) async throws {
            let style = ChatStyle.themes.first { $0.name == name }!
            let (view, window) = try await show(style)
            defer { GTKHarness.close(window) }
            // One paused halfway, to see the played bars.
            view.presenter.playback.set(.paused(position: 1), for: "v", duration: 2)
            await GTKHarness.pump(for: .milliseconds(100))
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/media-\(name).png")
            let root = view.list.widget
            #expect(GTKHarness.shown(root, class: "waveform").count == 5)
            #expect(GTKHarness.shown(root, class: "media-button").count == 5)
            let times = GTKHarness.shown(root, class: "media-time").map(GTKHarness.text)
            #expect(times.contains("0:01") && times.contains("3:12") && times.filter { $0 == "--:--" }.count == 3)
            let badges = GTKHarness.shown(root, class: "media-badge").map(GTKHarness.text)
            #expect(badges.sorted() == ["--:--", "1:05"])
            #expect(GTKHarness.shown(root, class: "video-placeholder").count == 1, "the video without a poster")
            #expect(GTKHarness.shown(root, class: "card-title").map(GTKHarness.text).contains("tone.wav"))
            // The waveform widgets have the core's frames.
            let frames = try ["v", "a", "m", "n", "h"].map { try #require(try row($0, in: view).layout.audio?.waveform) }
            let shown = GTKHarness.shown(root, class: "waveform").map { Size(width: Double(gtk_widget_get_width($0)), height: Double(gtk_widget_get_height($0))) }
            #expect(Set(shown.map(\.width)) == Set(frames.map(\.width)))
            #expect(Set(shown.map(\.height)) == Set(frames.map(\.height)))
        }

        @Test("a generated WAV plays through GtkMediaFile: the state goes from loading to playing, the position advances, and it ends idle")
        func playsWAV() async throws {
            let (view, window) = try await show(.light)
            defer { GTKHarness.close(window) }
            var states: [PlaybackState] = []
            let token = view.presenter.playback.observe { id, state in if id == "v" { states.append(state) } }
            defer { token.cancel() }
            let button = try #require(try row("v", in: view).layout.audio?.playButton)
            let y = try row("v", in: view).y
            #expect(view.presenter.tap(at: Point(x: button.midX, y: y + button.midY)) == .tapMedia("v", .play))
            #expect(states.first == .loading)
            await GTKHarness.pump(until: {
                if case .playing(let position) = view.presenter.playback.state(of: "v") { return position > 0.5 }
                return false
            }, timeout: .seconds(20), "the position passes half a second")
            #expect(view.presenter.playback.duration(of: "v") == 2, "the stream found the file's own duration")
            // The row follows: the time shows the position, and the button pauses now.
            let times = GTKHarness.shown(view.list.widget, class: "media-time").map(GTKHarness.text)
            #expect(times.contains("0:00") || times.contains("0:01"))
            #expect(view.presenter.tap(at: Point(x: button.midX, y: y + button.midY)) == .tapMedia("v", .pause))
            await GTKHarness.pump(until: {
                if case .paused = view.presenter.playback.state(of: "v") { return true } else { return false }
            })
            let pausedAt = view.presenter.playback.state(of: "v").position ?? 0
            await GTKHarness.pump(for: .milliseconds(300))
            // (A position already on its way may still land just after the pause.)
            #expect(abs((view.presenter.playback.state(of: "v").position ?? 0) - pausedAt) < 0.1, "paused means paused")
            // Resume, and it plays to the end.
            view.presenter.tap(at: Point(x: button.midX, y: y + button.midY))
            await GTKHarness.pump(until: { view.presenter.playback.state(of: "v") == .idle }, timeout: .seconds(20), "it ends")
            let positions = states.compactMap { state -> Double? in
                if case .playing(let position) = state { return position } else { return nil }
            }
            #expect(positions.count >= 3)
            #expect(positions.max() ?? 0 > 1.5)
        }

        @Test("only one plays: starting another pauses the first, and the stream outlives its scrolled-away row")
        func onePlays() async throws {
            let (view, window) = try await show(.light)
            defer { GTKHarness.close(window) }
            view.player.play("v")
            await GTKHarness.pump(until: { if case .playing = view.presenter.playback.state(of: "v") { return true } else { return false } })
            view.player.play("h")
            #expect({ if case .paused = view.presenter.playback.state(of: "v") { return true } else { return false } }())
            #expect(view.player.currentMessage == "h")
            await GTKHarness.pump(until: { if case .playing = view.presenter.playback.state(of: "h") { return true } else { return false } })
            // Scrolled far away (rows recycled), the voice note plays on.
            view.presenter.scrollToTop()
            view.relayout()
            await GTKHarness.pump(for: .milliseconds(300))
            #expect(view.player.currentMessage == "h")
            view.player.stop()
            #expect(view.player.currentMessage == nil)
            #expect(!view.presenter.playback.state(of: "h").isActive)
        }

        @Test("a missing file and bytes that are no sound say \"Can't play this audio\"; nothing crashes or hangs")
        func badInput() async throws {
            let (view, window) = try await show(.dark)
            defer { GTKHarness.close(window) }
            view.player.play("m")
            #expect({ if case .failed = view.presenter.playback.state(of: "m") { return true } else { return false } }())
            view.player.play("n")
            await GTKHarness.pump(until: {
                if case .failed = view.presenter.playback.state(of: "n") { return true } else { return false }
            }, timeout: .seconds(20), "the noise fails to decode")
            await GTKHarness.pump(for: .milliseconds(100))
            let failures = GTKHarness.shown(view.list.widget, class: "media-failure").map(GTKHarness.text)
            #expect(failures == ["Can't play this audio", "Can't play this audio"])
            view.player.play("p")
            await GTKHarness.pump(for: .milliseconds(100))
            #expect(GTKHarness.shown(view.list.widget, class: "media-failure").map(GTKHarness.text).contains("Can't play this video"))
            try GTKHarness.screenshot(view.root, to: Screenshots.directory + "/media-failures.png")
            _ = GLibLog.take()  // GStreamer may warn about the noise; that is the point
        }

        @Test("Space on the focused voice note plays it; its button and waveform have names")
        func keyboard() async throws {
            let (view, window) = try await show(.light)
            defer { GTKHarness.close(window) }
            var events: [MessengerEvent] = []
            view.events.onEvent { events.append($0) }
            view.playsMedia = false  // the app's own player: the event alone
            for _ in 0..<10 where view.presenter.selection != "v" { view.presenter.selectPrevious() }
            #expect(view.presenter.selection == "v")
            #expect(view.handleKey(UInt32(GDK_KEY_space), state: GdkModifierType(rawValue: 0)))
            #expect(events == [.tapMedia("v", .play)])
            view.presenter.playback.set(.playing(position: 0.5), for: "v", duration: 2)
            #expect(view.handleKey(UInt32(GDK_KEY_Return), state: GdkModifierType(rawValue: 0)))
            #expect(events.last == .tapMedia("v", .pause))
            let frame = view.presenter.frame()
            let row = try #require(frame.rows.first { $0.row.id == .message("v") })
            #expect(ChatPresenter.accessibleLabel(for: row.row, context: row.context, style: view.style).contains("Voice message, 0:02"))
        }
    }
}
