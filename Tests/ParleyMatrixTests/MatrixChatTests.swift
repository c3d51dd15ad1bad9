import Foundation
import ParleyCore
import ParleyImaging
import ParleyMatrix
import Testing

/// Two people chat through a real Synapse, each with a ``MatrixRoom``: what one does, the
/// other sees (#16).
@Suite("MatrixRoom: two clients chat through Synapse (#16)")
struct MatrixChatTests {
    /// Alice and Bob in a new room, both syncing.
    struct Pair {
        var alice: MatrixRoom
        var bob: MatrixRoom

        func stop() async {
            await alice.stop()
            await bob.stop()
        }
    }

    static func pair() async throws -> Pair {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let room = try await MatrixTestServer.room(of: alice, with: [bob])
        let pair = Pair(alice: MatrixRoom(client: alice, roomID: room), bob: MatrixRoom(client: bob, roomID: room))
        try await pair.alice.start()
        try await pair.bob.start()
        return pair
    }

    /// The message in `room` whose text is `text`.
    static func message(_ text: String, in room: MatrixRoom) -> Message? {
        room.conversation.messages.first { $0.content.summary == text }
    }

    @Test("text goes out as a local echo, turns sent, shows once here and once at the other end")
    func text() async throws {
        let pair = try await Self.pair()
        let id = pair.alice.send("Hello Bob")
        #expect(pair.alice.conversation.message(id)?.status == .sending)
        try await eventually("Bob sees the message") { Self.message("Hello Bob", in: pair.bob) != nil }
        try await eventually("Alice's echo is sent") { pair.alice.conversation.message(id)?.status == .sent }
        let received = try #require(Self.message("Hello Bob", in: pair.bob))
        #expect(received.sender.id == pair.alice.client.userID)
        #expect(received.id.rawValue == pair.alice.eventID(of: id))
        // The server's copy came back to Alice through sync too: still one message.
        try await Task.sleep(for: .milliseconds(300))
        #expect(pair.alice.conversation.messages.filter { $0.content.summary == "Hello Bob" }.count == 1)
        #expect(pair.alice.conversation.messages.first { $0.id == id }?.sender.id == pair.alice.conversation.me.id)
        await pair.stop()
    }

    @Test("an HTML body arrives as Markdown; notices and emotes arrive as text")
    func formatted() async throws {
        let pair = try await Self.pair()
        try await pair.alice.client.send(
            ["msgtype": "m.text", "body": "bold and it", "format": "org.matrix.custom.html",
             "formatted_body": "<b>bold</b> and <i>it</i><script>alert(1)</script>"],
            type: "m.room.message", to: pair.alice.roomID)
        try await pair.alice.client.send(["msgtype": "m.notice", "body": "a notice"], type: "m.room.message", to: pair.alice.roomID)
        try await pair.alice.client.send(["msgtype": "m.emote", "body": "waves"], type: "m.room.message", to: pair.alice.roomID)
        try await eventually("three messages") { pair.bob.conversation.count == 3 }
        let contents = pair.bob.conversation.messages.map(\.content)
        #expect(contents[0] == .markdown("**bold** and *it*alert(1)"))
        #expect(contents[1] == .text("a notice"))
        let name = String(pair.alice.client.userID!.dropFirst().prefix { $0 != ":" })
        #expect(contents[2] == .text(TextContent("* \(name) waves")))
        await pair.stop()
    }

    @Test("a reply quotes its message; a reaction is counted and taken back")
    func replyAndReaction() async throws {
        let pair = try await Self.pair()
        let question = pair.alice.send("Lunch?")
        try await eventually("Bob sees the question") { Self.message("Lunch?", in: pair.bob) != nil }
        let seen = try #require(Self.message("Lunch?", in: pair.bob))
        pair.bob.send("Yes!", replyingTo: seen.id)
        try await eventually("Alice sees the reply") { Self.message("Yes!", in: pair.alice) != nil }
        let reply = try #require(Self.message("Yes!", in: pair.alice))
        #expect(reply.replyTo?.id == question)
        #expect(reply.replyTo?.summary == "Lunch?")

        #expect(pair.bob.toggleReaction("👍", on: seen.id) == true)
        let bobID = try #require(pair.bob.client.userID)
        try await eventually("Alice sees the reaction") {
            pair.alice.conversation.message(question)?.reactions == [Reaction("👍", by: [bobID])]
        }
        #expect(pair.alice.toggleReaction("👍", on: question) == true)
        let aliceID = try #require(pair.alice.client.userID)
        try await eventually("Bob counts two") {
            pair.bob.conversation.message(seen.id)?.reactions.first?.count == 2
        }
        #expect(pair.bob.toggleReaction("👍", on: seen.id) == false)
        try await eventually("Bob's reaction is gone at Alice's") {
            pair.alice.conversation.message(question)?.reactions == [Reaction("👍", by: [aliceID])]
        }
        await pair.stop()
    }

