import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: file, location and contact cards (#13)")
struct CardStoreTests {
    @Test("cards use the existing columns: kind, body and JSON detail (no new schema)")
    func columns() throws {
        let file = try ContentColumns(.file("a.pdf", bytes: 5), payloads: PayloadRegistry())
        #expect(file == ContentColumns(kind: "file", body: "a.pdf", detail: #"{"bytes":5}"#))
        let contact = try ContentColumns(.contact(ContactContent(name: "Ada", phone: "1")), payloads: PayloadRegistry())
        #expect(contact == ContentColumns(kind: "contact", body: "Ada", detail: #"{"phone":"1"}"#))
        let place = try ContentColumns(.location(LocationContent(latitude: 1, longitude: 2)), payloads: PayloadRegistry())
        #expect(place == ContentColumns(kind: "location", body: "", detail: #"{"latitude":1,"longitude":2}"#))
    }

    @Test("non-finite coordinates survive the store and still read as unknown")
    func nonFinite() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(Fixture.message("nan", .location(LocationContent(title: "?", latitude: .nan, longitude: -.infinity))))
        guard case .location(let place)? = try store.message("nan")?.content else {
            Issue.record("not a location")
            return
        }
        #expect(place.latitude.isNaN && place.longitude == -.infinity && !place.isValid)
    }

    @Test("damaged card columns read as nothing (the row is reported), never a crash", arguments: [
        ContentColumns(kind: "file", body: "a", detail: "{not json"),
        ContentColumns(kind: "file", body: nil, detail: "{}"),
        ContentColumns(kind: "location", body: "x", detail: #"{"latitude":"north"}"#),
        ContentColumns(kind: "location", subkind: "url", body: "x", detail: #"{"latitude":1,"longitude":2}"#),
        ContentColumns(kind: "contact", body: "x", detail: nil),
    ])
    func damaged(columns: ContentColumns) {
        #expect(columns.content(payloads: PayloadRegistry()) == nil)
    }
}
