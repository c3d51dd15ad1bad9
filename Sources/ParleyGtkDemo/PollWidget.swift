import CGtk4
import ParleyCore
import ParleyDemoKit
import ParleyGTK

/// The demo's poll as GTK widgets: the question, then a bar per answer with its votes.
/// What an app's custom message kind looks like: any widget, placed in the bubble.
@MainActor
enum PollWidget {
    static func make(_ content: CustomContent, _ id: MessageID) -> WidgetPointer {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(box, "poll")
        guard let poll = content.payload as? Poll else { return box }
        let title = gtk_label_new("📊 " + poll.question)!
        gtk_label_set_xalign(title.ptr(), 0)
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(box.ptr(), title)
        let total = max(1, poll.votes.reduce(0, +))
        for (index, option) in poll.options.enumerated() {
            let votes = index < poll.votes.count ? poll.votes[index] : 0
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            gtk_widget_set_vexpand(row, 1)
            let name = gtk_label_new(option)!
            gtk_label_set_xalign(name.ptr(), 0)
            gtk_widget_set_size_request(name, 90, -1)
            let bar = gtk_level_bar_new_for_interval(0, Double(total))!
            gtk_level_bar_set_value(bar.ptr(), Double(votes))
            gtk_widget_set_hexpand(bar, 1)
            gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
            Widget(gtkWidget: bar).setAccessibleLabel(votes == 1 ? "\(option): 1 vote" : "\(option): \(votes) votes")
            let count = gtk_label_new("\(votes)")!
            gtk_box_append(row.ptr(), name)
            gtk_box_append(row.ptr(), bar)
            gtk_box_append(row.ptr(), count)
            gtk_box_append(box.ptr(), row)
        }
        return box
    }
}
