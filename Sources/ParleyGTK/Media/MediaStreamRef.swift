internal import CGtk4
import Foundation

/// One `GtkMediaStream` (a `GtkMediaFile` on GTK's GStreamer backend) with the signal
/// handlers connected to it, held for as long as this object lives: releasing it
/// disconnects them, stops the stream and drops it, so nothing plays or leaks after.
final class MediaStreamRef {
    let stream: UnsafeMutablePointer<GtkMediaStream>
    private var handlers: [gulong] = []

    /// Opens `url` (a file or anything GIO and GStreamer read).
    init(url: URL) {
        let file = url.isFileURL ? g_file_new_for_path(url.path) : g_file_new_for_uri(url.absoluteString)
        stream = gtk_media_file_new_for_file(file)!
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// The stream as a raw GObject pointer.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(stream) }

    /// Calls `handler` whenever one of the stream's `properties` changes.
    @MainActor
    func watch(_ properties: [String], _ handler: @escaping @MainActor () -> Void) {
        for property in properties {
            handlers.append(Signals.connectPointer(raw, "notify::" + property) { _ in handler() })
        }
    }

    /// Position and duration in seconds (0 while unknown).
    var position: Double { Double(gtk_media_stream_get_timestamp(stream)) / 1_000_000 }
    var duration: Double { Double(gtk_media_stream_get_duration(stream)) / 1_000_000 }

    /// The stream's error message, if it failed.
    var errorMessage: String? {
        guard let error = gtk_media_stream_get_error(stream) else { return nil }
        return error.pointee.message.map { String(cString: $0) } ?? "error"
    }

    deinit {
        for handler in handlers { g_signal_handler_disconnect(raw, handler) }
        gtk_media_stream_pause(stream)
        g_object_unref(raw)
    }
}
