import Foundation
import Testing

@testable import ParleyImaging

@Suite("Decoding")
struct PictureDecoderTests {
    @Test("PNG and JPEG decode to fit the box, aspect kept, colours in place", arguments: ["png", "jpeg"])
    func fits(format: String) throws {
        let original = TestImages.gradient(width: 400, height: 300)
        let data = format == "png" ? TestImages.png(original) : TestImages.jpeg(original)
        let picture = try PictureDecoder.decode(data, maxWidth: 100, maxHeight: 100)
        #expect(picture.width == 100 && picture.height == 75)
        #expect(picture.rgba[0] > 200 && picture.rgba[2] < 60)  // red at the left
        let topRight = 99 * 4
        #expect(picture.rgba[topRight] < 60 && picture.rgba[topRight + 2] > 200)  // blue at the right
        #expect(picture.rgba[(74 * 100) * 4 + 1] > 200)  // green at the bottom
        #expect(picture.rgba[3] == 255)
    }

    @Test("a picture smaller than the box keeps its size")
    func notEnlarged() throws {
        let data = TestImages.png(TestImages.gradient(width: 40, height: 30))
        let picture = try PictureDecoder.decode(data, maxWidth: 1000, maxHeight: 1000)
        #expect(picture.width == 40 && picture.height == 30)
    }

    @Test("a JPEG is decoded at the smallest libjpeg-turbo scale that covers the box")
    func jpegScale() {
        #expect(JPEGCodec.scaledSize(width: 4000, height: 3000, covering: (100, 75)) == (500, 375))  // 1/8
        #expect(JPEGCodec.scaledSize(width: 4000, height: 3000, covering: (1000, 750)) == (1000, 750))  // 1/4
        #expect(JPEGCodec.scaledSize(width: 4000, height: 3000, covering: (1001, 750)) == (1500, 1125))  // 3/8
        #expect(JPEGCodec.scaledSize(width: 400, height: 300, covering: (400, 300)) == (400, 300))  // 1/1
        #expect(JPEGCodec.scaledSize(width: 30_000, height: 30_000, covering: (256, 256)) == (3750, 3750))
    }

    @Test("a 30000×30000 JPEG is decoded downscaled, never allocated whole")
    func hugeJPEG() async throws {
        let data = TestImages.greyJPEG(width: 30_000, height: 30_000)
        #expect(try PictureDecoder.size(of: data) == (30_000, 30_000))
        try await measuringMemory {
            let before = peakResidentBytes()
            let picture = try PictureDecoder.decode(data, maxWidth: 256, maxHeight: 200)
            let growth = peakResidentBytes() - before
            #expect(picture.width == 200 && picture.height == 200)
            let middle = (100 * 200 + 100) * 4
            #expect((120...136).contains(picture.rgba[middle]) && picture.rgba[middle + 3] == 255)  // mid-grey
            // Whole, the pixels would take 3.6 GB; at 1/8 scale they take 56 MB.
            #expect(growth < 512 << 20, "peak memory grew by \(growth >> 20) MB")
        }
    }

