import Foundation

/// A short recording made up on the spot: a few seconds of a tone that swells and fades
/// like speech, as 16-bit mono PCM in a WAV file, with its loudness over time for the
/// message's waveform. Nothing is copied from elsewhere: the demo writes it at run time.
///
/// ```swift
/// let note = ToneRecording(seconds: 3)
/// let url = try note.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("note.wav"))
/// chat.append(.voice(url, duration: note.duration, waveform: note.loudness(count: 64)))
/// ```
public struct ToneRecording: Sendable {
    /// Samples per second.
    public let sampleRate: Int
    /// The samples, −1…1.
    public let samples: [Double]

    /// A tone of `frequency` hertz lasting `seconds`, its loudness swelling and fading
    /// in `syllables` bursts.
    public init(seconds: Double, frequency: Double = 440, syllables: Int = 6, sampleRate: Int = 16_000) {
        self.sampleRate = sampleRate
        let count = max(1, Int(saturating: seconds * Double(sampleRate)))
        let bursts = Double(max(1, syllables))
        samples = (0..<count).map { index in
            let t = Double(index) / Double(sampleRate)
            let phase = Double(index) / Double(count) * bursts
            let envelope = 0.15 + 0.85 * pow(sin(.pi * (phase - phase.rounded(.down))), 2)
            return 0.6 * envelope * sin(2 * .pi * frequency * t)
        }
    }

    /// How long it lasts, in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The loudness in `count` stretches (the peak of each, 0…1), for a waveform.
    public func loudness(count: Int) -> [Double] {
        guard count > 0, !samples.isEmpty else { return [] }
        return (0..<count).map { index in
            let start = index * samples.count / count, end = max(start + 1, (index + 1) * samples.count / count)
            return samples[start..<min(end, samples.count)].reduce(0) { max($0, abs($1)) }
        }
    }

    /// The recording as a WAV file's bytes (RIFF, PCM, 16 bits, mono).
    public var wavData: Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let payload = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36) + payload)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))  // PCM
        append(UInt16(1))  // mono
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * 2))  // bytes per second
        append(UInt16(2))  // bytes per frame
        append(UInt16(16))  // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append(payload)
        for sample in samples { append(Int16(saturating: (max(-1, min(1, sample)) * 32_767).rounded())) }
        return data
    }

    /// Writes the WAV file at `url` and returns it.
    @discardableResult
    public func write(to url: URL) throws -> URL {
        try wavData.write(to: url, options: .atomic)
        return url
    }
}
