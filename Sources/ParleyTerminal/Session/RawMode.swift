#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal line settings a session switches to, and helpers for `termios`.
enum RawMode {
    /// `settings` made raw, as `cfmakeraw` does: no echo, no line editing, no signal keys
    /// (Ctrl-C, Ctrl-Z, Ctrl-\ arrive as keys), no flow control (Ctrl-S, Ctrl-Q too), no CR/NL
    /// translation in either direction (write `\r\n` for a new line), 8-bit characters; reads
    /// return at once with what is there (VMIN 0, VTIME 0), since the session polls.
    static func raw(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        setControlCharacter(&raw, index: Int(VMIN), to: 0)
        setControlCharacter(&raw, index: Int(VTIME), to: 0)
        return raw
    }

    /// The control character at `index` of `c_cc` (e.g. `VERASE`).
    static func controlCharacter(_ settings: termios, index: Int) -> cc_t {
        var copy = settings
        return withUnsafeBytes(of: &copy.c_cc) { $0.load(fromByteOffset: index, as: cc_t.self) }
    }

    /// Sets the control character at `index` of `c_cc`.
    static func setControlCharacter(_ settings: inout termios, index: Int, to value: cc_t) {
        withUnsafeMutableBytes(of: &settings.c_cc) { $0.storeBytes(of: value, toByteOffset: index, as: cc_t.self) }
    }

    /// The byte plain Backspace sends according to the line discipline's erase character:
    /// 0x08 when that is ^H, else 0x7F.
    static func eraseByte(_ settings: termios) -> UInt8 {
        controlCharacter(settings, index: Int(VERASE)) == 0x08 ? 0x08 : 0x7F
    }
}
