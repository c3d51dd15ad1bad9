import Foundation
import ParleyCore
import ParleyImaging

/// The demo's link previews (#13): the café's page, supplied as an app whose server made
/// the preview would, and, with `--link-previews`, previews fetched from the pages that
/// messages link to.
public enum DemoLinkPreviews {
    /// The preview of the café's page, on Alice's "Found a place for lunch" message.
    public static func cafe() -> LinkPreview {
        LinkPreview(
            url: URL(string: "https://cafe.example.com")!, title: "The Garden Café — lunch under the plane trees",
            summary: "Seasonal plates, a walled garden and long tables for groups. Open every day from 11:30; book before noon.",
            siteName: "Garden Café", image: gardenPicture(), imageSize: Size(width: 600, height: 314))
    }

    /// What fetches previews when the demo is asked to: pages read in their first 512 KB,
    /// answers kept in the image cache's folder between runs.
    public static func fetcher() -> any LinkPreviewProviding {
        LinkPreviewFetcher(configuration: .init(diskCache: .standard()))
    }

    /// A made-up picture of the garden: sky, a hedge, tables and parasols.
    static func gardenPicture() -> ImageSource {
        let width = 300, height = 157
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var color: (UInt8, UInt8, UInt8)
                if y < 60 {
                    color = (UInt8(150 + y), UInt8(195 + y / 2), 235)  // sky
                } else if y < 95 {
                    color = ((x / 7 + y / 5) % 3 == 0) ? (52, 110, 58) : (70, 135, 70)  // the hedge
                } else {
                    color = (196, 178, 140)  // gravel
                }
                for table in 0..<4 {
                    let cx = 45 + table * 70, dx = x - cx
                    // A parasol (a half disc) over a table on one leg.
                    if y >= 70 && y < 92 && dx * dx + (y - 92) * (y - 92) < 26 * 26 {
                        color = table % 2 == 0 ? (225, 80, 70) : (245, 240, 230)
                    }
                    if abs(dx) < 2 && y >= 92 && y < 125 { color = (90, 80, 70) }
                    if abs(dx) < 20 && y >= 120 && y < 125 { color = (120, 95, 70) }
                }
                let index = (y * width + x) * 4
                (rgba[index], rgba[index + 1], rgba[index + 2]) = color
            }
        }
        return .data(Picture(width: width, height: height, rgba: rgba)?.pngData() ?? Data())
    }
}
