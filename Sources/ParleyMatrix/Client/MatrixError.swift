import Foundation

/// What went wrong talking to a homeserver, in terms a user understands.
///
/// ``errorDescription`` is a sentence that can be shown as it is. The client retries what
/// is worth retrying by itself (``MatrixClient/Configuration``); what reaches the app is
/// what it must decide about.
public enum MatrixError: Error, Hashable, Sendable, LocalizedError {
    /// The server could not be reached (no connection, refused, timed out, DNS).
    case unreachable(reason: String)
    /// The user name or the password is wrong (`M_FORBIDDEN` at login).
    case wrongPassword
    /// The access token is not (or no longer) valid (`M_UNKNOWN_TOKEN`); `softLogout`
    /// when the server says the session merely expired and signing in again resumes it.
    case unknownToken(softLogout: Bool)
    /// The room does not exist, or the user is not in it.
    case roomNotFound(String)
    /// The server refused the request (`M_FORBIDDEN`, other than at login).
    case forbidden(String)
    /// The server asked us to slow down; `retryAfter` is its hint, when it gave one.
    case rateLimited(retryAfter: Duration?)
    /// Any other refusal or failure, with the HTTP status, Matrix error code and message.
    case server(status: Int, code: String?, message: String?)
    /// The answer was not what the API promises.
    case invalidResponse(String)
    /// The task was cancelled or the client stopped.
    case cancelled
    /// A file the room keeps (its outbox, its cache) could not be read or written.
    case storage(String)

    /// A sentence for the user.
    public var errorDescription: String? {
        switch self {
        case .unreachable(let reason): return "Can't reach the server (\(reason))"
        case .wrongPassword: return "Wrong user name or password"
        case .unknownToken(let soft): return soft ? "Your session expired; sign in again" : "You are signed out; sign in again"
        case .roomNotFound(let room): return "Room \(room) not found, or you are not in it"
        case .forbidden(let message): return "Not allowed: \(message)"
        case .rateLimited(let after):
            guard let after else { return "The server is busy; trying again soon" }
            return "The server is busy; trying again in \(Double(after.components.seconds) + Double(after.components.attoseconds) / 1e18) s"
        case .server(let status, let code, let message):
            return "Server error \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .invalidResponse(let what): return "Unexpected answer from the server: \(what)"
        case .cancelled: return "Cancelled"
        case .storage(let what): return "Can't keep the room's data on this device: \(what)"
        }
    }

    /// Whether trying the same request again later can succeed by itself (the network
    /// came back, the server recovered or stopped limiting us).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .rateLimited: return true
        case .server(let status, _, _): return status >= 500
        default: return false
        }
    }
}