    @Test("a JPEG too large even at 1/8 scale is refused from its header")
    func jpegBeyondScaling() {
        // 65000×65000 at 1/8 is 8125×8125 = 66 megapixels: over the limit. Only the header
        // is read, so the (absent) image data does not matter.
        let header = TestImages.greyJPEG(width: 64, height: 64)
        var bytes = [UInt8](header)
        let sof = bytes.firstIndex(of: 0xC0)! + 4  // after the marker and length: precision, height, width
        bytes[sof] = 0xFD; bytes[sof + 1] = 0xE8; bytes[sof + 2] = 0xFD; bytes[sof + 3] = 0xE8
        #expect(throws: ImageError.tooManyPixels(width: 65_000, height: 65_000)) {
            try PictureDecoder.decode(Data(bytes), maxWidth: 100, maxHeight: 100)
        }
    }

    /// `jpeg` with its frame header rewritten to claim `width` × `height`.
    func claiming(_ jpeg: Data, width: Int, height: Int) -> [UInt8] {
        var bytes = [UInt8](jpeg)
        let frame = bytes.indices.first { bytes[$0] == 0xFF && [0xC0, 0xC2].contains(bytes[$0 + 1]) }!
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return bytes
    }

    @Test("a JPEG whose header claims 50000×50000 over a few blocks of data is corrupt, not grey", arguments: [0, 2, 10])
    func lyingJPEG(cut: Int) async throws {
        // A 64×64 image's header rewritten to 50000×50000 (1/8 of it, 6250×6250, is under
        // the pixel limit, so it is decoded), its data then cut short by `cut` more bytes.
        let data = Data(claiming(TestImages.greyJPEG(width: 64, height: 64), width: 50_000, height: 50_000).dropLast(cut))
        #expect(try PictureDecoder.size(of: data) == (50_000, 50_000))
        await measuringMemory {
            let before = peakResidentBytes()
            let result = Result { () throws(ImageError) in try PictureDecoder.decode(data, maxWidth: 256, maxHeight: 256) }
            #expect(result.map { _ in "a picture" } == .failure(.corrupt))
            #expect(PictureDecoder.decode(.data(data), width: 64, height: 64).map { _ in 0 } == .failure(.undecodable))
            // The 6250×6250 pixels (156 MB) it would decode to are never touched.
            #expect(peakResidentBytes() - before < 64 << 20)
        }
    }

    @Test("a progressive JPEG over the pixel limit at full size is refused from its header")
    func lyingProgressiveJPEG() throws {
        // libjpeg holds a progressive JPEG's coefficients at full size whatever the scale:
        // 50000×50000 would take 6 GB, so it is refused like a PNG of that size.
        let progressive = TestImages.jpeg(TestImages.gradient(width: 64, height: 48), progressive: true)
        let huge = Data(claiming(progressive, width: 50_000, height: 50_000))
        #expect(JPEGCodec.holdsWholeImage(huge))
        #expect(throws: ImageError.tooManyPixels(width: 50_000, height: 50_000)) {
            _ = try PictureDecoder.decode(huge, maxWidth: 256, maxHeight: 256)
        }
        // Under the limit it is decoded, and its data, which ends early for that size, is corrupt.
        let large = Data(claiming(progressive, width: 3000, height: 3000))
        #expect(throws: ImageError.corrupt) { _ = try PictureDecoder.decode(large, maxWidth: 256, maxHeight: 256) }
        // Baseline JPEGs can be decoded scaled, a sequential one without its scans held.
        #expect(!JPEGCodec.holdsWholeImage(TestImages.jpeg(TestImages.gradient(width: 64, height: 48))))
        #expect(!JPEGCodec.holdsWholeImage(TestImages.greyJPEG(width: 64, height: 64)))
        #expect(JPEGCodec.holdsWholeImage(Data([0xFF, 0xD8, 0x00, 0x00])))
    }

    @Test("truncated baseline and progressive JPEGs are corrupt wherever they are cut", arguments: [false, true])
    func truncatedJPEG(progressive: Bool) {
        let jpeg = TestImages.jpeg(TestImages.gradient(width: 96, height: 64), progressive: progressive)
        #expect(throws: Never.self) { _ = try PictureDecoder.decode(jpeg, maxWidth: 96, maxHeight: 64) }
        for fraction in [0.3, 0.6, 0.9, 0.99] {
            let cut = jpeg.prefix(Int(Double(jpeg.count) * fraction))
            #expect(throws: ImageError.corrupt, "cut at \(fraction)") { _ = try PictureDecoder.decode(cut, maxWidth: 96, maxHeight: 64) }
        }
    }

    @Test("a 30000×30000 PNG is refused from its header, without memory")
    func hugePNG() async throws {
        let data = TestImages.pngHeader(width: 30_000, height: 30_000)
        #expect(try PictureDecoder.size(of: data) == (30_000, 30_000))
        await measuringMemory {
            let before = peakResidentBytes()
            // The header alone: decoding would need 3.6 GB, so refusing it proves no pixel was read.
            #expect(throws: ImageError.tooManyPixels(width: 30_000, height: 30_000)) {
                try PictureDecoder.decode(data, maxWidth: 256, maxHeight: 256)
            }
            #expect(peakResidentBytes() - before < 64 << 20)
        }
        #expect(ImageError.tooManyPixels(width: 30_000, height: 30_000).description == "Image too large (30000 × 30000)")
    }

    @Test("garbage, truncated, empty and unsupported bytes fail with the right error")
    func failures() {
        let png = TestImages.png(TestImages.gradient(width: 64, height: 64))
        let jpeg = TestImages.jpeg(TestImages.gradient(width: 64, height: 64))
        #expect(throws: ImageError.notAnImage) { try PictureDecoder.decode(Data("<html>hello</html>".utf8), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.notAnImage) { try PictureDecoder.decode(Data(), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.corrupt) { try PictureDecoder.decode(png.prefix(60), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.corrupt) { try PictureDecoder.decode(png.prefix(png.count - 30), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.corrupt) { try PictureDecoder.decode(jpeg.prefix(jpeg.count / 2), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.corrupt) { try PictureDecoder.decode(jpeg.prefix(10), maxWidth: 8, maxHeight: 8) }
        #expect(throws: ImageError.unsupportedFormat("GIF")) {
            try PictureDecoder.decode(Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), maxWidth: 8, maxHeight: 8)
        }
        // The terminal's coarser errors still hold.
        #expect(PictureDecoder.decode(.data(png.prefix(60)), width: 8, height: 8) == .failure(.undecodable))
        #expect(PictureDecoder.decode(.data(Data("x".utf8)), width: 8, height: 8) == .failure(.undecodable))
    }

    @Test("shrinking weighs colours by alpha: a transparent pixel lends no colour")
    func alphaWeighted() throws {
        let picture = try #require(Picture(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 0]))
        let shrunk = picture.scaled(width: 1, height: 1)
        #expect(shrunk.rgba == [255, 0, 0, 127])
        let transparent = try #require(Picture(width: 2, height: 1, rgba: [255, 0, 0, 0, 0, 0, 255, 0]))
        #expect(transparent.scaled(width: 1, height: 1).rgba == [0, 0, 0, 0])
    }

    @Test("fitting sizes keep the aspect and never reach zero")
    func fittingSizes() {
        #expect(Picture.fittingSize(width: 4000, height: 1000, maxWidth: 400, maxHeight: 400) == (400, 100))
        #expect(Picture.fittingSize(width: 1000, height: 4000, maxWidth: 400, maxHeight: 400) == (100, 400))
        #expect(Picture.fittingSize(width: 10_000, height: 1, maxWidth: 100, maxHeight: 100) == (100, 1))
        #expect(Picture.fittingSize(width: 50, height: 50, maxWidth: 0, maxHeight: 0) == (1, 1))
    }

    @Test("formats are told by their signatures")
    func sniffing() {
        #expect(ImageFormat(sniffing: TestImages.png(TestImages.gradient(width: 2, height: 2))) == .png)
        #expect(ImageFormat(sniffing: TestImages.greyJPEG(width: 8, height: 8)) == .jpeg)
        #expect(ImageFormat(sniffing: Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat(sniffing: Data([0, 0, 0, 0x18] + Array("ftypavif".utf8))) == .heif)
        #expect(ImageFormat(sniffing: Data("%PDF-1.7".utf8)) == nil)
    }
}