    @Test("an edit replaces the text at the other end; a redaction deletes it")
    func editAndRedaction() async throws {
        let pair = try await Self.pair()
        let id = pair.alice.send("Helo")
        try await eventually("Bob sees it") { Self.message("Helo", in: pair.bob) != nil }
        let seen = try #require(Self.message("Helo", in: pair.bob))
        try pair.alice.edit(id, to: "Hello")
        try await eventually("Bob sees the edit") { pair.bob.conversation.message(seen.id)?.content == .text("Hello") }
        let edited = try #require(pair.bob.conversation.message(seen.id))
        #expect(edited.isEdited)
        #expect(edited.edits.map(\.content) == [.text("Helo")])
        #expect(pair.bob.conversation.count == 1)
        try pair.alice.delete(id)
        #expect(pair.alice.conversation.message(id)?.isDeleted == true)
        try await eventually("Bob sees it deleted") { pair.bob.conversation.message(seen.id)?.isDeleted == true }
        await pair.stop()
    }

    @Test("an image goes up to the media repository and comes down, authenticated, through ParleyImaging")
    func image() async throws {
        let pair = try await Self.pair()
        let png = try #require(Data(base64Encoded: Self.pixel))
        let id = pair.alice.sendImage(png, filename: "pixel.png", mediaType: "image/png", size: Size(width: 1, height: 1))
        try await eventually("Bob sees an image") { pair.bob.conversation.messages.contains { $0.content.kind == .image } }
        try await eventually("Alice's image is sent") { pair.alice.conversation.message(id)?.status == .sent }
        let received = try #require(pair.bob.conversation.messages.first { $0.content.kind == .image })
        guard case .image(let image) = received.content, case .url(let url) = image.source else {
            Issue.record("not an image from a URL: \(received.content)")
            return
        }
        #expect(url.path.hasPrefix("/_matrix/client/v1/media/download/"))
        #expect(image.sizeHint == Size(width: 1, height: 1))
        // Without the token the authenticated media API refuses; with it, the bytes come back.
        let bare = ImageFetcher(configuration: ImageFetcher.Configuration(diskCache: nil))
        await #expect(throws: ImageError.self) { _ = try await bare.data(for: image.source) }
        let fetcher = pair.bob.client.imageFetcher(configuration: ImageFetcher.Configuration(diskCache: nil))
        #expect(try await fetcher.data(for: image.source) == png)
        let uri = try #require(pair.bob.mediaURI(of: received.id))
        #expect(try await pair.bob.client.download(uri) == png)
        await pair.stop()
    }

    @Test("typing shows at the other end and stops; a read receipt marks the message read")
    func typingAndReceipts() async throws {
        let pair = try await Self.pair()
        let aliceID = try #require(pair.alice.client.userID)
        pair.alice.setTyping(true)
        try await eventually("Bob sees Alice typing") { pair.bob.conversation.typingSenders.map(\.id) == [aliceID] }
        pair.alice.setTyping(false)
        try await eventually("Bob sees Alice stop") { pair.bob.conversation.typingSenders.isEmpty }

        let id = pair.alice.send("Read me")
        try await eventually("Bob sees it") { Self.message("Read me", in: pair.bob) != nil }
        let seen = try #require(Self.message("Read me", in: pair.bob))
        pair.bob.markRead(upTo: seen.id)
        let bobID = try #require(pair.bob.client.userID)
        try await eventually("Alice sees Bob's receipt") {
            pair.alice.conversation.message(id)?.readers.map(\.id) == [bobID]
        }
        #expect(pair.alice.conversation.message(id)?.status == .read)
        await pair.stop()
    }

    @Test("typing follows an input bar: text typed starts it, sending stops it")
    @MainActor
    func typingFromInputBar() async throws {
        let pair = try await Self.pair()
        let bar = InputBar()
        let following = pair.alice.follow(bar)
        try await Task.sleep(for: .milliseconds(50))
        bar.text = "Hel"
        let aliceID = try #require(pair.alice.client.userID)
        try await eventually("Bob sees Alice typing") { pair.bob.conversation.typingSenders.map(\.id) == [aliceID] }
        bar.text = ""
        try await eventually("Bob sees Alice stop") { pair.bob.conversation.typingSenders.isEmpty }
        following.cancel()
        await pair.stop()
    }

    /// A 1×1 PNG.
    static let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
}
