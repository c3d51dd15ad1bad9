import CGtk4
import Foundation
import ParleyCore

/// A conversation with one of every kind of row, for screenshots.
enum Showcase {
    /// A small picture written to a temporary PNG file.
    @MainActor
    static func picturePath() -> String {
        let path = NSTemporaryDirectory() + "parley-showcase-\(getpid()).png"
        if FileManager.default.fileExists(atPath: path) { return path }
        ScratchFiles.removeAtExit(path)
        let width = 240, height = 160
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let sky = Double(y) / Double(height)
                pixels[index] = UInt8(250 - 60 * sky)
                pixels[index + 1] = UInt8(150 + 40 * sky)
                pixels[index + 2] = UInt8(90 + 120 * sky)
                let dx = Double(x - 150), dy = Double(y - 110)
                if dx * dx + dy * dy < 900 { pixels[index] = 255; pixels[index + 1] = 214; pixels[index + 2] = 90 }
                if y > 120 { pixels[index] = 40; pixels[index + 1] = 70 + UInt8(y - 120); pixels[index + 2] = 110 }
            }
        }
        let bytes = g_bytes_new(pixels, gsize(pixels.count))
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))
        gdk_texture_save_to_png(texture, path)
        g_object_unref(UnsafeMutableRawPointer(texture))
        g_bytes_unref(bytes)
        return path
    }

    /// A poll, the custom kind of the showcase.
    struct Poll: CustomPayload, Equatable {
        static let kind = "poll"
        var question: String
        var options: [String]
        var summary: String { "Poll: \(question)" }
        func size(fitting width: Double, in units: ContentUnits) -> Size {
            Size(width: min(width, units.width(characters: 34)), height: units.height(lines: Double(options.count + 1)))
        }
    }

    /// The conversation: two days, three people, every content kind, statuses, typing.
    @MainActor
    static func conversation() -> Conversation {
        let me = ChatFixtures.me, alice = ChatFixtures.alice, bob = ChatFixtures.bob
        let day1 = ChatFixtures.start
        let day2 = day1.addingTimeInterval(86_400 + 3_600)
        let conversation = Conversation(me: me, clock: { day2.addingTimeInterval(900) })
        let picture = picturePath()
        var messages: [Message] = []
        func add(_ sender: Sender, _ offset: Double, _ content: MessageContent, day: Date = day2, status: DeliveryStatus = .read) {
            messages.append(Message(id: MessageID("show-\(messages.count)"), sender: sender, date: day.addingTimeInterval(offset), content: content, status: status))
        }
        add(alice, 0, .text("Did you see the photos from the trip?"), day: day1)
        add(me, 60, .text("Not yet, send them over!"), day: day1)
        add(.init(id: "system", name: "Parley"), 0, .notice(Notice(text: "Bob joined the conversation")))
        add(alice, 30, .text("Lunch at the new place on Fifth? Their menu: https://example.org/menu"))
        add(alice, 40, .text("I can book for 12:30"))
        add(me, 90, .text("Sure! 12:30 works."))
        add(me, 95, .emoji("🍜👍"))
        add(bob, 120, .text("مرحبا — count me in too (RTL check)"))
        add(alice, 150, .image(ImageContent(source: .file(path: picture), sizeHint: Size(width: 240, height: 160), caption: "Sunset from the ridge")))
        add(bob, 170, .collection(CollectionContent(items: [.image(.file(path: picture)), .text("Day 2"), .image(.file(path: picture)), .text("Day 3")])))
        add(alice, 200, .custom(CustomContent(Poll(question: "Dessert?", options: ["Gelato", "Tiramisu", "Both"]))))
        add(me, 230, .text("Running late, start without me"), status: .failed)
        add(me, 260, .text("Never mind, I'm here"), status: .delivered)
        try! conversation.append(contentsOf: messages, animated: false)
        conversation.setTyping(alice, timeout: 3_600)
        return conversation
    }
}
