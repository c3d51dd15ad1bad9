import CImageCodecs
import Foundation

/// JPEG through libjpeg-turbo's TurboJPEG API, decoded at the smallest of its scaling
/// factors (1/8, 1/4, 3/8, 1/2...) whose result still covers the size asked for.
enum JPEGCodec {
    /// A JPEG's header facts.
    struct Header {
        var width: Int
        var height: Int
        var colorspace: Int32
    }

    /// The size in the header.
    static func size(of data: Data) throws(ImageError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw .corrupt }
        defer { tjDestroy(handle) }
        let header = try readHeader(data, handle)
        return (header.width, header.height)
    }

    /// The size a `width` × `height` JPEG is decoded at to cover `target`: the smallest
    /// scaled size at least as large as `target` both ways (full size when none is).
    static func scaledSize(width: Int, height: Int, covering target: (width: Int, height: Int)) -> (width: Int, height: Int) {
        var best = (width: width, height: height)
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let numerator = Int(factor.num), denominator = Int(factor.denom)
            // TJSCALED: the scaled size rounds up.
            let scaled = (
                width: (width * numerator + denominator - 1) / denominator,
                height: (height * numerator + denominator - 1) / denominator
            )
            if scaled.width >= target.width, scaled.height >= target.height,
                scaled.width * scaled.height < best.width * best.height
            {
                best = scaled
            }
        }
        return best
    }

    /// The image decoded at ``scaledSize(width:height:covering:)``; refused when even
    /// that is over ``PictureDecoder/maximumPixels``, or when the file's scans must all be
    /// held at full size (see ``holdsWholeImage(_:)``) and its full size is. Any damage
    /// libjpeg notices, a warning included, makes it ``ImageError/corrupt``: a truncated
    /// JPEG would otherwise come out with its missing part grey, whatever size its header
    /// claims.
    static func decode(_ data: Data, covering target: (width: Int, height: Int)) throws(ImageError) -> Picture {
        guard let handle = tjInitDecompress() else { throw .corrupt }
        defer { tjDestroy(handle) }
        let header = try readHeader(data, handle)
        if header.colorspace == Int32(TJCS_CMYK.rawValue) || header.colorspace == Int32(TJCS_YCCK.rawValue) {
            throw .unsupportedFormat("CMYK JPEG")
        }
        if holdsWholeImage(data), header.width * header.height > PictureDecoder.maximumPixels {
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        let size = scaledSize(width: header.width, height: header.height, covering: target)
        guard size.width * size.height <= PictureDecoder.maximumPixels else {
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        // Left uninitialised: a header that lies about its size costs no memory before the
        // data runs out, and a successful decode writes every pixel.
        var status: Int32 = 0
        let rgba = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { pixels, initialized in
            status = data.withUnsafeBytes { buffer in
                tjDecompress2(
                    handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), pixels.baseAddress,
                    Int32(size.width), Int32(size.width * 4), Int32(size.height), Int32(TJPF_RGBA.rawValue),
                    TJFLAG_FASTDCT | TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING)
            }
            // Failed decodes are thrown away below, never read.
            initialized = pixels.count
        }
        // -1 with TJERR_WARNING (data cut short, damaged, stopped at the first warning) or
        // TJERR_FATAL: either way not the picture the file claims to be.
        guard status == 0 else { throw .corrupt }
        guard let picture = Picture(width: size.width, height: size.height, rgba: rgba) else { throw .corrupt }
        return picture
    }

    /// Whether libjpeg must keep the whole image's coefficients, at full size, while it
    /// decodes `data` (whatever the scale): a progressive JPEG, or a sequential one whose
    /// first scan leaves components out. True too when the markers up to the first scan
    /// cannot be read, to be safe (libjpeg then stops at its first warning anyway).
    static func holdsWholeImage(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return true }
            var offset = 2
            var progressive = false
            var components: Int?
            while offset < bytes.count, bytes[offset] == 0xFF {
                while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }  // fill bytes
                guard offset < bytes.count else { return true }
                let marker = bytes[offset]
                offset += 1
                if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
                guard marker != 0xD8, marker != 0xD9, offset + 1 < bytes.count else { return true }
                let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard length >= 2, offset + length <= bytes.count else { return true }
                switch marker {
                case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                    // A frame: precision, height, width, then the component count.
                    guard length >= 8 else { return true }
                    progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                    components = Int(bytes[offset + 7])
                case 0xDA:
                    // The first scan: its component count comes first.
                    guard let components, length >= 3 else { return true }
                    return progressive || Int(bytes[offset + 2]) < components
                default: break
                }
                offset += length
            }
            return true
        }
    }

    private static func readHeader(_ data: Data, _ handle: tjhandle) throws(ImageError) -> Header {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { buffer in
            tjDecompressHeader3(
                handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), &width, &height,
                &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else { throw .corrupt }
        return Header(width: Int(width), height: Int(height), colorspace: colorspace)
    }
}
