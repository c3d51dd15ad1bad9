import CGtk4
import Foundation
import ParleyCore
import ParleyGTK

/// `parley-bench gtk-peer`: the peer of the GTK demo for `scripts/measure-gtk.py`, a
/// program of its own so that it can be measured from outside like the demo.
///
/// It reads the same transcript as `parley-gtk-demo --transcript FILE` (epoch seconds,
/// sender and text separated by tabs) into a GtkStringList of "Sender: text" and shows it
/// the way a GTK developer writes a chat log by hand (``LabelList``: a GtkListView of
/// wrapped GtkLabels in a GtkScrolledWindow), opened at the newest line. Page Up and Page
/// Down move the scrolled window's adjustment by a page at once, as its own key bindings
/// do (GtkListView would otherwise take them to move the focus between items). It runs
/// until it is killed.
@MainActor
enum GtkPeer {
    static func run(transcript path: String, width: Int, height: Int) {
        StandaloneWindow.startGTK(command: "gtk-peer")
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write("parley-bench gtk-peer: cannot read the transcript\n".data(using: .utf8)!)
            exit(2)
        }
        let strings = gtk_string_list_new(nil)!
        for line in data.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let row = String(decoding: fields[1], as: UTF8.self) + ": " + String(decoding: fields[2], as: UTF8.self)
            gtk_string_list_append(strings, row)
        }
        let list = LabelList(strings, options: [])
        let window = StandaloneWindow.present(list.widget, command: "gtk-peer", width: width, height: height)
        // Open at the newest line (GtkListView may need a few frames to get there).
        let opened = Date()
        while Date().timeIntervalSince(opened) < 3 {
            if !list.showsNewest { list.settle() }
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        }
        list.focus()
        StandaloneWindow.handlePageKeys(on: window) { list.page(by: $0) }
        StandaloneWindow.run()
    }
}
