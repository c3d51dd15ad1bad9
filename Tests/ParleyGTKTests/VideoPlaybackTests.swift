import CGtk4
import Foundation
import ParleyCore
import ParleyTestSupport
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// A real video through GtkMediaFile: a three-second Theora clip that GStreamer's own
    /// tools encode for the test (`gst-launch-1.0`, installed by scripts/test).
    @Suite("Video playback (#13)")
    @MainActor
    struct VideoPlaybackTests {
        /// Encodes a 320 × 180 test pattern of `seconds` into an Ogg/Theora file.
        static func clip(seconds: Int) async throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-clip-\(UUID().uuidString).ogv")
            let result = try await runProgram("/usr/bin/env", [
                "gst-launch-1.0", "-q", "videotestsrc", "num-buffers=\(seconds * 30)", "!",
                "video/x-raw,width=320,height=180,framerate=30/1", "!", "theoraenc", "!", "oggmux", "!",
                "filesink", "location=\(url.path)",
            ])
            try #require(result.status == 0, "gst-launch-1.0 made no clip: \(result.output)")
            return url
        }

        @Test("the play button plays the video in its bubble: frames on the picture, the position advancing, then a pause")
        func plays() async throws {
            let url = try await Self.clip(seconds: 3)
            defer { try? FileManager.default.removeItem(at: url) }
            try GTKHarness.start()
            let chat = Conversation(me: ChatFixtures.me, messages: [
                Message(id: "clip", sender: ChatFixtures.alice, content: .video(url, duration: 3, size: Size(width: 320, height: 180))),
            ])
            let view = MessengerView(conversation: chat, style: .light)
            let window = try GTKHarness.window(view.root, width: 440, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !view.visibleRowViews.isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))
            let row = try #require(view.presenter.frame().rows.first { $0.row.id == .message("clip") })
            let button = try #require(row.layout.video?.playButton)
            #expect(view.presenter.tap(at: Point(x: button.midX, y: row.y + button.midY)) == .tapMedia("clip", .play))
            await GTKHarness.pump(until: {
                if case .playing(let position) = view.presenter.playback.state(of: "clip") { return position > 0.5 }
                return false
            }, timeout: .seconds(20), "the video's position passes half a second")
            #expect(abs((view.presenter.playback.duration(of: "clip") ?? 0) - 3) < 0.2, "the stream found the clip's own length")
            // The picture in the bubble shows the stream's frames, at the clip's size.
            let picture = try #require(GTKHarness.shown(view.list.widget, class: "video-frame").first, "the video's picture is shown")
            let paintable = try #require(gtk_picture_get_paintable(picture.ptr()), "the picture is bound to the stream")
            #expect(gdk_paintable_get_intrinsic_width(paintable) == 320)
            #expect(gdk_paintable_get_intrinsic_height(paintable) == 180)
            view.presenter.tap(at: Point(x: button.midX, y: row.y + button.midY))
            await GTKHarness.pump(until: {
                if case .paused = view.presenter.playback.state(of: "clip") { return true } else { return false }
            }, timeout: .seconds(5), "a second tap pauses")
        }
    }
}
