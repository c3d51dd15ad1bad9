internal import CGtk4

/// The "attach images" dialog: a GtkFileChooserNative (the desktop's portal dialog where
/// there is one) opening one or more image files. GTK 4.8 has no GtkFileDialog.
///
/// The chooser is kept alive until it answers; ``respond(with:)`` is the same path the
/// dialog's answer takes, so tests can answer it.
@MainActor
final class ImageChooser {
    /// The dialog (a GtkFileChooserNative).
    let object: UnsafeMutableRawPointer
    private var completion: (@MainActor ([String]) -> Void)?

    /// Creates a chooser for `parent`'s window; `completion` receives the chosen paths
    /// (empty when cancelled), once.
    init(parent: WidgetPointer, completion: @escaping @MainActor ([String]) -> Void) {
        self.completion = completion
        let window = gtk_widget_get_root(parent).flatMap { root -> UnsafeMutablePointer<GtkWindow>? in
            let object = UnsafeMutableRawPointer(root)
            let windowType = gtk_window_get_type()
            let isWindow = g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), windowType) != 0
            return isWindow ? object.assumingMemoryBound(to: GtkWindow.self) : nil
        }
        object = UnsafeMutableRawPointer(gtk_file_chooser_native_new(
            "Attach Images", window, GTK_FILE_CHOOSER_ACTION_OPEN, "_Attach", "_Cancel")!)
        let chooser = OpaquePointer(object)
        gtk_file_chooser_set_select_multiple(chooser, 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "Images")
        gtk_file_filter_add_pixbuf_formats(filter)
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        gtk_native_dialog_set_modal(dialog, 1)
        Signals.connectInt(object, "response") { [weak self] response in
            guard let self else { return }
            self.respond(with: response == Int(GTK_RESPONSE_ACCEPT.rawValue) ? self.chosenPaths() : [])
        }
    }

    /// The dialog as a GtkNativeDialog.
    private var dialog: UnsafeMutablePointer<GtkNativeDialog> { object.assumingMemoryBound(to: GtkNativeDialog.self) }

    isolated deinit {
        g_object_unref(object)
    }

    /// Shows the dialog.
    func show() {
        gtk_native_dialog_show(dialog)
    }

    /// Whether the dialog is showing.
    var isShowing: Bool { gtk_native_dialog_get_visible(dialog) != 0 }

    /// Closes the dialog and completes with `paths` (empty: cancelled). Later answers are
    /// ignored.
    func respond(with paths: [String]) {
        guard let completion else { return }
        self.completion = nil
        if isShowing { gtk_native_dialog_hide(dialog) }
        completion(paths)
    }

    /// The local paths of the chosen files (files without one, such as remote ones, are
    /// skipped).
    private func chosenPaths() -> [String] {
        guard let files = gtk_file_chooser_get_files(OpaquePointer(object)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        var paths: [String] = []
        for index in 0..<g_list_model_get_n_items(files) {
            guard let file = g_list_model_get_item(files, index) else { continue }
            defer { g_object_unref(file) }
            if let path = g_file_get_path(OpaquePointer(file)) {
                paths.append(String(cString: path))
                g_free(path)
            }
        }
        return paths
    }
}
