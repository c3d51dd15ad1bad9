#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation

// MARK: Signing in

extension MatrixClient {
    /// Signs in with a password and keeps the session's token, user and device.
    ///
    /// - Parameters:
    ///   - user: The user name (`alice`) or full id (`@alice:example.org`).
    ///   - password: The password.
    ///   - deviceID: The device to resume; a new one when omitted.
    /// - Returns: The user id.
    /// - Throws: ``MatrixError/wrongPassword`` for a wrong name or password.
    @discardableResult
    public func login(user: String, password: String, deviceID: String? = nil) async throws(MatrixError) -> String {
        var body: [String: JSONValue] = [
            "type": "m.login.password", "identifier": ["type": "m.id.user", "user": .string(user)],
            "password": .string(password), "initial_device_display_name": "Parley",
        ]
        if let deviceID { body["device_id"] = .string(deviceID) }
        let answer: JSONValue
        do {
            answer = try await call("POST", "/_matrix/client/v3/login", body: .json(.object(body)), authenticated: false)
        } catch .forbidden {
            throw .wrongPassword
        }
        guard let userID = answer["user_id"]?.string, let token = answer["access_token"]?.string else {
            throw .invalidResponse("login without a user or token")
        }
        session.withLock {
            $0.userID = userID
            $0.accessToken = token
            $0.deviceID = answer["device_id"]?.string
        }
        return userID
    }

    /// Creates an account on a server with open registration (a development server such
    /// as `scripts/matrix-server`'s) and signs in as it.
    ///
    /// - Returns: The user id.
    @discardableResult
    public func register(user: String, password: String) async throws(MatrixError) -> String {
        let body: JSONValue = [
            "username": .string(user), "password": .string(password), "auth": ["type": "m.login.dummy"],
            "initial_device_display_name": "Parley",
        ]
        let answer: JSONValue = try await call("POST", "/_matrix/client/v3/register", body: .json(body), authenticated: false)
        guard let userID = answer["user_id"]?.string, let token = answer["access_token"]?.string else {
            throw .invalidResponse("registration without a user or token")
        }
        session.withLock {
            $0.userID = userID
            $0.accessToken = token
            $0.deviceID = answer["device_id"]?.string
        }
        return userID
    }

    /// Asks whose the access token is, and keeps the answer as ``userID``.
    ///
    /// - Throws: ``MatrixError/unknownToken(softLogout:)`` for a token the server does not know.
    @discardableResult
    public func whoami() async throws(MatrixError) -> String {
        let answer: JSONValue = try await call("GET", "/_matrix/client/v3/account/whoami")
        guard let userID = answer["user_id"]?.string else { throw .invalidResponse("whoami without a user") }
        session.withLock {
            $0.userID = userID
            if let device = answer["device_id"]?.string { $0.deviceID = device }
        }
        return userID
    }

    /// Ends the session on the server and forgets the token.
    public func logout() async throws(MatrixError) {
        let _: JSONValue = try await call("POST", "/_matrix/client/v3/logout")
        session.withLock { $0.accessToken = nil }
    }
}

// MARK: Rooms

extension MatrixClient {
    /// Creates a room, inviting `invite` (user ids), and returns its id.
    public func createRoom(name: String? = nil, invite: [String] = []) async throws(MatrixError) -> String {
        var body: [String: JSONValue] = ["preset": "private_chat", "invite": .array(invite.map(JSONValue.string))]
        if let name { body["name"] = .string(name) }
        let answer: JSONValue = try await call("POST", "/_matrix/client/v3/createRoom", body: .json(.object(body)))
        guard let room = answer["room_id"]?.string else { throw .invalidResponse("createRoom without a room") }
        return room
    }

    /// Joins the room `roomID` (or an alias), returning the room's id.
    @discardableResult
    public func join(_ roomID: String) async throws(MatrixError) -> String {
        let answer: JSONValue = try await call(
            "POST", "/_matrix/client/v3/join/\(Self.escape(roomID))", idempotent: true, room: roomID)
        return answer["room_id"]?.string ?? roomID
    }

    /// The ids of the rooms the user has joined.
    public func joinedRooms() async throws(MatrixError) -> [String] {
        let answer: JSONValue = try await call("GET", "/_matrix/client/v3/joined_rooms")
        return answer["joined_rooms"]?.array?.compactMap(\.string) ?? []
    }

