import Foundation

/// Which way a conversation reads: left to right, or right to left (Arabic, Hebrew,
/// Persian...), where the whole screen is mirrored: incoming messages and avatars on the
/// right, outgoing on the left, tails and the composer's items swapped.
///
/// ``ChatStyle/direction`` follows the user's language unless set; the core mirrors the
/// layouts it computes (``RowLayout/isMirrored``), so both front ends draw it as is.
/// Each message's text still runs in its own direction.
public enum LayoutDirection: Hashable, Sendable {
    /// English, and most languages.
    case leftToRight
    /// Arabic, Hebrew, Persian, Urdu...
    case rightToLeft

    /// The direction of the user's language: `Locale.current`'s, or the POSIX locale's
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`, as `ar_EG.UTF-8`) where Foundation does not read
    /// it from the environment.
    public static var current: LayoutDirection { user }

    /// Read once: every new style asks.
    private static let user: LayoutDirection = {
        if of(.current).isRightToLeft { return .rightToLeft }
        let environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            // The first one set decides, as in POSIX.
            let identifier = value.split(separator: ".").first.map(String.init) ?? value
            if identifier == "C" || identifier == "POSIX" { return .leftToRight }
            return of(Locale(identifier: identifier))
        }
        return .leftToRight
    }()

    /// The direction of `locale`'s language.
    public static func of(_ locale: Locale) -> LayoutDirection {
        locale.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// Whether rows and the composer are mirrored.
    public var isRightToLeft: Bool { self == .rightToLeft }
}

extension CornerRadii {
    /// The radii of the same shape seen in a mirror: left and right swap.
    public var mirrored: CornerRadii {
        var copy = self
        copy.topLeft = topRight
        copy.topRight = topLeft
        copy.bottomLeft = bottomRight
        copy.bottomRight = bottomLeft
        return copy
    }
}

extension Rect {
    /// The rectangle seen in a vertical mirror at the middle of a `width`-wide area.
    func mirrored(within width: Double) -> Rect {
        Rect(x: width - maxX, y: minY, width: self.width, height: height)
    }
}
