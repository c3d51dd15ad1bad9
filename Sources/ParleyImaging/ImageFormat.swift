import Foundation

/// An image file format, recognised by the signature its bytes start with.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG, decoded by libpng.
    case png = "PNG"
    /// JPEG, decoded by libjpeg-turbo.
    case jpeg = "JPEG"
    /// GIF: recognised, not decoded.
    case gif = "GIF"
    /// WebP: recognised, not decoded.
    case webp = "WebP"
    /// TIFF: recognised, not decoded.
    case tiff = "TIFF"
    /// HEIF or AVIF (an ISO media file with an image brand): recognised, not decoded.
    case heif = "HEIF"

    /// The format whose signature `data` starts with, or nil when it is none of these (or
    /// not an image at all).
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "mif1", "msf1", "avif", "avis"].contains(where: { starts(Array($0.utf8), at: 8) })
        {
            self = .heif
        } else {
            return nil
        }
    }

    /// Whether ``PictureDecoder`` decodes this format.
    public var isDecodable: Bool { self == .png || self == .jpeg }
}
