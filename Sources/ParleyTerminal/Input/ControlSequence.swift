/// A complete CSI sequence (`ESC [ params intermediates final`) split into its parts, and
/// its meaning as an ``InputEvent``.
///
/// Parameters are decimal numbers separated by `;`, each with optional `:` sub-parameters
/// (kitty); an empty parameter is `nil`. Numbers saturate instead of overflowing, so a
/// hostile `CSI 99999999999999999999 A` is harmless.
struct ControlSequence {
    /// A private marker (`<`, `=`, `>` or `?`) that opened the parameters, if any.
    var marker: UInt8?
    /// The parameters, each a list of sub-parameters.
    var parameters: [[Int?]]
    /// Whether parameter bytes were well-formed (markers only at the start).
    var isWellFormed: Bool
    /// Whether intermediate bytes (0x20–0x2F) came before the final byte.
    var hasIntermediates: Bool
    /// The final byte (0x40–0x7E).
    var final: UInt8

    /// The largest parameter value kept; larger numbers saturate to it.
    static let parameterCeiling = 1 << 24

    /// Splits the bytes between `ESC [` and the final byte.
    init(parameterBytes: ArraySlice<UInt8>, hasIntermediates: Bool, final: UInt8) {
        self.hasIntermediates = hasIntermediates
        self.final = final
        var bytes = parameterBytes[...]
        if let first = bytes.first, (0x3C...0x3F).contains(first) {
            marker = first
            bytes = bytes.dropFirst()
        } else {
            marker = nil
        }
        var parameters: [[Int?]] = []
        var current: [Int?] = []
        var value: Int?
        var wellFormed = true
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                value = min((value ?? 0) * 10 + Int(byte - 0x30), Self.parameterCeiling)
            case 0x3A:
                current.append(value)
                value = nil
            case 0x3B:
                current.append(value)
                parameters.append(current)
                current = []
                value = nil
            default:
                wellFormed = false
            }
        }
        if !bytes.isEmpty {
            current.append(value)
            parameters.append(current)
        }
        self.parameters = parameters
        self.isWellFormed = wellFormed
    }

    /// The first sub-parameter of parameter `index`, or nil when missing or empty.
    func parameter(_ index: Int) -> Int? {
        guard index < parameters.count else { return nil }
        return parameters[index].first ?? nil
    }

    /// Whether this is `CSI 200 ~`, the start of a bracketed paste.
    var isPasteStart: Bool {
        marker == nil && !hasIntermediates && final == UInt8(ascii: "~")
            && parameters.count == 1 && parameter(0) == 200
    }

    /// The event this sequence stands for, or nil when it means nothing known.
    var event: InputEvent? {
        guard isWellFormed, !hasIntermediates else { return nil }
        switch marker {
        case UInt8(ascii: "<")?:
            return sgrMouse
        case nil:
            return unmarkedEvent
        default:
            return nil
        }
    }

    /// `CSI < b ; x ; y M` (press, drag, move, wheel) or `... m` (release), 1-based.
    private var sgrMouse: InputEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), parameters.count == 3,
              let b = parameter(0), let x = parameter(1), let y = parameter(2)
        else { return nil }
        return MouseEvent(buttonCode: b, column: x - 1, row: y - 1, released: final == UInt8(ascii: "m"))
            .map(InputEvent.mouse)
    }

    /// Keys, focus and urxvt mouse: everything without a private marker.
    private var unmarkedEvent: InputEvent? {
        let modifiers = KeyModifiers(xtermParameter: parameter(1))
        switch final {
        case UInt8(ascii: "A"): return .key(.up, modifiers)
        case UInt8(ascii: "B"): return .key(.down, modifiers)
        case UInt8(ascii: "C"): return .key(.right, modifiers)
        case UInt8(ascii: "D"): return .key(.left, modifiers)
        case UInt8(ascii: "H"): return .key(.home, modifiers)
        case UInt8(ascii: "F"): return .key(.end, modifiers)
        case UInt8(ascii: "P"): return .key(.function(1), modifiers)
        case UInt8(ascii: "Q"): return .key(.function(2), modifiers)
        // CSI 1;m R: F3 with modifiers. A cursor position report looks the same; the
        // session asks for one only in its start-up query, which takes the answer
        // itself (one arriving after it gave up reads as F3, which nothing binds).
        case UInt8(ascii: "R"): return .key(.function(3), modifiers)
        case UInt8(ascii: "S"): return .key(.function(4), modifiers)
        case UInt8(ascii: "Z"): return .key(.tab, modifiers.union(.shift))
        // rxvt: Shift+arrows.
        case UInt8(ascii: "a"): return .key(.up, .shift)
        case UInt8(ascii: "b"): return .key(.down, .shift)
        case UInt8(ascii: "c"): return .key(.right, .shift)
        case UInt8(ascii: "d"): return .key(.left, .shift)
        case UInt8(ascii: "I") where parameters.isEmpty: return .focus(true)
        case UInt8(ascii: "O") where parameters.isEmpty: return .focus(false)
        case UInt8(ascii: "~"): return tildeEvent(extra: [])
        // rxvt: Ctrl and Ctrl+Shift versions of the `~` keys.
        case UInt8(ascii: "^"): return tildeEvent(extra: .ctrl)
        case UInt8(ascii: "@"): return tildeEvent(extra: [.ctrl, .shift])
        case UInt8(ascii: "u"):
            guard let code = parameter(0), let key = Self.key(codepoint: code) else { return nil }
            return .key(key, modifiers)
        case UInt8(ascii: "M"):
            // urxvt mode 1015: CSI b ; x ; y M with b offset by 32.
            guard parameters.count == 3, let b = parameter(0), let x = parameter(1), let y = parameter(2)
            else { return nil }
            return MouseEvent(buttonCode: b - 32, column: x - 1, row: y - 1, released: false)
                .map(InputEvent.mouse)
        default:
            return nil
        }
    }

    /// `CSI n ; m ~`: editing keys and F5–F20, and xterm's modifyOtherKeys `CSI 27 ; m ; code ~`.
    private func tildeEvent(extra: KeyModifiers) -> InputEvent? {
        guard let number = parameter(0) else { return nil }
        let modifiers = KeyModifiers(xtermParameter: parameter(1)).union(extra)
        if number == 27 {
            guard let code = parameter(2), let key = Self.key(codepoint: code) else { return nil }
            return .key(key, modifiers)
        }
        guard let key = Self.tildeKeys[number] else { return nil }
        return .key(key, modifiers)
    }

    /// The keys of `CSI n ~` by `n` (VT220, xterm, rxvt and Linux console numbering).
    private static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14),
        28: .function(15), 29: .function(16), 31: .function(17), 32: .function(18),
        33: .function(19), 34: .function(20),
    ]

    /// The key for a Unicode code point in `CSI code ; m u` (kitty, foot, fixterms) and
    /// modifyOtherKeys. Kitty's private-use function keys are not mapped.
    static func key(codepoint: Int) -> Key? {
        switch codepoint {
        case 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 0x80...0x9F, 0xE000...0xF8FF: return nil
        case 32...:
            guard let scalar = Unicode.Scalar(UInt32(clamping: codepoint)) else { return nil }
            return .character(Character(scalar))
        default:
            return nil
        }
    }
}
