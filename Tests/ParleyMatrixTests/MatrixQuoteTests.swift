import Foundation
import ParleyCore
import ParleyMatrix
import Testing

/// A reply whose quoted message is not loaded gets its quote from the server (#16).
@Suite("MatrixRoom: quotes of messages that are not loaded (#16)", .timeLimit(.minutes(2)))
struct MatrixQuoteTests {
    static func reply(_ text: String, to eventID: String) -> JSONValue {
        ["msgtype": "m.text", "body": .string(text), "m.relates_to": ["m.in_reply_to": ["event_id": .string(eventID)]]]
    }

    @Test("a reply in the first sync and a live one both quote a message far up; a reply to nothing stays unavailable")
    func lateQuotes() async throws {
        let alice = try await MatrixTestServer.newClient("alice")
        let bob = try await MatrixTestServer.newClient("bob")
        let roomID = try await MatrixTestServer.room(of: alice, with: [bob])
        let question = try await alice.send(["msgtype": "m.text", "body": "Far up?"], type: "m.room.message", to: roomID)
        let edited = try await alice.send(["msgtype": "m.text", "body": "Tpyo"], type: "m.room.message", to: roomID)
        try await alice.send(
            ["msgtype": "m.text", "body": "* Typo", "m.new_content": ["msgtype": "m.text", "body": "Typo"],
             "m.relates_to": ["rel_type": "m.replace", "event_id": .string(edited)]],
            type: "m.room.message", to: roomID)
        try await MatrixGapTests.send(6, "filler", from: alice, to: roomID)
        try await alice.send(Self.reply("First answer", to: question), type: "m.room.message", to: roomID)

        // Five events a sync: the question is not among them.
        let room = MatrixRoom(client: bob, roomID: roomID, configuration: MatrixRoom.Configuration(timelineLimit: 5))
        try await room.start()
        #expect(room.conversation.message(MessageID(question)) == nil)
        let name = String(try #require(alice.userID).dropFirst().prefix { $0 != ":" })
        let quote = ReplyQuote(id: MessageID(question), senderName: name, summary: "Far up?")
        func reply(_ text: String) -> Message? { room.conversation.messages.first { $0.content.summary == text } }
        try await eventually("the first answer's quote is filled") { reply("First answer")?.replyTo?.summary == "Far up?" }
        #expect(reply("First answer")?.replyTo?.senderName == quote.senderName)
        #expect(reply("First answer")?.replyTo?.id == quote.id)

        try await alice.send(Self.reply("To nothing", to: "$not-an-event"), type: "m.room.message", to: roomID)
        try await alice.send(Self.reply("Second answer", to: question), type: "m.room.message", to: roomID)
        try await alice.send(Self.reply("About the typo", to: edited), type: "m.room.message", to: roomID)
        try await eventually("the live answers' quotes are filled") {
            reply("Second answer")?.replyTo?.summary == "Far up?" && reply("About the typo")?.replyTo?.summary == "Typo"
        }
        let nothing = try #require(reply("To nothing"))
        #expect(nothing.replyTo?.id == "$not-an-event")
        #expect(nothing.replyTo?.summary == "")
        await room.stop()
    }
}
