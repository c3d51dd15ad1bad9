import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: every message stored losslessly")
struct RoundTripTests {
    /// One message of every content kind and variant, from every avatar kind.
    static var everyKind: [Message] {
        let png = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) })
        let contents: [MessageContent] = [
            .text("Lunch at https://cafe.example.com? mail a@b.org or call +1 555 0100"),
            .text(TextContent("🎉")),  // forced bubble: stays text
            .emoji("👨‍👩‍👧🎉"),
            .text(TextContent("")),
            .text(TextContent("nul \u{0} inside, tab\t, esc \u{1B}[31m, bidi \u{202E}abc")),
            .text(TextContent(utf8: [0x48, 0xFF, 0xFE, 0x69, 0xC3])),  // invalid bytes become U+FFFD
            .text(TextContent("e\u{301} vs é, 🇺🇦, مرحبا, 日本語, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢")),
            .image(ImageContent(source: .data(png), sizeHint: Size(width: 1200.5, height: 1.0 / 3.0), caption: "A cat")),
            .image(ImageContent(source: .data(Data()), sizeHint: nil, caption: "")),
            .image(ImageContent(source: .file(path: "/tmp/dir with spaces/ünï.jpg"), sizeHint: Size(width: 0, height: 0))),
            .image(ImageContent(source: .url(URL(string: "https://example.com/a%20b.png?x=1&y=%E2%9C%93#frag")!), caption: nil)),
            .collection(CollectionContent(items: [
                .image(.data(png)), .text("Card"), .image(.file(path: "/a.png")),
                .image(.url(URL(string: "https://example.com/b.png")!)), .text(""),
            ], rows: 2)),
            .collection(CollectionContent(items: [], rows: 1)),
            .custom(CustomContent(Poll(question: "Pizza?", options: ["Yes", "No", "“Maybe”"]))),
            .notice(Notice(text: "Today 12:31", kind: .timestamp)),
            .system("Alice joined"),
            .file("report.pdf", bytes: 2_400_000, mediaType: "application/pdf"),
            .file(FileContent(name: "\u{1B}]0;x\u{7}\u{202E}gpj.exe", transfer: .downloading(0.25))),
            .file(FileContent(name: "", byteCount: 0, transfer: .failed)),
            .location(LocationContent(title: "Trafalgar Square", latitude: 51.508, longitude: -0.128, picture: .data(png))),
            .location(LocationContent(latitude: -90, longitude: 180, picture: .url(URL(string: "https://maps.example/t.png")!))),
            .location(LocationContent(title: "", latitude: 0, longitude: 0, picture: .file(path: "/tiles/0.png"))),
            .contact(ContactContent(name: "Ada Lovelace", phone: "+44 20 7946 0958", email: "ada@example.com")),
            .contact(ContactContent(name: "")),
            .voice(URL(fileURLWithPath: "/tmp/voice note ü.wav"), duration: 42.5, waveform: [0, 0.25, 0.5, 1]),
            .audio(AudioContent(
                source: URL(string: "https://media.example/a%20b.ogg?x=1")!, duration: nil, waveform: Waveform(bytes: Array(0...255)),
                isVoiceNote: false, byteCount: 3_000_000, mediaType: "audio/ogg")),
            .audio(AudioContent(source: URL(fileURLWithPath: "/x.opus"))),
            .video(URL(fileURLWithPath: "/clips/a.webm"), duration: 65, poster: .data(png), size: Size(width: 1920, height: 1080)),
            .video(VideoContent(source: URL(string: "https://media.example/v.mp4")!, duration: -.infinity, poster: .url(URL(string: "https://media.example/p.jpg")!), byteCount: 9, mediaType: "video/mp4")),
            .video(URL(fileURLWithPath: "/v.ogv")),
            // Markdown is stored as written, with its format.
            .markdown("**Lunch** at _noon_ `code` <b>raw</b>\n\n```\nlet x = 1\n```"),
            .markdown(""),
        ]
        return contents.enumerated().map { index, content in
            let sender = Fixture.senders[index % Fixture.senders.count]
            let status = DeliveryStatus.allCases[index % DeliveryStatus.allCases.count]
            return Fixture.message(
                "k\(index)", content, from: sender, at: 700_000_000.123456789 + Double(index) * 0.001,
                status: status, edited: index % 3 == 0)
        }
    }

    @Test("every content kind, avatar kind, status and the edited flag come back equal, in a file")
    func everyKindRoundTrips() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            store.register(Poll.self)
            try store.insert(contentsOf: Self.everyKind)
            store.close()

            let reopened = try ConversationStore(path: path)
            reopened.register(Poll.self)
            for original in Self.everyKind {
                expectSame(try reopened.message(original.id), original)
            }
            let page = try reopened.newestPage(limit: 100)
            #expect(page.messages.map(\.id) == Self.everyKind.map(\.id))
            #expect(page.messages.map(\.content.kind) == Self.everyKind.map(\.content.kind))
        }
    }

    @Test("text rebuilt from the store detects its links again; forced-bubble emoji stays text")
    func textDetections() throws {
        let store = try ConversationStore.inMemory()
        let original = Fixture.message("t", .text("see https://example.com/x now"))
        try store.insert(original)
        guard case .text(let text)? = try store.message("t")?.content else {
            Issue.record("not text")
            return
        }
        #expect(text.detections.map(\.target) == [URL(string: "https://example.com/x")])
        try store.insert(Fixture.message("forced", .text(TextContent("🎉"))))
        #expect(try store.message("forced")?.content.kind == .text)
    }

    @Test("a 1 MB text and a 1 MB image blob are stored byte for byte")
    func largeValues() throws {
        let store = try ConversationStore.inMemory()
        let text = String(repeating: "Grüße, 世界! ", count: 1_048_576 / 16)
        var generator = SystemRandomNumberGenerator()
        let blob = Data((0..<1_048_576).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let messages = [
            Fixture.message("long", .text(TextContent(text))),
            Fixture.message("blob", .image(ImageContent(source: .data(blob))), at: 2_000),
        ]
        try store.insert(contentsOf: messages)
        for message in messages { expectSame(try store.message(message.id), message) }
    }

    @Test("dates keep every bit: fractions, before 2001, far future, equal dates")
    func dates() throws {
        let store = try ConversationStore.inMemory()
        let seconds: [Double] = [0, -978_307_200.5, 1e-9, 123_456_789.000_000_1, 4e9, 0.1 + 0.2, -1e-300]
        let messages = seconds.enumerated().map { Fixture.message("d\($0.offset)", .text("x"), at: $0.element) }
        try store.insert(contentsOf: messages)
        for message in messages { expectSame(try store.message(message.id), message) }
    }

    @Test("a renamed sender's earlier messages keep the name and avatar they were sent with")
    func renamedSender() throws {
        let store = try ConversationStore.inMemory()
        let before = Fixture.message("a", .text("hi"), from: Sender(id: "ann", name: "Ann"))
        let after = Fixture.message("b", .text("hi again"), from: Sender(id: "ann", name: "Ann Smith", avatar: .none), at: 2_000)
        try store.insert(contentsOf: [before, after])
        expectSame(try store.message("a"), before)
        expectSame(try store.message("b"), after)
        #expect(try store.message("a")?.sender.name == "Ann")
    }

    @Test("an unregistered Codable payload comes back as StoredCustomPayload with kind, summary and JSON, and stores back unchanged")
    func unregisteredPayload() throws {
        let store = try ConversationStore.inMemory()
        let sticker = Sticker(pack: "cats", number: 7)
        try store.insert(Fixture.message("s", .custom(CustomContent(sticker))))
        guard case .custom(let custom)? = try store.message("s")?.content,
              let stored = custom.payload as? StoredCustomPayload
        else {
            Issue.record("not a stored payload")
            return
        }
        #expect(stored.originalKind == "sticker")
        #expect(stored.summary == "Sticker cats/7")
        #expect(try stored.decode(as: Sticker.self) == sticker)
        #expect(custom.kind == StoredCustomPayload.kind)
        #expect(MessageContent.custom(custom).summary == "Sticker cats/7")
        #expect(stored.size(fitting: 40, in: ContentUnits(style: .light.adapted(to: .cells), measurer: MonospaceMeasurer())).width > 0)

        // Saved again (e.g. after a status change), then read by a store that knows the type.
        try store.setStatus(.read, of: "s")
        try store.update("s") { $0.isEdited = true }
        store.register(Sticker.self)
        guard case .custom(let again)? = try store.message("s")?.content else {
            Issue.record("not custom")
            return
        }
        #expect(again.payload as? Sticker == sticker)
    }

    @Test("a payload that is not Codable keeps its kind and summary")
    func nonCodablePayload() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(Fixture.message("k", .custom(CustomContent(Sketch(strokes: 12)))))
        guard case .custom(let custom)? = try store.message("k")?.content,
              let stored = custom.payload as? StoredCustomPayload
        else {
            Issue.record("not a stored payload")
            return
        }
        #expect(stored.originalKind == "sketch")
        #expect(stored.summary == "Sketch of 12 strokes")
        #expect(stored.json == nil)
    }

    @Test("a registered kind whose JSON no longer decodes is kept as StoredCustomPayload, not dropped")
    func payloadThatNoLongerDecodes() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(Fixture.message("p", .custom(CustomContent(Sticker(pack: "p", number: 1)))))
        // Another type now claims the kind "sticker" but needs fields the JSON lacks.
        struct NewSticker: CustomPayload, Codable, Equatable {
            static let kind = "sticker"
            var url: URL
            var summary: String { "sticker" }
            func size(fitting width: Double, in units: ContentUnits) -> Size { .zero }
        }
        store.register(NewSticker.self)
        guard case .custom(let custom)? = try store.message("p")?.content else {
            Issue.record("dropped")
            return
        }
        #expect((custom.payload as? StoredCustomPayload)?.summary == "Sticker p/1")
    }

    @Test("revision is not stored: messages come back at revision 0, like any message handed to a conversation")
    func revisionIsNotStored() throws {
        let chat = Conversation(me: Fixture.me)
        let id = chat.append(.text("one"), from: Fixture.alice)
        try chat.update(id) { $0.content = .text("two") }
        let message = try #require(chat.message(id))
        #expect(message.revision > 0)
        let store = try ConversationStore.inMemory()
        try store.insert(message)
        let stored = try #require(try store.message(id))
        #expect(stored.revision == 0)
        #expect(stored.looksIdentical(to: message))
    }
}
