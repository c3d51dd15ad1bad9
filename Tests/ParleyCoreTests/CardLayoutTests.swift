import Foundation
import Testing
@testable import ParleyCore

@Suite("Card layout (#13)")
struct CardLayoutTests {
    static let report = FileContent(name: "report.pdf", byteCount: 2_400_000)

    /// The layout of one incoming message holding `content`, 60 cells wide.
    private func layout(_ content: MessageContent, width: Double = 60, engine: LayoutEngine = Fixture.engine()) -> RowLayout {
        let message = Message(id: "1", sender: Fixture.alice, date: Fixture.noon, content: content)
        let chat = Conversation(me: Fixture.me, messages: [message])
        return chat.read { rows in engine.layout(at: 0, in: rows, width: width) }
    }

    /// `rect` relative to the card's top-left.
    private func local(_ rect: Rect, in card: CardLayout) -> Rect {
        rect.offsetBy(dx: -card.frame.minX, dy: -card.frame.minY)
    }

    @Test("a file card: icon beside name and size, Open and Save under them (cells)")
    func fileCells() throws {
        let row = layout(.file(Self.report))
        let card = try #require(row.card)
        #expect(card.frame == row.content)
        #expect(card.frame == Rect(x: 8, y: 4, width: 28, height: 3))
        #expect(row.bubble == Rect(x: 6, y: 3, width: 32, height: 5))
        #expect(card.icon == .file(.document))
        #expect(local(card.iconFrame, in: card) == Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(card.lines.map(\.text) == ["report.pdf", "2.4 MB"])
        #expect(card.lines.map { local($0.frame, in: card) } == [
            Rect(x: 3, y: 0, width: 10, height: 1), Rect(x: 3, y: 1, width: 6, height: 1),
        ])
        #expect(card.buttons.map(\.label) == ["Open", "Save"])
        #expect(card.buttons.map { local($0.frame, in: card) } == [
            Rect(x: 0, y: 2, width: 6, height: 1), Rect(x: 7, y: 2, width: 6, height: 1),
        ])
        #expect(card.progress == nil)
        #expect(card.accessibleName == "File: report.pdf, 2.4 MB")
    }

    @Test("downloading shows a bar and its percentage; a failure says so")
    func transfer() throws {
        var file = Self.report
        file.transfer = .downloading(0.425)
        let card = try #require(layout(.file(file)).card)
        let progress = try #require(card.progress)
        #expect(progress.label == "42%")
        #expect(progress.fraction == 0.425)
        // "100%" is 4 wide: the bar takes the rest of the 28 but for a gap.
        #expect(local(progress.bar, in: card) == Rect(x: 0, y: 2, width: 23, height: 1))
        #expect(local(progress.labelFrame, in: card) == Rect(x: 24, y: 2, width: 4, height: 1))
        #expect(card.buttons.map { local($0.frame, in: card).minY } == [3, 3])
        #expect(card.frame.height == 4)

        file.transfer = .failed
        let failed = try #require(layout(.file(file)).card)
        #expect(failed.progress == nil)
        #expect(failed.lines.last?.text == "Download failed")
        #expect(failed.lines.last?.role == .failure)
        #expect(failed.lines.last.map { local($0.frame, in: failed) } == Rect(x: 0, y: 2, width: 15, height: 1))
    }

    @Test("progress outside 0…1 or NaN is clamped", arguments: [(-3.0, "0%"), (7, "100%"), (.nan, "0%"), (.infinity, "100%")])
    func clampedProgress(value: Double, label: String) throws {
        var file = Self.report
        file.transfer = .downloading(value)
        let progress = try #require(layout(.file(file)).card?.progress)
        #expect(progress.label == label)
        #expect((0...1).contains(progress.fraction))
    }

    @Test("a file card in pixels: a square icon two lines high, padded buttons")
    func filePoints() throws {
        let engine = LayoutEngine(style: .iMessage, measurer: MonospaceMeasurer(cellWidth: 8, lineHeight: 18))
        let row = layout(.file(Self.report), width: 400, engine: engine)
        let card = try #require(row.card)
        // 28 characters of 8 points; line gap 8 (0.4 of a line), half of it between parts.
        #expect(card.frame.width == 224)
        #expect(local(card.iconFrame, in: card) == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(card.lines.map { local($0.frame, in: card) } == [
            Rect(x: 48, y: 0, width: 80, height: 18), Rect(x: 48, y: 22, width: 48, height: 18),
        ])
        #expect(card.buttons.map { local($0.frame, in: card) } == [
            Rect(x: 0, y: 44, width: 56, height: 30), Rect(x: 64, y: 44, width: 56, height: 30),
        ])
        #expect(card.frame.height == 74)
    }

    @Test("a 5000-character name is cut in the middle to the card, keeping its extension")
    func longName() throws {
        let name = String(repeating: "a", count: 2500) + String(repeating: "b", count: 2496) + ".pdf"
        let card = try #require(layout(.file(FileContent(name: name, byteCount: 10))).card)
        let title = card.lines[0]
        #expect(title.text.count == 25)
        #expect(title.text.hasPrefix("aaaaaaaaaaaa…"))
        #expect(title.text.hasSuffix("bbbbbbbb.pdf"))
        #expect(card.frame.height == 3)
        #expect(card.accessibleName.count < 600)
    }

    @Test("controls, escapes and bidi overrides in names are shown inert")
    func hostileName() throws {
        let card = try #require(layout(.file(FileContent(name: "\u{1B}[2Jevil\u{202E}fdp.exe\n"))).card)
        let text = card.lines[0].text
        #expect(!text.unicodeScalars.contains { InertText.needsReplacement($0) })
        #expect(text.hasPrefix("␛[2Jevil\u{FFFD}"))
        #expect(card.icon == .file(.other))
    }

    @Test("a missing name reads \"Unnamed file\"; a missing size shows the extension", arguments: [
        (FileContent(name: ""), ["Unnamed file", ""]),
        (FileContent(name: "song.ogg"), ["song.ogg", "OGG"]),
        (FileContent(name: "x", byteCount: 999), ["x", "999 bytes"]),
    ])
    func missing(file: FileContent, lines: [String]) throws {
        #expect(try #require(layout(.file(file)).card).lines.map(\.text) == lines)
    }

    @Test("a location: picture across the top, pin beside title and coordinates")
    func location() throws {
        let place = LocationContent(title: "Trafalgar Square", latitude: 51.5074, longitude: -0.1278, picture: .file(path: "/map.png"))
        let card = try #require(layout(.location(place)).card)
        #expect(card.icon == .location)
        #expect(card.picture.map { local($0, in: card) } == Rect(x: 0, y: 0, width: 28, height: 7))
        #expect(local(card.iconFrame, in: card) == Rect(x: 0, y: 7, width: 2, height: 2))
        #expect(card.lines.map(\.text) == ["Trafalgar Square", "51.5074° N, 0.1278° W"])
        #expect(card.lines.map { local($0.frame, in: card) } == [
            Rect(x: 3, y: 7, width: 16, height: 1), Rect(x: 3, y: 8, width: 21, height: 1),
        ])
        #expect(card.frame.height == 9)

        let bare = try #require(layout(.location(LocationContent(latitude: -33.8688, longitude: 151.2093))).card)
        #expect(bare.picture == nil)
        #expect(bare.lines.map(\.text) == ["Location", "33.8688° S, 151.2093° E"])
        #expect(bare.frame.height == 2)
    }

    @Test("impossible coordinates read \"Unknown location\"", arguments: [
        (Double.nan, 0.0), (0, .infinity), (91, 0), (0, -180.5), (-.infinity, .nan),
    ])
    func badCoordinates(latitude: Double, longitude: Double) throws {
        let card = try #require(layout(.location(LocationContent(title: "X", latitude: latitude, longitude: longitude))).card)
        #expect(card.lines[1].text == "Unknown location")
        #expect(card.lines[1].role == .failure)
    }

    @Test("a contact: name, then phone and e-mail as tappable lines")
    func contact() throws {
        let ada = ContactContent(name: "Ada Lovelace", phone: "+44 20 7946 0958", email: "ada@example.com")
        let card = try #require(layout(.contact(ada)).card)
        #expect(card.icon == .contact)
        #expect(card.lines.map(\.text) == ["Ada Lovelace", "+44 20 7946 0958", "ada@example.com"])
        #expect(card.lines.map(\.target) == [nil, .phone, .email])
        #expect(card.lines.map { local($0.frame, in: card) } == [
            Rect(x: 3, y: 0, width: 12, height: 1), Rect(x: 3, y: 1, width: 16, height: 1),
            Rect(x: 3, y: 2, width: 15, height: 1),
        ])
        #expect(card.lines[1].accessibleName == "Call +44 20 7946 0958")
        #expect(card.frame.height == 3)
        #expect(card.accessibleName == "Contact: Ada Lovelace, +44 20 7946 0958, ada@example.com")
    }

    @Test("an empty contact is a quiet card, not a crash")
    func emptyContact() throws {
        let card = try #require(layout(.contact(ContactContent(name: " ", phone: "", email: nil))).card)
        #expect(card.lines.map(\.text) == ["Contact", "No phone or e-mail"])
        #expect(card.lines.allSatisfy { $0.target == nil })
    }

    @Test("a narrow row shrinks the card to the bubble; right to left mirrors it")
    func narrowAndMirrored() throws {
        let narrow = try #require(layout(.file(Self.report), width: 20).card)
        #expect(narrow.frame.width < 28)
        #expect(narrow.lines.allSatisfy { $0.frame.maxX <= narrow.frame.maxX })

        var style = Fixture.cellStyle
        style.direction = .rightToLeft
        // A left-to-right name keeps its card's order; a Hebrew one mirrors it too.
        let row = layout(.file(Self.report), engine: Fixture.engine(style))
        let card = try #require(row.card)
        #expect(card.frame == row.content)
        #expect(card.frame.maxX == 52)
        #expect(card.iconFrame.minX == card.frame.minX)
        let hebrew = layout(.file(FileContent(name: "דוח.pdf", byteCount: 1)), engine: Fixture.engine(style))
        let mirrored = try #require(hebrew.card)
        #expect(mirrored.iconFrame.maxX == mirrored.frame.maxX)
        #expect(mirrored.buttons.first.map { $0.frame.maxX == mirrored.frame.maxX } == true)
    }

    @Test("summaries name the kind for notifications and screen readers")
    func summaries() {
        #expect(MessageContent.file("report.pdf", bytes: 2_400_000).summary == "File: report.pdf, 2.4 MB")
        #expect(MessageContent.location(LocationContent(title: "Home", latitude: 1, longitude: 2)).summary
            == "Location: Home, 1.0000° N, 2.0000° E")
        #expect(MessageContent.contact(ContactContent(name: "Ada", email: "a@b.c")).summary == "Contact: Ada, a@b.c")
        #expect(CardStrings.decimalSize(0) == "0 bytes")
        #expect(CardStrings.decimalSize(1_000) == "1.0 KB")
        #expect(CardStrings.decimalSize(512_000) == "512 KB")
        #expect(CardStrings.decimalSize(999_999) == "1.0 MB")
        #expect(CardStrings.decimalSize(.max) == "9.2 EB")
    }

    @Test("file kinds come from the media type, else the extension")
    func kinds() {
        #expect(FileKind(name: "a.PDF") == .document)
        #expect(FileKind(name: "a.tar.gz") == .archive)
        #expect(FileKind(name: "main.swift") == .code)
        #expect(FileKind(name: "noise", mediaType: "audio/ogg") == .audio)
        #expect(FileKind(name: "photo.bin", mediaType: "image/png") == .image)
        #expect(FileKind(name: "README") == .other)
    }
}
