import Foundation

/// Someone who writes messages: the local user or a peer.
///
/// Senders are compared by ``id`` alone, so a renamed sender is still the same person and
/// grouping does not break when a display name changes.
public struct Sender: Hashable, Sendable, Identifiable {
    /// Stable identity of the sender.
    public var id: String
    /// The name shown above the first message of a group; at most ``longestName``
    /// characters (a longer one, from a peer or a file, is cut there).
    public var name: String {
        didSet { name = Self.bounded(name) }
    }
    /// What the avatar shows.
    public var avatar: Avatar

    /// Creates a sender; the avatar defaults to the initials of `name`.
    public init(id: String, name: String, avatar: Avatar = .initials) {
        self.id = id
        self.name = Self.bounded(name)
        self.avatar = avatar
    }

    /// The most characters a name keeps.
    public static let longestName = 256

    /// `name` cut to ``longestName`` characters; O(1) for a name shorter in bytes.
    static func bounded(_ name: String) -> String {
        name.utf8.count <= longestName ? name : String(name.prefix(longestName))
    }

    /// Senders are equal when their ids are.
    public static func == (lhs: Sender, rhs: Sender) -> Bool { lhs.id == rhs.id }

    /// Hashes the id only, matching `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Up to two initials from the display name ("Ada Lovelace" → "AL", "bob" → "B").
    ///
    /// Words are separated by spaces, "-" and "_"; each gives its first letter or digit,
    /// and the initials are the first word's and the last word's. Letters are taken per
    /// grapheme cluster, so names in any script keep whole characters. An empty or
    /// symbol-only name gives "?".
    ///
    /// Read in one pass, with nothing collected: a row's avatar asks each time it is
    /// painted.
    public var initials: String {
        if let ascii = Self.asciiInitials(of: name) { return ascii }
        var first: Character?, last: Character?
        var wordHasLetter = false
        for character in name {
            if character.isWhitespace || character == "-" || character == "_" {
                wordHasLetter = false
            } else if !wordHasLetter, character.isLetter || character.isNumber {
                wordHasLetter = true
                if first == nil { first = character } else { last = character }
            }
        }
        guard let first else { return "?" }
        guard let last else { return String(first).uppercased() }
        return (String(first) + String(last)).uppercased()
    }

    /// ``initials`` of an ASCII name, read from its bytes without Unicode properties
    /// (#15); nil for any other name.
    private static func asciiInitials(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            var first: UInt8?, last: UInt8?
            var wordHasLetter = false
            for byte in bytes {
                switch byte {
                case 0x80...: return nil
                case 0x09...0x0D, 0x20, UInt8(ascii: "-"), UInt8(ascii: "_"):
                    wordHasLetter = false
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard !wordHasLetter else { continue }
                    wordHasLetter = true
                    // Upper case: clear the bit that makes a letter small.
                    let shown = byte >= UInt8(ascii: "a") ? byte & ~0x20 : byte
                    if first == nil { first = shown } else { last = shown }
                default:
                    continue
                }
            }
            guard let first else { return "?" }
            return last.map { String(decoding: [first, $0], as: UTF8.self) } ?? String(decoding: [first], as: UTF8.self)
        }
    }
}

/// Where a sender's avatar image comes from.
///
/// Image cases are `indirect` to keep ``Sender``, copied into every message, small.
public enum Avatar: Hashable, Sendable {
    /// A badge with the sender's initials on a colour derived from the sender id.
    case initials
    /// An image file on disk.
    indirect case file(path: String)
    /// An image to download.
    indirect case url(URL)
    /// No avatar at all; the layout keeps no room for one.
    case none
}
