import Foundation

/// Why an image could not be shown, worded for the person looking at the placeholder.
///
/// ``ImageFetcher`` (getting the bytes) and ``PictureDecoder`` (turning them into pixels)
/// both fail with this type; ``description`` is a short sentence a user can read.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path, or the server has no such image (HTTP 404 or 410).
    case notFound
    /// The file exists but cannot be read (permissions, a folder, an I/O error).
    case unreadable
    /// More encoded bytes than the fetcher's limit (`limit`, in bytes).
    case tooLarge(limit: Int)
    /// The header announces more pixels than ``PictureDecoder/maximumPixels`` (after any
    /// scaling the decoder can do while decoding); refused before any pixel is decoded.
    case tooManyPixels(width: Int, height: Int)
    /// The server kept us waiting longer than the fetcher's timeout (silent after the
    /// connection was made), or the download took longer than its maximum duration.
    case timedOut
    /// The server answered with an HTTP status other than success (`404` is ``notFound``).
    case httpStatus(Int)
    /// The download failed before a complete answer; `reason` says why in a few words:
    /// "Server not found" (no such host), "Can't reach the server" (refused, or no
    /// connection within the timeout), "No internet connection", "Connection lost",
    /// "Secure connection failed", "Too many redirects", "Unsupported address"...
    case connectionFailed(reason: String)
    /// The bytes are not an image at all (an HTML page, a text file...).
    case notAnImage
    /// An image in a format that is not decoded here (`format` names it: "GIF", "WebP"...).
    case unsupportedFormat(String)
    /// A PNG or JPEG that is damaged or cut short.
    case corrupt
    /// The task asking for the image was cancelled.
    case cancelled

    /// A short reason for the placeholder.
    public var description: String {
        switch self {
        case .notFound: return "Image not found"
        case .unreadable: return "Can't open the image"
        case .tooLarge(let limit): return "Image larger than \(Self.megabytes(limit))"
        case .tooManyPixels(let width, let height): return "Image too large (\(width) × \(height))"
        case .timedOut: return "Image download timed out"
        case .httpStatus(let status) where status >= 500: return "Server error (HTTP \(status))"
        case .httpStatus(let status): return "Image unavailable (HTTP \(status))"
        case .connectionFailed(let reason): return reason
        case .notAnImage: return "Not an image"
        case .unsupportedFormat(let format): return "\(format) images can't be shown"
        case .corrupt: return "Image is damaged or incomplete"
        case .cancelled: return "Cancelled"
        }
    }

    /// `bytes` as "64 MB" (or "1.5 MB", or "512 KB" for less than a megabyte).
    static func megabytes(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1_048_576
        if megabytes >= 10 || megabytes == megabytes.rounded() && megabytes >= 1 { return "\(Int(megabytes.rounded())) MB" }
        if megabytes >= 1 { return "\((megabytes * 10).rounded() / 10) MB" }
        return "\(max(1, bytes / 1024)) KB"
    }
}
