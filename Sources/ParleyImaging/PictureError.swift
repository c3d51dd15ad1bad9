import Foundation

/// Why ``PictureDecoder/decode(_:width:height:)`` could not decode a picture; the
/// terminal's placeholder says so in a few words.
///
/// The newer calls (``PictureDecoder/decode(_:maxWidth:maxHeight:)``, ``ImageFetcher``)
/// fail with the finer ``ImageError``; ``init(_:)`` maps one to the other.
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

    /// The same failure in these coarser terms.
    public init(_ error: ImageError) {
        switch error {
        case .notFound, .unreadable, .timedOut, .httpStatus, .connectionFailed, .cancelled: self = .unreadable
        case .notAnImage, .unsupportedFormat, .corrupt: self = .undecodable
        case .tooLarge: self = .tooLarge(width: 0, height: 0)
        case .tooManyPixels(let width, let height): self = .tooLarge(width: width, height: height)
        }
    }

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
