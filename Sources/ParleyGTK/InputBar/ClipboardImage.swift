internal import CGtk4
import Foundation

/// Images on the clipboard: whether a paste should attach an image rather than insert
/// text, and reading the image as a texture and as PNG bytes.
@MainActor
enum ClipboardImage {
    /// Whether `clipboard` (a GdkClipboard) offers an image and no plain text: a copied
    /// picture, or a screenshot. Text wins when both are offered (a copied web page).
    static func offersImageOnly(_ clipboard: OpaquePointer) -> Bool {
        guard let formats = gdk_clipboard_get_formats(clipboard) else { return false }
        for text in ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "STRING"]
        where gdk_content_formats_contain_mime_type(formats, text) != 0 {
            return false
        }
        if gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0 { return true }
        var count: Int = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return false }
        for index in 0..<count {
            if let type = types[index], String(cString: type).hasPrefix("image/") { return true }
        }
        return false
    }

    /// Reads the clipboard's image; `completion` receives a GdkTexture (borrowed for the
    /// call) or `nil` when the clipboard held none it could decode.
    static func read(_ clipboard: OpaquePointer, completion: @escaping @MainActor (OpaquePointer?) -> Void) {
        typealias Callback = @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void
        let callback: Callback = { source, result, data in
            let box = Unmanaged<Signals.Box<@MainActor (OpaquePointer?) -> Void>>.fromOpaque(data!)
                .takeRetainedValue()
            let texture = gdk_clipboard_read_texture_finish(OpaquePointer(source), result, nil)
            MainActor.assumeIsolated { box.handler(texture) }
            if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        }
        let box = Unmanaged.passRetained(Signals.Box(completion)).toOpaque()
        gdk_clipboard_read_texture_async(clipboard, nil, callback, box)
    }

    /// The texture's pixels as PNG bytes.
    static func pngData(of texture: OpaquePointer) -> Data? {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size = 0
        guard let pointer = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: pointer, count: size)
    }
}