    /// The room's joined members and their display names (`nil` when they set none).
    public func joinedMembers(of roomID: String) async throws(MatrixError) -> [String: String?] {
        let answer: JSONValue = try await call(
            "GET", "/_matrix/client/v3/rooms/\(Self.escape(roomID))/joined_members", room: roomID)
        var members: [String: String?] = [:]
        for (user, profile) in answer["joined"]?.object ?? [:] { members[user] = profile["display_name"]?.string }
        return members
    }

    /// Sends an event of `type` with `content` and returns its event id.
    ///
    /// Sending again with the same `transactionID` returns the same event (the server
    /// keeps it), so a send that may have reached the server is safe to repeat.
    @discardableResult
    public func send(
        _ content: JSONValue, type: String, to roomID: String, transactionID: String = MatrixClient.transactionID()
    ) async throws(MatrixError) -> String {
        let path = "/_matrix/client/v3/rooms/\(Self.escape(roomID))/send/\(Self.escape(type))/\(Self.escape(transactionID))"
        let answer: JSONValue = try await call("PUT", path, body: .json(content), room: roomID)
        guard let event = answer["event_id"]?.string else { throw .invalidResponse("send without an event id") }
        return event
    }

    /// Redacts (deletes for everyone) the event `eventID`; returns the redaction's id.
    @discardableResult
    public func redact(
        _ eventID: String, in roomID: String, reason: String? = nil, transactionID: String = MatrixClient.transactionID()
    ) async throws(MatrixError) -> String {
        let path = "/_matrix/client/v3/rooms/\(Self.escape(roomID))/redact/\(Self.escape(eventID))/\(Self.escape(transactionID))"
        let body: JSONValue = reason.map { ["reason": .string($0)] } ?? [:]
        let answer: JSONValue = try await call("PUT", path, body: .json(body), room: roomID)
        return answer["event_id"]?.string ?? ""
    }

    /// Says the user is (or stopped) typing in `roomID`, for at most `timeout`.
    public func setTyping(_ typing: Bool, in roomID: String, timeout: Duration = .seconds(30)) async throws(MatrixError) {
        guard let user = userID else { throw .unknownToken(softLogout: false) }
        var body: [String: JSONValue] = ["typing": .bool(typing)]
        if typing { body["timeout"] = .number(Double(timeout.components.seconds * 1000)) }
        let path = "/_matrix/client/v3/rooms/\(Self.escape(roomID))/typing/\(Self.escape(user))"
        let _: JSONValue = try await call("PUT", path, body: .json(.object(body)), room: roomID)
    }

    /// Sends a read receipt (`m.read`) for `eventID`: the user has read up to it.
    public func sendReceipt(for eventID: String, in roomID: String) async throws(MatrixError) {
        let path = "/_matrix/client/v3/rooms/\(Self.escape(roomID))/receipt/m.read/\(Self.escape(eventID))"
        let _: JSONValue = try await call("POST", path, idempotent: true, room: roomID)
    }
}

// MARK: Sync and history

extension MatrixClient {
    /// Uploads a filter (`POST /user/{id}/filter`) and returns its id, for ``sync(filter:since:timeout:)``.
    public func createFilter(_ filter: JSONValue) async throws(MatrixError) -> String {
        guard let user = userID else { throw .unknownToken(softLogout: false) }
        let answer: JSONValue = try await call(
            "POST", "/_matrix/client/v3/user/\(Self.escape(user))/filter", body: .json(filter), idempotent: true)
        guard let id = answer["filter_id"]?.string else { throw .invalidResponse("filter without an id") }
        return id
    }

    /// One `/sync`: what changed since `since` (everything recent when `nil`), waiting
    /// up to `timeout` for something to change. Not retried: a sync loop decides.
    public func sync(filter: String?, since: String?, timeout: Duration) async throws(MatrixError) -> SyncResponse {
        var query = [URLQueryItem(name: "timeout", value: String(timeout.components.seconds * 1000))]
        if let filter { query.append(URLQueryItem(name: "filter", value: filter)) }
        if let since { query.append(URLQueryItem(name: "since", value: since)) }
        return try await call(
            "GET", "/_matrix/client/v3/sync", query: query, idempotent: false,
            timeout: Double(timeout.components.seconds) + configuration.requestTimeout)
    }

    /// The direction of a history page.
    public enum Direction: String, Sendable {
        /// Towards older events.
        case backward = "b"
        /// Towards newer events.
        case forward = "f"
    }

