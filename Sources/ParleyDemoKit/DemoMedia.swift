import Foundation
import ParleyCore
import ParleyImaging

/// The demo's voice note and video (#13), made at run time: the voice note is a three
/// second ``ToneRecording`` written as a WAV file that GTK really plays; the video has a
/// drawn poster but no file (nothing here can encode a video without new tools), so
/// playing it shows "Can't play this video", as a missing file should.
public enum DemoMedia {
    /// Where the files go: a folder of the temporary directory, written again at each
    /// launch so that a stored conversation finds them.
    public static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-demo-media")
    /// The voice note's file.
    public static var voiceURL: URL { folder.appendingPathComponent("voice-note.wav") }
    /// The video's file, which does not exist.
    public static var videoURL: URL { folder.appendingPathComponent("garden-walk.webm") }
    /// The recording.
    public static let recording = ToneRecording(seconds: 3, frequency: 330, syllables: 5)

    /// Writes the voice note (once a launch); a failure leaves the note unplayable, which
    /// its row then says.
    public static func prepare() {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try? recording.write(to: voiceURL)
    }

    /// The voice note and the video, sent `minutes` before `now`, half a minute apart.
    public static func messages(now: Date, minutes: Double) -> [Message] {
        prepare()
        func at(_ offset: Double) -> Date { now.addingTimeInterval(-(minutes - offset) * 60) }
        return [
            Message(
                id: "recent-voice", sender: DemoCast.alice, date: at(0),
                content: .voice(voiceURL, duration: recording.duration, waveform: recording.loudness(count: 96))),
            Message(
                id: "recent-video", sender: DemoCast.bob, date: at(0.5),
                content: .video(videoURL, duration: 14, poster: posterPicture(), size: Size(width: 1280, height: 720))),
        ]
    }

    /// A made-up poster: a path through a garden at dusk.
    public static func posterPicture() -> ImageSource {
        let width = 320, height = 180
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let horizon = 90 + Int(10 * sin(Double(x) / 30))
                var color: (UInt8, UInt8, UInt8) = (UInt8(250 - y), UInt8(160 + y / 3), UInt8(120 + y / 2))  // sky
                if y > horizon { color = (40, UInt8(90 + (x * 7 + y * 3) % 30), 50) }  // hedges
                if y > horizon, abs(x - 160) < (y - horizon) * 2 / 3 { color = (190, 170, 130) }  // the path
                let index = (y * width + x) * 4
                (rgba[index], rgba[index + 1], rgba[index + 2]) = color
            }
        }
        return .data(Picture(width: width, height: height, rgba: rgba)?.pngData() ?? Data())
    }
}
