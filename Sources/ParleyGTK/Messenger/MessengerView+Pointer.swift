internal import CGtk4
import Foundation
import ParleyCore

/// Clicks, long presses and the context menu.
extension MessengerView {
    func installPointer() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        var pressed: (x: Double, y: Double)?
        Signals.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak self] count, x, y in
            guard let self else { return }
            let button = gtk_gesture_single_get_current_button(click)
            if button == 3 {
                self.openMenu(x: x, y: y)
                pressed = nil
            } else if button == 1, count == 1 {
                pressed = (x, y)
                self.scrolling.stop()
            }
        }
        Signals.connectPress(UnsafeMutableRawPointer(click), "released") { [weak self] _, x, y in
            guard let self, let start = pressed, abs(start.x - x) < 6, abs(start.y - y) < 6 else { return }
            pressed = nil
            self.tap(at: Point(x: x, y: y))
        }
        gtk_widget_add_controller(list.widget, click)

        let longPress = gtk_gesture_long_press_new()!
        gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_CAPTURE)
        gtk_gesture_single_set_touch_only(longPress, 1)
        Signals.connectPoint(UnsafeMutableRawPointer(longPress), "pressed") { [weak self] x, y in
            pressed = nil
            self?.openMenu(x: x, y: y)
        }
        gtk_widget_add_controller(list.widget, longPress)
    }

    /// A click at `point` (list coordinates): the message clicked takes the selection (the
    /// focus ring) where it is, and the list the keyboard. Taken by a click, the keyboard
    /// picks no message of its own (Tab's picks the newest on screen and scrolls it into
    /// view), so nothing moves under the pointer before the core says what the click means,
    /// links included (the label under the pointer is then told not to open it again).
    func tap(at point: Point) {
        let selection = presenter.selection
        presenter.select(at: point)
        takesFocusFromClick = true
        gtk_widget_grab_focus(list.widget)
        takesFocusFromClick = false
        if presenter.selection != selection { relayout() }
        guard let event = presenter.tap(at: point) else { return }
        if case .tapLink(_, let detection) = event {
            linkTapHandled = true
            if detection.opensExternally, let target = detection.target { open(target.absoluteString) }
            // The label's own activation, if any, comes within this event's dispatch.
            DispatchQueue.main.async { [weak self] in self?.linkTapHandled = false }
        }
    }

    /// Opens the message menu for the bubble at `point`, if there is one.
    func openMenu(x: Double, y: Double) {
        guard case .longPressBubble(let id) = presenter.longPress(at: Point(x: x, y: y)) else { return }
        menu.open(for: id, x: x, y: y)
    }
}
