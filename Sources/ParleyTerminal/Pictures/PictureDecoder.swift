import CImageCodecs
import Foundation
import ParleyCore

/// Why a picture could not be decoded; its placeholder says so.
public enum PictureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing or unreadable.
    case unreadable
    /// The bytes are not a PNG or JPEG, or are broken or truncated.
    case undecodable
    /// Larger than ``PictureDecoder/maximumPixels`` (or the file than
    /// ``PictureDecoder/maximumBytes``): refused before any pixel is decoded.
    case tooLarge(width: Int, height: Int)
    /// A remote picture: the terminal front end does not fetch.
    case remote

    /// A short reason for the placeholder.
    public var description: String {
        switch self {
        case .unreadable: return "can't read file"
        case .undecodable: return "not a picture"
        case .tooLarge(let width, let height): return width > 0 ? "too large (\(width)×\(height))" : "file too large"
        case .remote: return "remote picture"
        }
    }
}

/// Decodes PNG (libpng) and JPEG (libjpeg-turbo) pictures, scaled down to a target size.
///
/// Sizes are read from the header first, and an image over ``maximumPixels`` is refused
/// before any pixel is decoded, so a 30000×30000 file costs nothing. JPEGs are decoded at
/// the smallest of libjpeg-turbo's scales (down to 1/8) that still covers the target.
public enum PictureDecoder {
    /// The largest picture accepted, in pixels (a PNG is decoded whole before scaling).
    public static let maximumPixels = 40_000_000
    /// The largest encoded picture accepted.
    public static let maximumBytes = 48 << 20

    /// `source` decoded and scaled to exactly `width` × `height` pixels (the layout already
    /// gave the box the picture's aspect).
    public static func decode(_ source: ImageSource, width: Int, height: Int) -> Result<Picture, PictureError> {
        let data: Data
        switch source {
        case .url: return .failure(.remote)
        case .data(let bytes): data = bytes
        case .file(let path):
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = attributes[.size] as? Int
            else { return .failure(.unreadable) }
            guard size <= maximumBytes else { return .failure(.tooLarge(width: 0, height: 0)) }
            guard let contents = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
            data = contents
        }
        guard data.count <= maximumBytes else { return .failure(.tooLarge(width: 0, height: 0)) }
        let bytes = [UInt8](data)
        let decoded: Result<Picture, PictureError>
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            decoded = decodePNG(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            decoded = decodeJPEG(bytes, coveringWidth: width, height: height)
        } else {
            decoded = .failure(.undecodable)
        }
        return decoded.map { $0.scaled(width: width, height: height) }
    }

    private static func decodePNG(_ bytes: [UInt8]) -> Result<Picture, PictureError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, bytes, bytes.count) != 0 else {
            png_image_free(&image)
            return .failure(.undecodable)
        }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0 else {
            png_image_free(&image)
            return .failure(.undecodable)
        }
        guard width * height <= maximumPixels else {
            png_image_free(&image)
            return .failure(.tooLarge(width: width, height: height))
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        guard png_image_finish_read(&image, nil, &rgba, 0, nil) != 0 else {
            png_image_free(&image)
            return .failure(.undecodable)
        }
        return Picture(width: width, height: height, rgba: rgba).map { .success($0) } ?? .failure(.undecodable)
    }

    private static func decodeJPEG(_ bytes: [UInt8], coveringWidth target: Int, height targetHeight: Int) -> Result<Picture, PictureError> {
        guard let handle = tjInitDecompress() else { return .failure(.undecodable) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
            width > 0, height > 0
        else { return .failure(.undecodable) }
        guard Int(width) * Int(height) <= maximumPixels * 16 else {
            return .failure(.tooLarge(width: Int(width), height: Int(height)))
        }
        // The smallest scale whose result still covers the target box.
        var count: Int32 = 0
        var scaledWidth = Int(width), scaledHeight = Int(height)
        if let factors = tjGetScalingFactors(&count) {
            for index in 0..<Int(count) {
                let factor = factors[index]
                let w = (Int(width) * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
                let h = (Int(height) * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
                if w >= target, h >= targetHeight, w * h < scaledWidth * scaledHeight {
                    scaledWidth = w
                    scaledHeight = h
                }
            }
        }
        guard scaledWidth * scaledHeight <= maximumPixels else {
            return .failure(.tooLarge(width: Int(width), height: Int(height)))
        }
        var rgba = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
        let status = tjDecompress2(
            handle, bytes, UInt(bytes.count), &rgba, Int32(scaledWidth), 0, Int32(scaledHeight),
            Int32(TJPF_RGBA.rawValue), TJFLAG_FASTDCT)
        // A truncated JPEG decodes what it has with a warning; only a hard error fails.
        if status != 0, tjGetErrorCode(handle) == TJERR_FATAL.rawValue { return .failure(.undecodable) }
        return Picture(width: scaledWidth, height: scaledHeight, rgba: rgba).map { .success($0) } ?? .failure(.undecodable)
    }
}
