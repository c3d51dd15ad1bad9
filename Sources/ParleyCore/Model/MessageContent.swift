import Foundation

/// What a message shows.
///
/// Build text with `text(_:)` (the static function), which detects links, e-mail addresses and phone numbers
/// and turns a message of only a few emoji into ``emoji(_:)`` (shown large), as messengers do.
///
/// The rarer, larger kinds are stored `indirect`, so a message costs what its text costs
/// plus a few dozen bytes, whatever kinds the enum can hold.
public enum MessageContent: Hashable, Sendable {
    /// Text with detected links, e-mail addresses and phone numbers.
    case text(TextContent)
    /// A few emoji and nothing else, shown large without a bubble.
    case emoji(String)
    /// A picture.
    indirect case image(ImageContent)
    /// A grid of items in a fixed number of rows (NMessenger's collection message).
    indirect case collection(CollectionContent)
    /// An app-defined payload that sizes itself.
    indirect case custom(CustomContent)
    /// A file card: icon, name, size, download progress, Open and Save.
    indirect case file(FileContent)
    /// A place: title, coordinates and an optional picture.
    indirect case location(LocationContent)
    /// A shared contact: name, phone, e-mail.
    indirect case contact(ContactContent)
    /// A voice note or an audio file: play button, waveform, duration.
    indirect case audio(AudioContent)
    /// A video: poster, play button, duration.
    indirect case video(VideoContent)
    /// A centred line that belongs to nobody: a timestamp or a system message.
    indirect case notice(Notice)
    /// What is left of a deleted message: front ends draw ``ChatStrings/messageDeleted``
    /// in its bubble (see ``Conversation/markDeleted(_:animated:)``).
    case deleted

    /// Text content; a string of at most ``EmojiOnly/maximumCount`` emoji becomes
    /// ``emoji(_:)``.
    ///
    /// To force a bubble around emoji, use `.text(TextContent("🎉"))`.
    public static func text(_ string: String) -> MessageContent {
        if EmojiOnly.matches(string) { return .emoji(string) }
        return .text(TextContent(string))
    }

    /// Markdown text (``TextContent/init(markdown:)``), drawn formatted by both front ends
    /// and kept as written.
    public static func markdown(_ source: String) -> MessageContent {
        .text(TextContent(markdown: source))
    }

    /// Image content from a source.
    public static func image(_ source: ImageSource, size: Size? = nil) -> MessageContent {
        .image(ImageContent(source: source, sizeHint: size))
    }

    /// A file card for a file called `name` of `bytes` bytes.
    public static func file(_ name: String, bytes: Int64? = nil, mediaType: String? = nil) -> MessageContent {
        .file(FileContent(name: name, byteCount: bytes, mediaType: mediaType))
    }

    /// A voice note at `url` lasting `duration` seconds, with its loudness over time
    /// (normalised samples, reduced to what the row draws).
    public static func voice(_ url: URL, duration: TimeInterval? = nil, waveform: [Double] = []) -> MessageContent {
        .audio(AudioContent(source: url, duration: duration, waveform: Waveform(waveform)))
    }

    /// A video at `url` lasting `duration` seconds, with a poster picture.
    public static func video(_ url: URL, duration: TimeInterval? = nil, poster: ImageSource? = nil, size: Size? = nil) -> MessageContent {
        .video(VideoContent(source: url, duration: duration, poster: poster, pixelSize: size))
    }

    /// A system line such as "Alice joined".
    public static func system(_ text: String) -> MessageContent {
        .notice(Notice(text: text, kind: .system))
    }

    /// A plain-text rendering for notifications, accessibility labels, copy and search.
    public var summary: String {
        switch self {
        case .text(let text): return text.string
        case .emoji(let emoji): return emoji
        case .image(let image): return image.caption ?? "Image"
        case .collection(let collection):
            return collection.items.count == 1 ? "1 item" : "\(collection.items.count) items"
        case .custom(let custom): return custom.payload.summary
        case .notice(let notice): return notice.text
        case .deleted: return "Message deleted"
        case .file, .location, .contact, .audio, .video: return ChatStrings.english.summary(of: self)
        }
    }

    /// The kind of content, without its payload; front ends key renderers by it.
    public var kind: Kind {
        switch self {
        case .text: return .text
        case .emoji: return .emoji
        case .image: return .image
        case .collection: return .collection
        case .custom(let custom): return .custom(custom.kind)
        case .notice: return .notice
        case .deleted: return .deleted
        case .file: return .file
        case .location: return .location
        case .contact: return .contact
        case .audio: return .audio
        case .video: return .video
        }
    }

    /// The kinds of content, for choosing a renderer.
    public enum Kind: Hashable, Sendable {
        /// ``MessageContent/text(_:)-swift.enum.case``.
        case text
        /// ``MessageContent/emoji(_:)``.
        case emoji
        /// ``MessageContent/image(_:)-swift.enum.case``.
        case image
        /// ``MessageContent/collection(_:)``.
        case collection
        /// ``MessageContent/custom(_:)`` with its kind name.
        case custom(String)
        /// ``MessageContent/notice(_:)``.
        case notice
        /// ``MessageContent/deleted``.
        case deleted
        /// ``MessageContent/file(_:)-swift.enum.case``.
        case file
        /// ``MessageContent/location(_:)``.
        case location
        /// ``MessageContent/contact(_:)``.
        case contact
        /// ``MessageContent/audio(_:)``.
        case audio
        /// ``MessageContent/video(_:)-swift.enum.case``.
        case video
    }
}

/// A centred line in the conversation that no sender owns (NMessenger's sent indicator).
public struct Notice: Hashable, Sendable {
    /// The text shown.
    public var text: String
    /// How it is styled.
    public var kind: Kind

    /// Creates a notice.
    public init(text: String, kind: Kind = .system) {
        self.text = text
        self.kind = kind
    }

    /// The styles of notice.
    public enum Kind: Hashable, Sendable {
        /// A time stamp line ("Today 12:31").
        case timestamp
        /// An event line ("Alice joined").
        case system
    }
}
