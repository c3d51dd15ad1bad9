internal import CGtk4
import Foundation

/// A GtkApplication that runs Swift concurrency in its main loop: the quickest way to a
/// window.
///
/// ```swift
/// ParleyApplication(id: "org.example.Chat").run { window in
///     window.child = ChatScreen(conversation: chat).widget
/// }
/// ```
@MainActor
public final class ParleyApplication {
    /// The application's id (reverse DNS).
    public let id: String
    /// The window's title.
    public var title: String
    /// The window's default size, in pixels.
    public var size: (width: Int, height: Int) = (420, 720)

    /// Creates an application; `id` must be a valid GApplication id ("org.example.Chat").
    public init(id: String, title: String = "Parley") {
        self.id = id
        self.title = title
    }

    /// Runs the main loop until the window closes; `build` fills the window when the
    /// application activates. Returns the exit status.
    @discardableResult
    public func run(_ build: @escaping @MainActor (Window) -> Void) -> Int32 {
        GTK.runsMainActorTasks()
        GTK.leavesGLUnloadedUnderCairo()
        let application = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)!
        let title = self.title, size = self.size
        Signals.connect(UnsafeMutableRawPointer(application), "activate") {
            let window = Window(gtk_application_window_new(application)!.cast(to: GtkWindow.self))
            window.title = title
            gtk_window_set_default_size(window.pointer, Int32(clamping: size.width), Int32(clamping: size.height))
            build(window)
            window.present()
        }
        let status = g_application_run(UnsafeMutablePointer<GApplication>(OpaquePointer(application)), 0, nil)
        g_object_unref(UnsafeMutableRawPointer(application))
        return status
    }
}
