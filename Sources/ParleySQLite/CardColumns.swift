import Foundation
import ParleyCore

/// The content columns of file, location and contact messages (``ContentColumns``),
/// in the columns that images use, so the schema stays as it is:
///
/// | kind | subkind | body | detail (JSON) | bytes |
/// |---|---|---|---|---|
/// | `file` | | the name | size, media type, transfer | |
/// | `location` | picture's `file`, `url`, `data`, or none | title | coordinates, picture's path or URL | picture bytes |
/// | `contact` | | the name | phone, e-mail | |
///
/// Non-finite coordinates are written as the strings `"nan"`, `"inf"`, `"-inf"`.
extension ContentColumns {
    /// The columns of a card's content; `nil` for other kinds.
    static func card(_ content: MessageContent) throws -> ContentColumns? {
        switch content {
        case .file(let file):
            let record = FileRecord(
                bytes: file.byteCount, mediaType: file.mediaType, progress: file.transfer.fraction,
                failed: file.transfer == .failed ? true : nil)
            return ContentColumns(kind: "file", body: file.name, detail: try json(record))
        case .location(let location):
            let picture = location.picture.map(Self.columns(of:))
            let record = LocationRecord(latitude: location.latitude, longitude: location.longitude, picture: picture?.1)
            return ContentColumns(kind: "location", subkind: picture?.0, body: location.title, detail: try json(record), bytes: picture?.2)
        case .contact(let contact):
            let record = ContactRecord(phone: contact.phone, email: contact.email)
            return ContentColumns(kind: "contact", body: contact.name, detail: try json(record))
        default:
            return nil
        }
    }

    /// The card these columns hold, or `nil` when they are damaged.
    func cardContent() -> MessageContent? {
        guard let body else { return nil }
        switch kind {
        case "file":
            guard let record: FileRecord = decode() else { return nil }
            let transfer: FileTransfer = record.failed == true ? .failed : record.progress.map { .downloading($0) } ?? .idle
            return .file(FileContent(name: body, byteCount: record.bytes, mediaType: record.mediaType, transfer: transfer))
        case "location":
            guard let record: LocationRecord = decode() else { return nil }
            var picture: ImageSource?
            if subkind != nil {
                guard let source = imageSource(record.picture) else { return nil }
                picture = source
            }
            return .location(LocationContent(title: body, latitude: record.latitude, longitude: record.longitude, picture: picture))
        case "contact":
            guard let record: ContactRecord = decode() else { return nil }
            return .contact(ContactContent(name: body, phone: record.phone, email: record.email))
        default:
            return nil
        }
    }
}

/// A file's `detail` JSON.
private struct FileRecord: Codable {
    var bytes: Int64?
    var mediaType: String?
    /// The fraction downloaded, while downloading.
    var progress: Double?
    /// Set when the download failed.
    var failed: Bool?
}

/// A location's `detail` JSON.
private struct LocationRecord: Codable {
    var latitude: Double
    var longitude: Double
    /// The picture's path or URL (its bytes go in the `bytes` column).
    var picture: String?
}

/// A contact's `detail` JSON.
private struct ContactRecord: Codable {
    var phone: String?
    var email: String?
}
