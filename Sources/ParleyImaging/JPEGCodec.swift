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
    /// that is over ``PictureDecoder/maximumPixels``. Truncated JPEGs are errors (libjpeg
    /// would fill the missing part with grey); other warnings are tolerated, as browsers do.
    static func decode(_ data: Data, covering target: (width: Int, height: Int)) throws(ImageError) -> Picture {
        guard let handle = tjInitDecompress() else { throw .corrupt }
        defer { tjDestroy(handle) }
        let header = try readHeader(data, handle)
        if header.colorspace == Int32(TJCS_CMYK.rawValue) || header.colorspace == Int32(TJCS_YCCK.rawValue) {
            throw .unsupportedFormat("CMYK JPEG")
        }
        let size = scaledSize(width: header.width, height: header.height, covering: target)
        guard size.width * size.height <= PictureDecoder.maximumPixels else {
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = data.withUnsafeBytes { buffer in
            tjDecompress2(
                handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), &rgba,
                Int32(size.width), Int32(size.width * 4), Int32(size.height), Int32(TJPF_RGBA.rawValue),
                TJFLAG_FASTDCT | TJFLAG_LIMITSCANS)
        }
        if status != 0 {
            guard tjGetErrorCode(handle) != Int32(TJERR_FATAL.rawValue) else { throw .corrupt }
            // libjpeg's JWRN_JPEG_EOF: the data ended before the image did.
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? ""
            if message.contains("Premature end") { throw .corrupt }
        }
        guard let picture = Picture(width: size.width, height: size.height, rgba: rgba) else { throw .corrupt }
        return picture
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
