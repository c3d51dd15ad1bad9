import CImageCodecs
import Foundation

/// A decoded picture: 8-bit RGBA pixels, row by row.
public struct Picture: Sendable, Hashable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// Creates a picture from RGBA bytes (`width × height × 4` of them).
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at `x`, `y` blended over `background` by its alpha.
    func color(x: Int, y: Int, over background: (UInt8, UInt8, UInt8)) -> TerminalColor {
        let index = (y * width + x) * 4
        let alpha = Int(rgba[index + 3])
        func blend(_ value: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((Int(value) * alpha + Int(under) * (255 - alpha)) / 255)
        }
        return .rgb(blend(rgba[index], background.0), blend(rgba[index + 1], background.1), blend(rgba[index + 2], background.2))
    }

    /// This picture scaled to `width` × `height` by averaging the pixels each new pixel
    /// covers (a box filter: right for shrinking, which is all a terminal needs).
    public func scaled(width newWidth: Int, height newHeight: Int) -> Picture {
        let targetWidth = max(1, newWidth), targetHeight = max(1, newHeight)
        if targetWidth == width && targetHeight == height { return self }
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        for y in 0..<targetHeight {
            let top = y * height / targetHeight, bottom = max(top + 1, (y + 1) * height / targetHeight)
            for x in 0..<targetWidth {
                let left = x * width / targetWidth, right = max(left + 1, (x + 1) * width / targetWidth)
                var sums = (0, 0, 0, 0)
                for sourceY in top..<bottom {
                    for sourceX in left..<right {
                        let index = (sourceY * width + sourceX) * 4
                        sums.0 += Int(rgba[index]); sums.1 += Int(rgba[index + 1])
                        sums.2 += Int(rgba[index + 2]); sums.3 += Int(rgba[index + 3])
                    }
                }
                let count = (bottom - top) * (right - left), to = (y * targetWidth + x) * 4
                result[to] = UInt8(sums.0 / count); result[to + 1] = UInt8(sums.1 / count)
                result[to + 2] = UInt8(sums.2 / count); result[to + 3] = UInt8(sums.3 / count)
            }
        }
        return Picture(width: targetWidth, height: targetHeight, rgba: result)!
    }

    /// The picture encoded as PNG; for demos and tests that need real image files.
    public func pngData() -> Data? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, rgba, 0, nil) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard png_image_write_to_memory(&image, &bytes, &size, 0, rgba, 0, nil) != 0 else { return nil }
        return Data(bytes[0..<size])
    }
}
