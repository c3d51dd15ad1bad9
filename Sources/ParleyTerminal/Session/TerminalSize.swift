#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns (cells across).
    public var columns: Int
    /// Rows (cells down).
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The classic 80×24, used when nothing better is known.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal behind `descriptor` (TIOCGWINSZ); when that fails or
    /// reports zero, the `COLUMNS` and `LINES` environment variables; else ``fallback``.
    public static func of(descriptor: Int32) -> TerminalSize {
        var window = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
        }
        return fromEnvironment()
    }

    /// `COLUMNS` × `LINES` from the environment, each falling back to 80 × 24.
    static func fromEnvironment() -> TerminalSize {
        func positive(_ name: String) -> Int? {
            guard let raw = getenv(name), let value = Int(String(cString: raw)), value > 0 else { return nil }
            return value
        }
        return TerminalSize(
            columns: positive("COLUMNS") ?? fallback.columns, rows: positive("LINES") ?? fallback.rows)
    }
}
