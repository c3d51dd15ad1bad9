internal import CGtk4
import ParleyImaging

/// A decoded image ready for GTK: a GdkTexture holding the pixels, of which this object
/// owns one reference (released when it goes).
///
/// ``makePicture()`` makes a widget showing it (for a custom message kind, say); GTK takes
/// its own reference, so the widget keeps showing it even after this object is gone.
@MainActor
public final class Texture {
    /// Pixels across.
    nonisolated public let width: Int
    /// Pixels down.
    nonisolated public let height: Int
    private let reference: TextureReference

    /// A new GtkPicture showing the texture at its size or smaller (the picture keeps its
    /// aspect ratio).
    public func makePicture() -> Widget {
        let picture = gtk_picture_new_for_paintable(paintable)!
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        return Widget(picture)
    }

    /// The `GdkTexture *`.
    package var pointer: OpaquePointer { reference.pointer }

    /// The same object as a `GdkPaintable *` (a GdkTexture is a paintable), for
    /// `gtk_picture_set_paintable` and `gtk_image_set_from_paintable`.
    package var paintable: OpaquePointer { reference.pointer }

    /// The memory the pixels take (`width × height × 4` bytes): what the loader's cache
    /// counts.
    nonisolated public var byteCount: Int { width * height * 4 }

    /// A texture of `picture`'s pixels (copied into GDK's memory). Pictures hold RGBA with
    /// straight alpha, which is GDK's `GDK_MEMORY_R8G8B8A8`.
    public init(_ picture: Picture) {
        let bytes = picture.rgba.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(
            Int32(clamping: picture.width), Int32(clamping: picture.height), GDK_MEMORY_R8G8B8A8, bytes, gsize(picture.bytesPerRow))!
        width = picture.width
        height = picture.height
        reference = TextureReference(texture)
    }
}

extension Texture: Equatable {
    /// The same texture object.
    nonisolated public static func == (lhs: Texture, rhs: Texture) -> Bool {
        lhs === rhs
    }
}

/// The reference a ``Texture`` owns. GObject reference counts are atomic, so it may be
/// released on whatever thread the texture's last owner lets go of it.
private final class TextureReference {
    let pointer: OpaquePointer

    /// Takes over `pointer`'s reference (a new texture's first one).
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
