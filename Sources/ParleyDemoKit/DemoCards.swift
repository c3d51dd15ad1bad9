import Foundation
import ParleyCore
import ParleyImaging

/// The demo's file, location and contact cards (#13): a menu to download, the café on a
/// map, and its contact.
public enum DemoCards {
    /// The three cards, sent `minutes` before `now` and a minute apart.
    public static func messages(now: Date, minutes: Double) -> [Message] {
        func at(_ offset: Double) -> Date { now.addingTimeInterval(-(minutes - offset) * 60) }
        return [
            Message(
                id: "recent-card-file", sender: DemoCast.bob, date: at(0),
                content: .file("garden-cafe-menu.pdf", bytes: 2_400_000, mediaType: "application/pdf")),
            Message(
                id: "recent-card-location", sender: DemoCast.alice, date: at(0.5),
                content: .location(LocationContent(
                    title: "Garden Café, Trafalgar Square", latitude: 51.5080, longitude: -0.1281, picture: mapPicture()))),
            Message(
                id: "recent-card-contact", sender: DemoCast.bob, date: at(1),
                content: .contact(ContactContent(name: "Garden Café", phone: "+44 20 7946 0958", email: "tables@cafe.example.com"))),
        ]
    }

    /// A made-up map tile: parks, streets, the river and a pin.
    public static func mapPicture() -> ImageSource {
        let width = 320, height = 160
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var color: (UInt8, UInt8, UInt8) = (236, 232, 222)  // land
                if (x / 40 + y / 40) % 4 == 1 { color = (200, 226, 180) }  // parks
                if x % 40 < 3 || y % 40 < 3 { color = (255, 255, 255) }  // streets
                if abs(y - 120 - (x / 16) % 6) < 9 { color = (160, 198, 232) }  // the river
                let dx = x - 160, dy = y - 70
                if dx * dx + dy * dy < 64 { color = (220, 50, 50) }  // the pin
                let index = (y * width + x) * 4
                (rgba[index], rgba[index + 1], rgba[index + 2]) = color
            }
        }
        return .data(Picture(width: width, height: height, rgba: rgba)?.pngData() ?? Data())
    }
}
