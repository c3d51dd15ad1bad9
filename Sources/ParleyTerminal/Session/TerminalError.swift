#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a ``TerminalSession`` could not start or do its I/O.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor is not a terminal (input or output redirected to a file or pipe).
    case notATerminal(descriptor: Int32, role: String)
    /// Another ``TerminalSession`` is active in this process; restore it first.
    case alreadyActive
    /// A system call failed with this `errno`.
    case systemCall(name: String, errno: Int32)
    /// The terminal went away (end of input, or the pty's other side closed).
    case inputClosed

    /// A message for the user.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor, let role):
            return "\(role) (file descriptor \(descriptor)) is not a terminal; run this program in a terminal"
        case .alreadyActive:
            return "a terminal session is already active in this process"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .inputClosed:
            return "the terminal closed its input"
        }
    }
}
