import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("Screenshots")
    @MainActor
    struct ScreenshotTests {
        /// A poll drawn as GTK widgets: the app's own widget for a custom kind.
        static func pollWidget(_ content: CustomContent, _ id: MessageID) -> WidgetPointer {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            gtk_widget_add_css_class(box, "poll")
            guard let poll = content.payload as? Showcase.Poll else { return box }
            let title = gtk_label_new(poll.question)!
            gtk_label_set_xalign(title.ptr(), 0)
            gtk_box_append(box.ptr(), title)
            for (index, option) in poll.options.enumerated() {
                let button = gtk_check_button_new_with_label(option)!
                gtk_check_button_set_active(button.ptr(), index == 0 ? 1 : 0)
                gtk_box_append(box.ptr(), button)
            }
            return box
        }

        @Test("every kind of row in every theme (#4)", arguments: ChatStyle.themes.map(\.name))
        func themes(name: String) async throws {
            try GTKHarness.start()
            let style = ChatStyle.themes.first { $0.name == name }!
            let conversation = Showcase.conversation()
            let view = MessengerView(conversation: conversation, style: style)
            view.opensLinks = false
            view.register(kind: "poll") { Widget(gtkWidget: Self.pollWidget($0, $1)) }
            let window = try GTKHarness.window(view.root, width: 440, height: 1100)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { view.visibleRowViews.count >= 10 })
            await GTKHarness.pump(for: .milliseconds(300))
            let path = Screenshots.directory + "/messenger-\(name).png"
            try GTKHarness.screenshot(view.root, to: path)
            // Every part is there as a widget.
            let root = view.list.widget
            #expect(!GTKHarness.shown(root, class: "body").isEmpty)
            #expect(!GTKHarness.shown(root, class: "emoji").isEmpty)
            #expect(!GTKHarness.shown(root, class: "poll").isEmpty)
            #expect(!GTKHarness.shown(root, class: "collection-cell").isEmpty)
            #expect(!GTKHarness.shown(root, class: "top-label").isEmpty)
            #expect(GTKHarness.descendants(root).contains { String(cString: gtk_widget_get_css_name($0)) == "typing-dot" && gtk_widget_get_mapped($0) != 0 })
            let failed = GTKHarness.shown(root, class: "failed").filter { String(cString: gtk_widget_get_css_name($0)) == "label" }
            #expect(!failed.isEmpty, "the failed message shows its mark")
        }
    }
}
