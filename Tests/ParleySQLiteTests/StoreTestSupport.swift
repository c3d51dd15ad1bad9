import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

/// A registered custom payload (Codable).
struct Poll: CustomPayload, Codable, Equatable {
    static let kind = "poll"
    var question: String
    var options: [String]
    var summary: String { "Poll: \(question)" }
    func size(fitting width: Double, in units: ContentUnits) -> Size { Size(width: min(width, 20), height: 4) }
}

/// A Codable payload the tests never register: comes back as a StoredCustomPayload.
struct Sticker: CustomPayload, Codable, Equatable {
    static let kind = "sticker"
    var pack: String
    var number: Int
    var summary: String { "Sticker \(pack)/\(number)" }
    func size(fitting width: Double, in units: ContentUnits) -> Size { Size(width: 8, height: 4) }
}

/// A payload that is not Codable at all: only its kind and summary can be kept.
struct Sketch: CustomPayload, Equatable {
    static let kind = "sketch"
    var strokes: Int
    var summary: String { "Sketch of \(strokes) strokes" }
    func size(fitting width: Double, in units: ContentUnits) -> Size { Size(width: 10, height: 5) }
}

enum Fixture {
    static let me = Sender(id: "me", name: "Me")
    static let alice = Sender(id: "alice", name: "Alice Liddell")
    static let bob = Sender(id: "bob", name: "Bob", avatar: .file(path: "/tmp/bob avatar.png"))
    static let carol = Sender(id: "carol", name: "Carol", avatar: .url(URL(string: "https://example.com/c.png?size=64&v=2")!))
    static let dmitri = Sender(id: "dmitri", name: "Дмитрий", avatar: .none)
    static let senders = [me, alice, bob, carol, dmitri]

    /// A message with an explicit id and date.
    static func message(
        _ id: String, _ content: MessageContent, from sender: Sender = alice,
        at seconds: Double = 1_000, status: DeliveryStatus = .sent, edited: Bool = false
    ) -> Message {
        Message(
            id: MessageID(id), sender: sender, date: Date(timeIntervalSinceReferenceDate: seconds),
            content: content, status: status, isEdited: edited)
    }

    /// A fresh folder under the temporary directory, removed by the caller.
    static func folder() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("parley-sqlite-tests-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path for a database in a fresh folder, and the folder to remove.
    static func databasePath(_ name: String = "history.sqlite") -> (path: String, folder: URL) {
        let folder = folder()
        return (folder.appendingPathComponent(name).path, folder)
    }

    /// The bytes of the file at `path`.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}

/// Runs `body` with a database path in a fresh folder, removing the folder afterwards.
func withDatabase<Result>(
    _ name: String = "history.sqlite", _ body: (String) async throws -> Result
) async rethrows -> Result {
    let (path, folder) = Fixture.databasePath(name)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(path)
}

/// Expects `body` to throw `expected` (a StoreError).
func expectStoreError(
    _ expected: StoreError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}

/// The StoreError `body` throws, or `nil` (recording an issue for any other error).
func thrownError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        Issue.record("not a StoreError: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects two messages to match in every stored field.
func expectSame(_ stored: Message?, _ original: Message, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let stored else {
        Issue.record("message \(original.id) was not stored", sourceLocation: sourceLocation)
        return
    }
    #expect(stored.looksIdentical(to: original), "\(stored) ≠ \(original)", sourceLocation: sourceLocation)
    #expect(stored.date.timeIntervalSinceReferenceDate.bitPattern == original.date.timeIntervalSinceReferenceDate.bitPattern,
            sourceLocation: sourceLocation)
}

/// Opens a raw SQLite connection to `path`, as another program would.
func rawConnection(_ path: String, busyTimeout: TimeInterval = 0) throws -> Connection {
    try Connection(filename: path, displayPath: path, flags: Connection.readWrite, busyTimeout: busyTimeout)
}
