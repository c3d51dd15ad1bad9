internal import CGtk4
import Foundation
import ParleyCore

/// Decodes attachment thumbnails off the main actor: scaled down while decoding, and
/// refused (no texture, size still known) when the image is too large to decode safely.
///
/// A GdkPixbufLoader announces the image's size from its header ("size-prepared")
/// before it allocates pixels. There the thumbnail's size is set, or, for a huge image, a
/// 0×0 size, which the loaders treat as an error instead of decoding.
enum AttachmentThumbnail {
    /// The longest side of a thumbnail, in pixels (twice the chip, for HiDPI screens).
    static let maximumEdge = 128
    /// Images with more pixels than this are not decoded (a 30000×30000 image would need
    /// gigabytes); the chip keeps its placeholder icon.
    static let maximumPixels = 40_000_000

    /// A decoded pixbuf (a full reference, or `nil`) and the image's own size.
    struct Decoded: @unchecked Sendable {
        /// The GdkPixbuf, owned by whoever receives it.
        var pixbuf: OpaquePointer?
        /// The image's size from its header; `nil` when unreadable.
        var size: Size?
    }

    /// What the "size-prepared" handler reads and writes.
    private final class Request {
        var width = 0
        var height = 0
        var refused = false
    }

    /// Decodes a thumbnail of `source` (files and encoded bytes; URLs are not decoded).
    /// Runs on the caller's thread; gdk-pixbuf only, no GTK calls.
    static func decode(_ source: ImageSource) -> Decoded {
        let request = Request()
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        typealias Prepared = @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void
        let prepared: Prepared = { loader, width, height, data in
            let request = Unmanaged<Request>.fromOpaque(data!).takeUnretainedValue()
            let (width, height) = (Int(truncatingIfNeeded: width), Int(truncatingIfNeeded: height))
            request.width = width
            request.height = height
            guard width > 0, height > 0, width * height <= AttachmentThumbnail.maximumPixels else {
                request.refused = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
                return
            }
            let longest = max(width, height)
            guard longest > AttachmentThumbnail.maximumEdge else { return }
            let scale = Double(AttachmentThumbnail.maximumEdge) / Double(longest)
            gdk_pixbuf_loader_set_size(
                loader, gint(saturating: max(1, (Double(width) * scale).rounded())),
                gint(saturating: max(1, (Double(height) * scale).rounded())))
        }
        let context = Unmanaged.passUnretained(request).toOpaque()
        g_signal_connect_data(
            UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(prepared, to: GCallback.self), context, nil,
            GConnectFlags(rawValue: 0))

        var written = true
        switch source {
        case .file(let path):
            if let file = FileHandle(forReadingAtPath: path) {
                defer { try? file.close() }
                while written, !request.refused {
                    guard let chunk = try? file.read(upToCount: 1 << 16), !chunk.isEmpty else { break }
                    written = write(chunk, to: loader)
                }
            } else {
                written = false
            }
        case .data(let data):
            written = !data.isEmpty && write(data, to: loader)
        case .url:
            written = false
        }
        let closed = gdk_pixbuf_loader_close(loader, nil) != 0
        withExtendedLifetime(request) {}
        let size = request.width > 0 && request.height > 0
            ? Size(width: Double(request.width), height: Double(request.height)) : nil
        guard written, closed, !request.refused, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            return Decoded(pixbuf: nil, size: size)
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return Decoded(pixbuf: pixbuf, size: size)
    }

    private static func write(_ data: Data, to loader: UnsafeMutablePointer<GdkPixbufLoader>) -> Bool {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.bindMemory(to: guchar.self).baseAddress else { return false }
            return gdk_pixbuf_loader_write(loader, base, gsize(bytes.count), nil) != 0
        }
    }

    /// Decodes `source` on a background thread and returns a texture of it (a full
    /// reference to a GdkTexture, or `nil`) with the image's size.
    @MainActor
    static func load(_ source: ImageSource) async -> (texture: UnsafeMutableRawPointer?, size: Size?) {
        let decoded = await Task.detached(priority: .userInitiated) { decode(source) }.value
        guard let pixbuf = decoded.pixbuf else { return (nil, decoded.size) }
        let texture = gdk_texture_new_for_pixbuf(pixbuf)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return (texture.map { UnsafeMutableRawPointer($0) }, decoded.size)
    }
}
