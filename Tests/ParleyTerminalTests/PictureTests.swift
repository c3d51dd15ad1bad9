import CImageCodecs
import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal
import ParleyImaging

/// A test picture: a red-to-blue gradient left to right, green growing downwards.
func gradient(width: Int, height: Int) -> Picture {
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let index = (y * width + x) * 4
            rgba[index] = UInt8(255 - 255 * x / max(1, width - 1))
            rgba[index + 1] = UInt8(255 * y / max(1, height - 1))
            rgba[index + 2] = UInt8(255 * x / max(1, width - 1))
        }
    }
    return Picture(width: width, height: height, rgba: rgba)!
}

/// The same picture as JPEG bytes, through libjpeg-turbo.
func jpeg(_ picture: Picture) -> Data {
    let handle = tjInitCompress()!
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(handle, picture.rgba, Int32(picture.width), 0, Int32(picture.height), Int32(TJPF_RGBA.rawValue), &output, &size, Int32(TJSAMP_444.rawValue), 90, 0)
    precondition(status == 0)
    defer { tjFree(output) }
    return Data(bytes: output!, count: Int(size))
}

/// The CRC-32 PNG chunks carry (polynomial 0xEDB88320), bit by bit.
func pngCRC(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

@Suite("Pictures")
struct PictureTests {
    @Test("PNG and JPEG decode and scale to the box asked for", arguments: ["png", "jpeg"])
    func decode(format: String) throws {
        let original = gradient(width: 400, height: 300)
        let data = format == "png" ? try #require(original.pngData()) : jpeg(original)
        let decoded = try PictureDecoder.decode(.data(data), width: 40, height: 30).get()
        #expect(decoded.width == 40 && decoded.height == 30)
        // Corners keep their colours: red at the left, blue at the right, green below.
        #expect(decoded.rgba[0] > 200 && decoded.rgba[2] < 60)
        let topRight = (39) * 4
        #expect(decoded.rgba[topRight] < 60 && decoded.rgba[topRight + 2] > 200)
        let bottomLeft = (29 * 40) * 4
        #expect(decoded.rgba[bottomLeft + 1] > 200)
    }

    @Test("files decode; missing, broken, truncated and remote pictures fail with a reason")
    func failures() throws {
        let png = try #require(gradient(width: 64, height: 64).pngData())
        let path = NSTemporaryDirectory() + "parley-\(UUID().uuidString).png"
        try png.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect((try? PictureDecoder.decode(.file(path: path), width: 8, height: 8).get())?.width == 8)
        #expect(PictureDecoder.decode(.file(path: "/nonexistent.png"), width: 8, height: 8) == .failure(.unreadable))
        #expect(PictureDecoder.decode(.data(Data("not a picture".utf8)), width: 8, height: 8) == .failure(.undecodable))
        #expect(PictureDecoder.decode(.data(png.prefix(60)), width: 8, height: 8) == .failure(.undecodable))
        #expect(PictureDecoder.decode(.url(URL(string: "https://example.com/a.png")!), width: 8, height: 8) == .failure(.remote))
        var jpegBytes = jpeg(gradient(width: 64, height: 64))
        jpegBytes = jpegBytes.prefix(jpegBytes.count / 2)  // truncated: decodes what it has or fails, never crashes
        _ = PictureDecoder.decode(.data(jpegBytes), width: 8, height: 8)
    }

    @Test("with a fetcher, pictures given by URL are downloaded and decoded; without one they say remote (#16)")
    @MainActor
    func fetched() async throws {
        let png = try #require(gradient(width: 64, height: 64).pngData())
        let path = NSTemporaryDirectory() + "parley-\(UUID().uuidString).png"
        try png.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let url = ImageSource.url(URL(fileURLWithPath: path))
        let missing = ImageSource.url(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).png"))
        let plain = PictureCache()
        plain.decodesSynchronously = true
        #expect(plain.state(for: url, width: 8, height: 8) == .failed(.remote))
        let cache = PictureCache()
        cache.decodesSynchronously = true  // the download still happens off the main actor
        cache.fetcher = ImageFetcher()
        var changes = 0
        cache.onChange = { changes += 1 }
        #expect(cache.state(for: url, width: 8, height: 8) == .loading)
        #expect(cache.state(for: missing, width: 8, height: 8) == .loading)
        for _ in 0..<500 where changes < 2 { try await Task.sleep(for: .milliseconds(10)) }
        guard case .ready(let picture) = cache.state(for: url, width: 8, height: 8) else {
            Issue.record("not decoded: \(cache.state(for: url, width: 8, height: 8))")
            return
        }
        #expect(picture.width == 8 && picture.height == 8)
        guard case .failed(let reason) = cache.state(for: missing, width: 8, height: 8) else {
            Issue.record("a missing file should fail")
            return
        }
        #expect(reason != .remote)
    }

    @Test("a 30000×30000 header is refused before decoding")
    func huge() throws {
        // A valid PNG whose header claims 30000×30000: patch the IHDR of a small one.
        var png = [UInt8](try #require(gradient(width: 2, height: 2).pngData()))
        let ihdr = 16  // width at 16..<20, height at 20..<24, CRC at 29..<33
        for (offset, value) in [(ihdr, UInt32(30_000)), (ihdr + 4, UInt32(30_000))] {
            png[offset] = UInt8(value >> 24); png[offset + 1] = UInt8(value >> 16 & 0xFF)
            png[offset + 2] = UInt8(value >> 8 & 0xFF); png[offset + 3] = UInt8(value & 0xFF)
        }
        let crc = pngCRC(png[12..<29])
        png[29] = UInt8(crc >> 24); png[30] = UInt8(crc >> 16 & 0xFF); png[31] = UInt8(crc >> 8 & 0xFF); png[32] = UInt8(crc & 0xFF)
        #expect(PictureDecoder.decode(.data(Data(png)), width: 32, height: 24) == .failure(.tooLarge(width: 30_000, height: 30_000)))
    }

    @Test("an image message draws as half blocks with the picture's colours")
    @MainActor
    func halfBlocks() throws {
        let png = try #require(gradient(width: 320, height: 240).pngData())
        let message = Message(id: "p", sender: Cast.alice, date: Cast.noon, content: .image(.data(png), size: Size(width: 320, height: 240)))
        let screen = ChatScreen(conversation: Conversation(me: Cast.me, messages: [message]), style: Cast.style(.light), columns: 60, rows: 24)
        screen.pictures.decodesSynchronously = true
        let (buffer, _) = screen.render()
        let halfBlocks = buffer.cells.filter { $0.symbol == "▀" && $0.style.background != .default }
        #expect(halfBlocks.count >= 16 * 12)
        // The leftmost picture column is red-ish, the rightmost blue-ish.
        let rows = Dictionary(grouping: buffer.cells.enumerated().filter { $0.element.symbol == "▀" && $0.element.style.background != .default }) { $0.offset / 60 }
        let row = try #require(rows.values.max { $0.count < $1.count })
        guard case .rgb(let red, _, _) = row.first!.element.style.foreground, case .rgb(_, _, let blue) = row.last!.element.style.foreground else {
            Issue.record("expected RGB cells")
            return
        }
        #expect(red > 200 && blue > 200)
    }

    @Test("pictures decode off the main actor and ask for a redraw when ready")
    @MainActor
    func asynchronous() async throws {
        let cache = PictureCache()
        let png = try #require(gradient(width: 100, height: 100).pngData())
        var redraws = 0
        cache.onChange = { redraws += 1 }
        #expect(cache.state(for: .data(png), width: 10, height: 10) == .loading)
        let deadline = Date().addingTimeInterval(30)
        while redraws == 0, Date() < deadline { try await Task.sleep(nanoseconds: 2_000_000) }
        #expect(redraws == 1)
        guard case .ready(let picture) = cache.state(for: .data(png), width: 10, height: 10) else {
            Issue.record("not decoded")
            return
        }
        #expect(picture.width == 10)
    }
}

@Suite("Pictures in avatars and collections")
@MainActor
struct PictureUseTests {
    @Test("an image avatar and image cards draw in half blocks; broken ones fall back")
    func avatarsAndCards() throws {
        let png = try #require(gradient(width: 64, height: 64).pngData())
        let path = NSTemporaryDirectory() + "parley-avatar-\(UUID().uuidString).png"
        try png.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pictured = Sender(id: "pic", name: "Pic Ture", avatar: .file(path: path))
        let broken = Sender(id: "broken", name: "Bro Ken", avatar: .file(path: "/nonexistent.png"))
        let messages = [
            Message(id: "1", sender: pictured, date: Cast.noon, content: .text("hi")),
            Message(id: "2", sender: broken, date: Cast.noon.addingTimeInterval(60), content: .collection(CollectionContent(items: [.image(.data(png)), .text("card")]))),
        ]
        let screen = ChatScreen(conversation: Conversation(me: Cast.me, messages: messages), style: Cast.style(.light), columns: 60, rows: 24)
        screen.pictures.decodesSynchronously = true
        let lines = screen.render().buffer.lines
        #expect(lines.contains { $0.hasPrefix(" ▀▀▀▀ ") })  // the pictured avatar, columns 1–4
        #expect(lines.contains { $0.contains(" BK ") })  // initials for the broken one
        #expect(lines.contains { $0.contains("│▀▀▀▀▀▀▀▀▀▀│") })  // the image card
    }
}