    /// A page of `roomID`'s timeline from the token `from` (the newest events when `nil`).
    public func messages(
        in roomID: String, from: String?, direction: Direction = .backward, limit: Int = 50, filter: JSONValue? = nil
    ) async throws(MatrixError) -> MessagesResponse {
        var query = [URLQueryItem(name: "dir", value: direction.rawValue), URLQueryItem(name: "limit", value: String(limit))]
        if let from { query.append(URLQueryItem(name: "from", value: from)) }
        if let filter, let data = try? JSONEncoder().encode(filter) {
            query.append(URLQueryItem(name: "filter", value: String(decoding: data, as: UTF8.self)))
        }
        return try await call("GET", "/_matrix/client/v3/rooms/\(Self.escape(roomID))/messages", query: query, room: roomID)
    }

    /// The event `eventID` with about `limit` events around it, and tokens to page both ways.
    public func context(of eventID: String, in roomID: String, limit: Int = 50) async throws(MatrixError) -> ContextResponse {
        try await call(
            "GET", "/_matrix/client/v3/rooms/\(Self.escape(roomID))/context/\(Self.escape(eventID))",
            query: [URLQueryItem(name: "limit", value: String(limit))], room: roomID)
    }

    /// The event `eventID` of `roomID` alone (a reply's quoted message that is not
    /// loaded).
    ///
    /// - Throws: ``MatrixError/server(status:code:message:)`` with 404 (`M_NOT_FOUND`)
    ///   for an event the server does not have or does not show the user.
    public func event(_ eventID: String, in roomID: String) async throws(MatrixError) -> MatrixEvent {
        try await call(
            "GET", "/_matrix/client/v3/rooms/\(Self.escape(roomID))/event/\(Self.escape(eventID))", room: roomID)
    }

    /// The event nearest `date` in `direction` (`.backward`: the last at or before it).
    public func event(at date: Date, in roomID: String, direction: Direction) async throws(MatrixError) -> TimestampResponse {
        let milliseconds = Int64(saturating: (date.timeIntervalSince1970 * 1000).rounded())
        return try await call(
            "GET", "/_matrix/client/v1/rooms/\(Self.escape(roomID))/timestamp_to_event",
            query: [URLQueryItem(name: "ts", value: String(milliseconds)), URLQueryItem(name: "dir", value: direction.rawValue)],
            room: roomID)
    }
}

// MARK: Media

extension MatrixClient {
    /// Uploads `data` to the media repository and returns its `mxc://` URI.
    public func upload(_ data: Data, filename: String, contentType: String) async throws(MatrixError) -> String {
        let answer: JSONValue = try await call(
            "POST", "/_matrix/media/v3/upload", query: [URLQueryItem(name: "filename", value: filename)],
            body: .bytes(data, contentType: contentType), idempotent: true, timeout: 120)
        guard let uri = answer["content_uri"]?.string else { throw .invalidResponse("upload without a content URI") }
        return uri
    }

    /// The bytes of the media `mxc://server/id`, through the authenticated media API.
    public func download(_ uri: String) async throws(MatrixError) -> Data {
        guard let (server, id) = Self.mediaParts(uri) else { throw .invalidResponse("not an mxc URI: \(uri)") }
        return try await raw("GET", "/_matrix/client/v1/media/download/\(Self.escape(server))/\(Self.escape(id))", timeout: 120)
    }

    /// The authenticated download address of `mxc://server/id` on this server, or `nil`
    /// for anything else. Fetching it needs ``mediaHeaders(for:)``.
    public func mediaURL(for uri: String) -> URL? {
        guard let (server, id) = Self.mediaParts(uri) else { return nil }
        let base = homeserver.absoluteString.hasSuffix("/") ? String(homeserver.absoluteString.dropLast()) : homeserver.absoluteString
        return URL(string: base + "/_matrix/client/v1/media/download/\(Self.escape(server))/\(Self.escape(id))")
    }

    /// The headers a download of `url` needs: the bearer token for this server's
    /// authenticated media, nothing for any other address (the token never leaves for
    /// another host). Hand it to ParleyImaging's fetcher (``MatrixClient/imageFetcher(configuration:)``).
    public func mediaHeaders(for url: URL) -> [String: String] {
        let (base, token) = session.withLock { ($0.homeserver, $0.accessToken) }
        guard let token, url.scheme == base.scheme, url.host == base.host, url.port == base.port,
            url.path.hasPrefix("/_matrix/client/v1/media/")
        else { return [:] }
        return ["Authorization": "Bearer \(token)"]
    }

    /// The server and media id of an `mxc://` URI.
    static func mediaParts(_ uri: String) -> (String, String)? {
        guard uri.hasPrefix("mxc://") else { return nil }
        let parts = uri.dropFirst(6).split(separator: "/", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// A new transaction id, unique within this process and across runs.
    public static func transactionID() -> String {
        "parley." + UUID().uuidString.lowercased()
    }
}
