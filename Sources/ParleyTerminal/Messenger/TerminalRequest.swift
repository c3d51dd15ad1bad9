import Foundation
import ParleyCore

/// Something a ``ChatScreen`` asks of the terminal beyond drawing: ring the bell, change
/// the window title, put text on the clipboard. ``TerminalMessenger`` writes
/// ``bytes`` after the frame; see ``ChatScreen/takeRequests()``.
public enum TerminalRequest: Hashable, Sendable {
    /// Ring the bell (BEL): a message arrived while you were away, or one mentions you.
    case bell
    /// Set the window title (OSC 2), shown inert on one line.
    case title(String)
    /// Put this text on the system clipboard (OSC 52), at the user's request.
    case copy(String)

    /// Saves the window title on the terminal's title stack (XTWINOPS 22), before the
    /// first ``title(_:)``.
    public static let pushTitle = Array("\u{1B}[22;2t".utf8)
    /// Puts back the title ``pushTitle`` saved (XTWINOPS 23).
    public static let popTitle = Array("\u{1B}[23;2t".utf8)

    /// The most bytes of text a ``copy(_:)`` sends (terminals refuse longer ones).
    public static let longestCopy = 64 * 1024
    /// The most characters of a ``title(_:)``.
    public static let longestTitle = 200

    /// The bytes that ask it. A title is made inert (no control reaches the terminal) and
    /// cut to ``longestTitle``; a copy is base64, so any text is safe, cut to
    /// ``longestCopy`` bytes on a character boundary.
    public var bytes: [UInt8] {
        switch self {
        case .bell:
            return [0x07]
        case .title(let title):
            let shown = String(InertText.singleLine(title).prefix(Self.longestTitle))
            return Array("\u{1B}]2;\(shown)\u{1B}\\".utf8)
        case .copy(let text):
            let utf8 = text.utf8
            var end = utf8.index(utf8.startIndex, offsetBy: min(Self.longestCopy, utf8.count))
            while end.samePosition(in: text) == nil { end = utf8.index(before: end) }
            return Array("\u{1B}]52;c;\(Data(text[..<end].utf8).base64EncodedString())\u{1B}\\".utf8)
        }
    }
}
