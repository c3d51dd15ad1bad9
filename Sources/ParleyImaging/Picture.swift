import CImageCodecs
import Foundation

/// A decoded picture: 8-bit RGBA pixels, row by row.
///
/// Alpha is straight (not premultiplied): a half-transparent red pixel is `255, 0, 0, 128`.
/// That is what libpng's simplified API and libjpeg-turbo produce, and what GDK calls
/// `GDK_MEMORY_R8G8B8A8`.
public struct Picture: Sendable, Hashable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (straight alpha).
    public let rgba: [UInt8]

    /// Creates a picture from RGBA bytes (`width × height × 4` of them).
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Bytes per row (`width × 4`).
    public var bytesPerRow: Int { width * 4 }

    /// This picture scaled to `width` × `height` by averaging the pixels each new pixel
    /// covers (a box filter: right for shrinking; growing repeats pixels). Colours are
    /// averaged weighted by their alpha, so transparent pixels lend no colour to the edge.
    public func scaled(width newWidth: Int, height newHeight: Int) -> Picture {
        let targetWidth = max(1, newWidth), targetHeight = max(1, newHeight)
        if targetWidth == width && targetHeight == height { return self }
        let sourceWidth = width, sourceHeight = height
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for y in 0..<targetHeight {
                    let top = y * sourceHeight / targetHeight
                    let bottom = max(top + 1, (y + 1) * sourceHeight / targetHeight)
                    for x in 0..<targetWidth {
                        let left = x * sourceWidth / targetWidth
                        let right = max(left + 1, (x + 1) * sourceWidth / targetWidth)
                        var red = 0, green = 0, blue = 0, alpha = 0
                        for sourceY in top..<bottom {
                            var index = (sourceY * sourceWidth + left) * 4
                            for _ in left..<right {
                                let weight = Int(source[index + 3])
                                red += Int(source[index]) * weight
                                green += Int(source[index + 1]) * weight
                                blue += Int(source[index + 2]) * weight
                                alpha += weight
                                index += 4
                            }
                        }
                        let count = (bottom - top) * (right - left), to = (y * targetWidth + x) * 4
                        if alpha > 0 {
                            target[to] = UInt8(red / alpha)
                            target[to + 1] = UInt8(green / alpha)
                            target[to + 2] = UInt8(blue / alpha)
                        }
                        target[to + 3] = UInt8(alpha / count)
                    }
                }
            }
        }
        return Picture(width: targetWidth, height: targetHeight, rgba: result)!
    }

    /// The size this picture takes to fit inside `maxWidth` × `maxHeight` with its aspect
    /// kept; never larger than the picture (it is not enlarged), never below 1 × 1.
    public static func fittingSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        let boxWidth = max(1, maxWidth), boxHeight = max(1, maxHeight)
        guard width > boxWidth || height > boxHeight else { return (width, height) }
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        let fitted = (
            width: min(boxWidth, max(1, Int((Double(width) * scale).rounded()))),
            height: min(boxHeight, max(1, Int((Double(height) * scale).rounded())))
        )
        return fitted
    }

    /// This picture shrunk (box filter, aspect kept) to fit inside `maxWidth` × `maxHeight`;
    /// itself when it already fits.
    public func fitting(maxWidth: Int, maxHeight: Int) -> Picture {
        let size = Self.fittingSize(width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
        return scaled(width: size.width, height: size.height)
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
