import Foundation

/// A file message: a card with the file's icon, name, size, download progress and its
/// Open and Save buttons.
///
/// The kit never opens, saves or downloads anything: taps arrive as
/// ``MessengerEvent/tapFile(_:_:)``, and the app reports how a download goes by setting
/// ``transfer`` (``Conversation/setTransfer(_:of:animated:)``).
///
/// ```swift
/// let report = chat.append(.file("report.pdf", bytes: 2_400_000), from: alice)
/// try chat.setTransfer(.downloading(0.4), of: report)
/// ```
public struct FileContent: Hashable, Sendable {
    /// The file's name as sent ("report.pdf"); shown inert, on one line, cut in the
    /// middle when long.
    public var name: String
    /// The file's size in bytes, when known.
    public var byteCount: Int64?
    /// The file's media type ("application/pdf"), when known; with the name's extension
    /// it chooses the card's ``FileKind``.
    public var mediaType: String?
    /// Where the file's download stands.
    public var transfer: FileTransfer

    /// Creates file content.
    public init(name: String, byteCount: Int64? = nil, mediaType: String? = nil, transfer: FileTransfer = .idle) {
        self.name = name
        self.byteCount = byteCount
        self.mediaType = mediaType
        self.transfer = transfer
    }

    /// What sort of file this is, from its media type, else its name's extension.
    public var kind: FileKind { FileKind(name: name, mediaType: mediaType) }
}

/// Where a file's download stands, as the app reports it.
public enum FileTransfer: Hashable, Sendable {
    /// Nothing under way: the card offers Open and Save.
    case idle
    /// Downloading, `fraction` of the way (0…1; other values are clamped, NaN is 0).
    case downloading(Double)
    /// The download failed: the card says so.
    case failed

    /// The fraction done, clamped to 0…1, for ``downloading(_:)``; `nil` otherwise.
    public var fraction: Double? {
        guard case .downloading(let value) = self else { return nil }
        return value.isNaN ? 0 : min(1, max(0, value))
    }
}

/// The sorts of file a card tells apart by its icon.
public enum FileKind: String, Hashable, Sendable, CaseIterable {
    /// Text documents, PDFs, spreadsheets, slides.
    case document
    /// Pictures.
    case image
    /// Sound.
    case audio
    /// Video.
    case video
    /// Compressed archives and packages.
    case archive
    /// Source code and markup.
    case code
    /// Anything else.
    case other

    /// The kind of a file called `name` with media type `mediaType` (which wins when it
    /// says something).
    public init(name: String, mediaType: String? = nil) {
        if let kind = mediaType.flatMap(Self.kind(ofMediaType:)) {
            self = kind
            return
        }
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        self = Self.byExtension[ext] ?? .other
    }

    private static func kind(ofMediaType type: String) -> FileKind? {
        let type = type.lowercased()
        let top = type.split(separator: "/").first.map(String.init) ?? type
        switch top {
        case "image": return .image
        case "audio": return .audio
        case "video": return .video
        case "text" where type.hasSuffix("/plain"): return .document
        case "text": return .code
        default: break
        }
        if type.contains("zip") || type.contains("tar") || type.contains("compressed") { return .archive }
        if type.contains("pdf") || type.contains("document") || type.contains("msword") { return .document }
        if type.contains("json") || type.contains("javascript") || type.contains("xml") { return .code }
        return nil
    }

    private static let byExtension: [String: FileKind] = {
        var table: [String: FileKind] = [:]
        let groups: [(FileKind, [String])] = [
            (.document, ["pdf", "doc", "docx", "odt", "rtf", "txt", "md", "xls", "xlsx", "ods", "csv", "ppt", "pptx", "odp", "epub"]),
            (.image, ["png", "jpg", "jpeg", "gif", "webp", "bmp", "svg", "tif", "tiff", "heic"]),
            (.audio, ["mp3", "ogg", "oga", "opus", "flac", "wav", "m4a", "aac"]),
            (.video, ["mp4", "mkv", "webm", "mov", "avi", "ogv"]),
            (.archive, ["zip", "tar", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "deb", "rpm"]),
            (.code, ["swift", "c", "h", "cpp", "rs", "go", "py", "js", "ts", "java", "kt", "rb", "sh", "json", "xml", "html", "css", "yml", "yaml", "toml"]),
        ]
        for (kind, extensions) in groups { for ext in extensions { table[ext] = kind } }
        return table
    }()
}
