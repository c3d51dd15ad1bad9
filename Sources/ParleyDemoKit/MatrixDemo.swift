import Foundation
import ParleyCore
import ParleyImaging
import ParleyMatrix
import Synchronization

/// Both demos on a Matrix room instead of the bot (`--matrix HOMESERVER --user U
/// --password P --room ROOM`; `scripts/matrix-server start` prints a ready line).
@MainActor
public final class MatrixDemo {
    /// What the command line asked for.
    public struct Options: Sendable {
        /// The homeserver's base URL.
        public var homeserver: String?
        /// The user name.
        public var user: String?
        /// The password.
        public var password: String?
        /// The room's id.
        public var room: String?

        /// None asked for.
        public init() {}

        /// Whether any Matrix flag was given.
        public var isRequested: Bool { homeserver != nil || user != nil || password != nil || room != nil }

        /// The flags still needed, or `nil` when all are there.
        public var missing: String? {
            let absent = [("--matrix", homeserver), ("--user", user), ("--password", password), ("--room", room)]
                .filter { $0.1 == nil }.map(\.0)
            return absent.isEmpty ? nil : absent.joined(separator: ", ")
        }
    }

    /// The room the demo shows.
    public let room: MatrixRoom
    /// Its history, paged in as the user scrolls up.
    public let pager: HistoryPager
    /// Fetches the room's images with the session's token.
    public let imageFetcher: ImageFetcher
    /// The title line: who, where.
    public let title: String

    /// The demo on `room`, started already.
    public init(room: MatrixRoom) {
        self.room = room
        title = "Parley on Matrix — \(InertText.singleLine(room.client.userID ?? "")) in \(InertText.singleLine(room.roomID))"
        pager = HistoryPager(conversation: room.conversation, source: room.history)
        imageFetcher = room.client.imageFetcher()
        room.sendsReadReceipts = true
    }

    /// Signs in and starts the room.
    ///
    /// - Throws: ``ParleyMatrix/MatrixError`` (its description is for the user), or
    ///   `invalidResponse` for a homeserver that is not a URL.
    public static func connect(_ options: Options) async throws(MatrixError) -> MatrixDemo {
        MatrixDemo(room: try await connectRoom(options))
    }

    /// Signs in and starts the room, off the main actor.
    public nonisolated static func connectRoom(_ options: Options) async throws(MatrixError) -> MatrixRoom {
        guard let address = options.homeserver, let url = URL(string: address), url.scheme != nil else {
            throw .invalidResponse("--matrix takes the homeserver's URL, like http://127.0.0.1:8008")
        }
        let client = MatrixClient(homeserver: url)
        try await client.login(user: options.user ?? "", password: options.password ?? "")
        let room = MatrixRoom(client: client, roomID: options.room ?? "")
        try await room.start()
        return room
    }

    /// ``connectRoom(_:)`` for a program whose main thread must not return to an
    /// executor (GTK's loop runs on it): waits on the calling thread.
    public nonisolated static func connectWaiting(_ options: Options) -> Result<MatrixRoom, MatrixError> {
        let outcome = Mutex<Result<MatrixRoom, MatrixError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<MatrixRoom, MatrixError>
            do throws(MatrixError) { result = .success(try await connectRoom(options)) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }

    /// Sends what the input bar sent (a reply answers its quote's message); the jump
    /// commands (`/jump`) are the caller's.
    public func send(_ content: MessageContent, reply: ReplyQuote?) {
        switch content {
        case .image(let image):
            if case .data(let data) = image.source {
                room.sendImage(data, filename: image.caption ?? "image.png", mediaType: "image/png", size: image.sizeHint)
            }
        default:
            room.send(content.summary, replyingTo: reply?.id)
        }
    }

    /// Sends what the screen already did (reactions, deletions) and retries a failed
    /// message when its mark is tapped; returns whether `event` was one of these.
    @discardableResult
    public func handle(_ event: MessengerEvent) -> Bool {
        switch event {
        case .reactionChanged(let id, let key, let isOn): room.reactionChanged(key, on: id, isOn: isOn)
        case .deleted(let id): room.deleted(id)
        case .tapStatus(let id): room.retry(id)
        default: return false
        }
        return true
    }

    /// Stops syncing.
    public func stop() async { await room.stop() }
}

extension DemoArguments {
    /// Takes `--matrix`, `--user`, `--password` and `--room` into `options`; returns
    /// whether `flag` was one of them.
    public mutating func takeMatrix(_ flag: String, into options: inout MatrixDemo.Options) -> Bool {
        switch flag {
        case "--matrix": options.homeserver = value(of: flag)
        case "--user": options.user = value(of: flag)
        case "--password": options.password = value(of: flag)
        case "--room": options.room = value(of: flag)
        default: return false
        }
        return true
    }
}
