internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// Wheel, touchpad (kinetic) and scroll bar input (keys: MessengerView+Keyboard).
extension MessengerView {
    /// Pixels per wheel notch.
    static let wheelStep = 56.0

    /// The list takes the wheel before the rows do (the capture phase): a row that
    /// scrolls sideways (a collection's carousel is a GtkScrolledWindow, which would keep
    /// every wheel event it gets) must not stop the conversation scrolling under the
    /// pointer. The list keeps vertical motion; horizontal motion, and Shift with the
    /// wheel, go on to the row under the pointer.
    func installScrolling() {
        let flags = GtkEventControllerScrollFlags(
            GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        Signals.connectScroll(UnsafeMutableRawPointer(scroll), "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll)
            let sideways = state.rawValue & GDK_SHIFT_MASK.rawValue != 0 || abs(dx) > abs(dy)
            guard !sideways, dy != 0 else { return false }
            if gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL {
                self.step(by: dy * Self.wheelStep)
            } else {
                self.scrolling.velocity = 0
                self.scrollNow(by: dy)
            }
            return true
        }
        Signals.connect(UnsafeMutableRawPointer(scroll), "scroll-begin") { [weak self] in self?.scrolling.stop() }
        Signals.connectPoint(UnsafeMutableRawPointer(scroll), "decelerate") { [weak self] _, velocity in
            self?.fling(velocity: velocity)
        }
        gtk_widget_add_controller(list.widget, scroll)

        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            self?.scrollbarMoved()
        }
    }

    /// Scrolls at once by `distance` pixels (positive: towards newer messages).
    func scrollNow(by distance: Double) {
        scrolling.stop()
        if distance != 0 { holdHover() }
        presenter.scroll(by: distance)
        relayout()
    }

    /// How long after the last step of a scroll the rows take the pointer again, in
    /// milliseconds, if the pointer has done nothing meanwhile (a screen reader asks GTK
    /// what is under it, and should find the row).
    static let hoverPause: UInt32 = 1000

    /// The rows take no pointer while the list scrolls (see ``holdsHoverWhileScrolling``).
    func holdHover() {
        if holdsHoverWhileScrolling { parley_hover_hold(list.widget.raw, Self.hoverPause) }
    }

    /// A wheel notch or a scrolling key: glides with ``smoothScrolling`` (and animations
    /// on), else moves at once.
    func step(by distance: Double) {
        if smoothScrolling && animationsEnabled { scrollSmoothly(by: distance) } else { scrollNow(by: distance) }
    }

    /// Whether the desktop lets widgets animate (`gtk-enable-animations`, off for reduced
    /// motion).
    var animationsEnabled: Bool {
        guard let settings = gtk_widget_get_settings(list.widget) else { return true }
        return parley_object_get_bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations")
    }

    /// Scrolls by `distance` over the next few frames.
    func scrollSmoothly(by distance: Double) {
        scrolling.velocity = 0
        scrolling.pending += distance
        scheduleFrame()
    }

    /// Continues a touchpad fling at `velocity` pixels per second.
    func fling(velocity: Double) {
        scrolling.pending = 0
        scrolling.velocity = velocity
        scheduleFrame()
    }

    /// The user dragged the scroll bar: the presenter scrolls to the row at that fraction.
    private func scrollbarMoved() {
        guard !isUpdatingScrollbar else { return }
        scrolling.stop()
        presenter.scroll(toFraction: gtk_adjustment_get_value(adjustment))
        relayout()
    }
}
