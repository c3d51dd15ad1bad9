import Foundation
import ParleyCore
import Testing

@testable import ParleySQLite

@Suite("ParleySQLite: voice, audio and video messages (#13)")
struct MediaStoreTests {
    @Test("audio and video use the existing columns; the waveform is its bytes in base 64")
    func columns() throws {
        let voice = try ContentColumns(.voice(URL(fileURLWithPath: "/n.wav"), duration: 2, waveform: [0, 1]), payloads: PayloadRegistry())
        #expect(voice == ContentColumns(kind: "audio", subkind: "voice", body: "file:///n.wav", detail: #"{"duration":2,"waveform":"AP8="}"#))
        let video = try ContentColumns(.video(URL(fileURLWithPath: "/v.webm"), duration: 3), payloads: PayloadRegistry())
        #expect(video == ContentColumns(kind: "video", body: "file:///v.webm", detail: #"{"duration":3}"#))
    }

    @Test("a 256-level waveform stays compact: under 400 bytes of JSON")
    func compact() throws {
        let audio = AudioContent(source: URL(fileURLWithPath: "/n.wav"), duration: 60, waveform: Waveform(Array(repeating: 0.7, count: 100_000)))
        let columns = try ContentColumns(.audio(audio), payloads: PayloadRegistry())
        #expect((columns.detail?.utf8.count ?? 0) < 400)
        #expect(columns.content(payloads: PayloadRegistry()) == .audio(audio))
    }

    @Test("a NaN duration survives the store and still reads as unknown")
    func nonFinite() throws {
        let store = try ConversationStore.inMemory()
        try store.insert(Fixture.message("nan", .voice(URL(fileURLWithPath: "/n.wav"), duration: .nan)))
        guard case .audio(let audio)? = try store.message("nan")?.content else {
            Issue.record("not audio")
            return
        }
        #expect(audio.duration?.isNaN == true && audio.knownDuration == nil)
    }

    @Test("damaged media columns read as nothing (the row is reported), never a crash", arguments: [
        ContentColumns(kind: "audio", body: "file:///a", detail: "{not json"),
        ContentColumns(kind: "audio", body: nil, detail: "{}"),
        ContentColumns(kind: "audio", body: "file:///a", detail: #"{"waveform":"***"}"#),
        ContentColumns(kind: "video", body: "file:///v", detail: #"{"duration":"long"}"#),
        ContentColumns(kind: "video", subkind: "url", body: "file:///v", detail: "{}"),
        ContentColumns(kind: "video", body: "", detail: "{}"),
    ])
    func damaged(columns: ContentColumns) {
        #expect(columns.content(payloads: PayloadRegistry()) == nil)
    }
}
