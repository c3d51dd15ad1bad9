import CImageCodecs
import Foundation
import ParleyCore

/// Decodes PNG (libpng) and JPEG (libjpeg-turbo) pictures, scaled down to the size shown.
///
/// Sizes are read from the header first. A JPEG is decoded at the smallest of
/// libjpeg-turbo's scales (down to 1/8) that still covers the size asked for, so a
/// 30000×30000 photo is decoded at 3750×3750 and never allocated whole; what is left is
/// shrunk with a box filter. A PNG cannot be decoded scaled, nor a progressive JPEG
/// (libjpeg holds all its scans at full size): one over ``maximumPixels`` is refused from
/// its header, before any pixel is decoded, so it costs nothing. A JPEG or PNG whose data
/// is damaged or ends early, whatever size its header claims, is ``ImageError/corrupt``.
public enum PictureDecoder {
    /// The largest picture decoded, in pixels (a PNG's full size; a JPEG's size at the
    /// scale it is decoded at).
    public static let maximumPixels = 40_000_000
    /// The largest encoded picture ``decode(_:width:height:)`` accepts (``ImageFetcher``
    /// has its own limit for the bytes it fetches).
    public static let maximumBytes = 48 << 20

    /// `data` (PNG or JPEG) decoded to fit inside `maxWidth` × `maxHeight` pixels with its
    /// aspect kept; a smaller picture keeps its own size (it is not enlarged).
    ///
    /// - Throws: ``ImageError/notAnImage``, ``ImageError/unsupportedFormat(_:)`` (GIF,
    ///   WebP...), ``ImageError/corrupt`` (damaged or truncated) or
    ///   ``ImageError/tooManyPixels(width:height:)``.
    public static func decode(_ data: Data, maxWidth: Int, maxHeight: Int) throws(ImageError) -> Picture {
        let (width, height) = try size(of: data)
        let fitted = Picture.fittingSize(width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
        let decoded = try decodePixels(data, covering: fitted)
        return decoded.scaled(width: fitted.width, height: fitted.height)
    }

    /// The pixel size in `data`'s header, read without decoding any pixel.
    ///
    /// - Throws: ``ImageError/notAnImage``, ``ImageError/unsupportedFormat(_:)`` or
    ///   ``ImageError/corrupt`` (a PNG or JPEG whose header cannot be read).
    public static func size(of data: Data) throws(ImageError) -> (width: Int, height: Int) {
        switch try decodableFormat(of: data) {
        case .png: return try PNGCodec.size(of: data)
        default: return try JPEGCodec.size(of: data)
        }
    }

    /// `source` decoded and scaled to exactly `width` × `height` pixels (the layout already
    /// gave the box the picture's aspect). Files and data only: the terminal does not fetch.
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
        do {
            let picture = try decodePixels(data, covering: (max(1, width), max(1, height)))
            return .success(picture.scaled(width: width, height: height))
        } catch {
            return .failure(PictureError(error))
        }
    }

    /// `data` decoded at a size that covers `target` when the codec can scale while it
    /// decodes (JPEG), at full size otherwise.
    static func decodePixels(_ data: Data, covering target: (width: Int, height: Int)) throws(ImageError) -> Picture {
        switch try decodableFormat(of: data) {
        case .png: return try PNGCodec.decode(data)
        default: return try JPEGCodec.decode(data, covering: target)
        }
    }

    /// `data`'s format when it is one decoded here.
    private static func decodableFormat(of data: Data) throws(ImageError) -> ImageFormat {
        guard let format = ImageFormat(sniffing: data) else { throw .notAnImage }
        guard format.isDecodable else { throw .unsupportedFormat(format.rawValue) }
        return format
    }
}
