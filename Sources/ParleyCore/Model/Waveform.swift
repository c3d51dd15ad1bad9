/// The loudness of a sound over its length, as a bounded number of levels from 0 (silence)
/// to 1 (loudest): what a voice message's row draws as bars.
///
/// Levels are kept as bytes (256 steps), so a waveform costs at most
/// ``maximumCount`` bytes and stores exactly. Whatever the app gives is made drawable:
/// NaN and negative samples become 0, samples above 1 become 1, and a waveform longer
/// than ``maximumCount`` is reduced to that many levels (each the loudest of its stretch,
/// so short peaks survive).
///
/// ```swift
/// let waveform = Waveform([0.1, 0.5, 0.9, 0.4, 0.2])
/// let bars = waveform.levels(count: 3)     // what a row 3 bars wide draws
/// ```
public struct Waveform: Hashable, Sendable {
    /// The most levels a waveform keeps.
    public static let maximumCount = 256

    /// The levels, 0…255 (0 is silence).
    public private(set) var bytes: [UInt8]

    /// A waveform from `samples` (normalised 0…1; see the type's notes for other values).
    ///
    /// - Complexity: O(n) in the number of samples.
    public init(_ samples: some Collection<Double>) {
        let clean = samples.count > Self.maximumCount
            ? Self.peaks(of: Array(samples), count: Self.maximumCount) : samples.map(Self.normalised)
        bytes = clean.map { UInt8(saturating: ($0 * 255).rounded()) }
    }

    /// A waveform from levels already in bytes (as a store keeps them); more than
    /// ``maximumCount`` are reduced.
    public init(bytes: [UInt8]) {
        self = bytes.count > Self.maximumCount ? Waveform(bytes.map { Double($0) / 255 }) : Waveform(exactly: bytes)
    }

    private init(exactly bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// No samples: drawn as a flat line of the quietest bars.
    public static let empty = Waveform(bytes: [])

    /// Whether there are no levels.
    public var isEmpty: Bool { bytes.isEmpty }

    /// The number of levels kept.
    public var count: Int { bytes.count }

    /// The levels as fractions, 0…1.
    public var levels: [Double] { bytes.map { Double($0) / 255 } }

    /// The waveform as `count` levels (0…1), for a row that draws `count` bars: each
    /// level is the loudest of its stretch when there are more samples than bars, and a
    /// sample is repeated when there are fewer. An empty waveform gives `count` zeros.
    ///
    /// - Complexity: O(max(count, ``count``)).
    public func levels(count: Int) -> [Double] {
        let count = max(0, count)
        guard !bytes.isEmpty else { return Array(repeating: 0, count: count) }
        return Self.peaks(of: levels, count: count)
    }

    /// `samples` in `count` stretches, each the loudest normalised sample in it (or the
    /// sample it falls on, when stretches are shorter than one sample).
    private static func peaks(of samples: [Double], count: Int) -> [Double] {
        let n = samples.count
        guard n > 0, count > 0 else { return Array(repeating: 0, count: max(0, count)) }
        var result: [Double] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let start = index * n / count
            let end = max(start + 1, (index + 1) * n / count)
            var peak = 0.0
            for sample in samples[start..<min(end, n)] { peak = max(peak, normalised(sample)) }
            result.append(peak)
        }
        return result
    }

    private static func normalised(_ sample: Double) -> Double {
        sample.isNaN ? 0 : min(1, max(0, sample))
    }
}
