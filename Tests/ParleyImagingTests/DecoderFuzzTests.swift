import Foundation
import Testing

@testable import ParleyImaging

/// Thousands of damaged PNGs and JPEGs, made from valid ones by a seeded mutator: each
/// must decode to a picture inside the box asked for, or fail with an error, without a
/// crash, a hang or unbounded memory. The seeds are fixed, so a failure repeats.
@Suite("Fuzzing the decoders")
struct DecoderFuzzTests {
    /// A valid file to mutate, with what the mutator should know of its format.
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var iterations: Int
        var seed: UInt64
        var isPNG: Bool { name.hasPrefix("PNG") }
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(
            name: "PNG, RGBA", bytes: [UInt8](TestImages.png(TestImages.gradient(width: 48, height: 32))),
            iterations: 4000, seed: 0x5041_524C_4559_0001),
        Sample(
            name: "JPEG, baseline 4:4:4", bytes: [UInt8](TestImages.jpeg(TestImages.gradient(width: 64, height: 48))),
            iterations: 3000, seed: 0x5041_524C_4559_0002),
        Sample(
            name: "JPEG, progressive 4:2:0",
            bytes: [UInt8](TestImages.jpeg(TestImages.gradient(width: 64, height: 48), progressive: true)),
            iterations: 3000, seed: 0x5041_524C_4559_0003),
        Sample(
            name: "JPEG, grey, one-bit codes", bytes: [UInt8](TestImages.greyJPEG(width: 64, height: 64)),
            iterations: 2000, seed: 0x5041_524C_4559_0004),
    ]

    @Test("mutated files decode within the box or fail with an error", arguments: samples)
    func fuzz(_ sample: Sample) async {
        await measuringMemory { run(sample) }
    }

    /// Decodes `sample.iterations` mutations of `sample`, checking each outcome.
    func run(_ sample: Sample) {
        var mutator = ByteMutator(seed: sample.seed)
        let fields = sample.isPNG ? Self.pngFields(sample.bytes) : Self.jpegFields(sample.bytes)
        let tokens = sample.isPNG ? Self.pngTokens : Self.jpegTokens
        let before = peakResidentBytes()
        var decoded = 0
        for iteration in 0..<sample.iterations {
            var (bytes, edits) = mutator.mutate(sample.bytes, fields: fields, tokens: tokens)
            // Most PNG edits would otherwise stop at the first checksum.
            if sample.isPNG, !mutator.oneIn(4) { Self.fixPNGChecksums(&bytes) }
            let data = Data(bytes)
            let box = (width: mutator.number(in: 1...300), height: mutator.number(in: 1...300))
            let label = "\(sample.name) #\(iteration) (seed \(sample.seed)): \(edits.map(\.rawValue))"
            do {
                let picture = try PictureDecoder.decode(data, maxWidth: box.width, maxHeight: box.height)
                decoded += 1
                #expect((1...box.width).contains(picture.width) && (1...box.height).contains(picture.height), "\(label)")
                #expect(picture.rgba.count == picture.width * picture.height * 4, "\(label)")
            } catch {
                // What decoding may fail with; nothing about files or networks.
                let expected: Bool
                switch error {
                case .notAnImage, .unsupportedFormat, .corrupt, .tooManyPixels: expected = true
                default: expected = false
                }
                #expect(expected, "\(label): \(error)")
            }
            // The terminal's entry point, which scales to exactly the size asked for.
            switch PictureDecoder.decode(.data(data), width: box.width, height: box.height) {
            case .success(let picture): #expect(picture.width == box.width && picture.height == box.height, "\(label)")
            case .failure(.undecodable), .failure(.tooLarge): break
            case .failure(let error): Issue.record("\(label): \(error)")
            }
        }
        let growth = peakResidentBytes() - before
        // Pixels are only touched as they are decoded, and these files hold few; the most a
        // file may cost is a progressive JPEG at the 40-megapixel limit, whose coefficients
        // libjpeg holds at full size (240 MB at 4:4:4).
        #expect(growth < 512 << 20, "peak memory grew by \(growth >> 20) MB")
        // The mutations are gentle enough that some still decode, so decoding is exercised.
        #expect(decoded > 0)
    }

    @Test("the mutator is deterministic: the same seed makes the same edits")
    func deterministic() {
        let input = [UInt8](0..<200)
        var first = ByteMutator(seed: 42), second = ByteMutator(seed: 42), other = ByteMutator(seed: 43)
        let fields = [ByteMutator.Field(offset: 10, size: 4)]
        let a = (0..<50).map { _ in first.mutate(input, fields: fields).bytes }
        let b = (0..<50).map { _ in second.mutate(input, fields: fields).bytes }
        let c = (0..<50).map { _ in other.mutate(input, fields: fields).bytes }
        #expect(a == b)
        #expect(a != c)
        #expect(a.contains { $0 != input })
    }

    // MARK: Formats

    /// The PNG's chunk lengths and IHDR's fields (width, height, depth, colour type...).
    static func pngFields(_ bytes: [UInt8]) -> [ByteMutator.Field] {
        var fields = [16, 20].map { ByteMutator.Field(offset: $0, size: 4, group: 0) }
        fields += (24...28).map { ByteMutator.Field(offset: $0, size: 1) }
        for chunk in pngChunks(bytes) { fields.append(ByteMutator.Field(offset: chunk.offset, size: 4)) }
        return fields
    }

    /// Chunks and pieces of chunks worth inserting into a PNG.
    static let pngTokens: [[UInt8]] = [
        Array("IHDR".utf8), Array("IDAT".utf8), Array("IEND".utf8), Array("PLTE".utf8), Array("tRNS".utf8),
        [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82],
        [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8),
    ]

    /// The JPEG's segment lengths and its frame's and first scan's fields (precision,
    /// height, width, component count, sampling factors, scan components).
    static func jpegFields(_ bytes: [UInt8]) -> [ByteMutator.Field] {
        var fields: [ByteMutator.Field] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            fields.append(ByteMutator.Field(offset: offset + 2, size: 2))
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                fields += [4, 9, 11].map { ByteMutator.Field(offset: offset + $0, size: 1) }
                fields += [5, 7].map { ByteMutator.Field(offset: offset + $0, size: 2, group: 0) }  // height, width
            }
            if marker == 0xDA {
                fields.append(ByteMutator.Field(offset: offset + 4, size: 1))
                break
            }
            offset += 2 + length
        }
        return fields
    }

    /// Markers and segments worth inserting into a JPEG.
    static let jpegTokens: [[UInt8]] = [
        [0xFF, 0xD8], [0xFF, 0xD9], [0xFF, 0xC0], [0xFF, 0xC2], [0xFF, 0xC4], [0xFF, 0xDA], [0xFF, 0xD0], [0xFF, 0x00],
        [0xFF, 0xDD, 0x00, 0x04, 0x00, 0x01],  // a restart interval of one block
        [0xFF, 0xFF, 0xFF],
    ]

    /// Each chunk of a PNG: where its length field is, and its data's length.
    static func pngChunks(_ bytes: [UInt8]) -> [(offset: Int, length: Int)] {
        var chunks: [(offset: Int, length: Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            chunks.append((offset, length))
            offset += 12 + length
        }
        return chunks
    }

    /// Rewrites the CRC of every chunk that fits, so edits inside chunks reach the parser.
    static func fixPNGChecksums(_ bytes: inout [UInt8]) {
        for chunk in pngChunks(bytes) {
            let crc = TestImages.crc32(bytes[chunk.offset + 4..<chunk.offset + 8 + chunk.length])
            for index in 0..<4 { bytes[chunk.offset + 8 + chunk.length + index] = UInt8(crc >> (24 - 8 * index) & 0xFF) }
        }
    }
}
