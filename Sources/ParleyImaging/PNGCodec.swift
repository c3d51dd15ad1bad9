import CImageCodecs
import Foundation

/// PNG through libpng's simplified API: the header first, then the whole image as 8-bit
/// RGBA with straight alpha (the simplified API cannot decode scaled).
enum PNGCodec {
    /// The size in the header.
    static func size(of data: Data) throws(ImageError) -> (width: Int, height: Int) {
        try data.withUnsafeBytes { buffer -> Result<(width: Int, height: Int), ImageError> in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0,
                image.width > 0, image.height > 0
            else { return .failure(.corrupt) }
            return .success((Int(image.width), Int(image.height)))
        }.get()
    }

    /// The whole image; refused from its header when over ``PictureDecoder/maximumPixels``.
    static func decode(_ data: Data) throws(ImageError) -> Picture {
        try data.withUnsafeBytes { buffer -> Result<Picture, ImageError> in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
                return .failure(.corrupt)
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0 else { return .failure(.corrupt) }
            guard width * height <= PictureDecoder.maximumPixels else {
                return .failure(.tooManyPixels(width: width, height: height))
            }
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            // Left uninitialised: a header that lies about its size costs no memory before
            // the data runs out, and a successful read writes every pixel.
            var finished: Int32 = 0
            let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { pixels, initialized in
                finished = png_image_finish_read(&image, nil, pixels.baseAddress, 0, nil)
                // A failed read is thrown away below, never read.
                initialized = pixels.count
            }
            guard finished != 0 else { return .failure(.corrupt) }
            return Picture(width: width, height: height, rgba: rgba).map { .success($0) } ?? .failure(.corrupt)
        }.get()
    }
}
