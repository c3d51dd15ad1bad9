internal import CGtk4
import ParleyCore

/// Wheel, touchpad (kinetic), keyboard and scroll bar input.
extension MessengerView {
    /// Pixels per wheel notch.
    static let wheelStep = 56.0

    func installScrolling() {
        let flags = GtkEventControllerScrollFlags(
            GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        Signals.connectScroll(UnsafeMutableRawPointer(scroll), "scroll") { [weak self] _, dy in
            guard let self else { return false }
            if gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL {
                self.scrollSmoothly(by: dy * Self.wheelStep)
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

        let keys = gtk_event_controller_key_new()!
        Signals.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] key, state in
            self?.handleKey(key, state: state) ?? false
        }
        gtk_widget_add_controller(list.widget, keys)

        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            self?.scrollbarMoved()
        }
    }

    /// Scrolls at once by `distance` pixels (positive: towards newer messages).
    func scrollNow(by distance: Double) {
        scrolling.stop()
        presenter.scroll(by: distance)
        relayout()
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

    /// Handles a key; returns whether it was used. Also the test seam for keyboard
    /// scrolling.
    func handleKey(_ key: UInt32, state: GdkModifierType) -> Bool {
        let page = max(40, presenter.size.height * 0.85)
        switch Int32(key) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: scrollSmoothly(by: -Self.wheelStep)
        case GDK_KEY_Down, GDK_KEY_KP_Down: scrollSmoothly(by: Self.wheelStep)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: scrollSmoothly(by: -page)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, GDK_KEY_space: scrollSmoothly(by: page)
        case GDK_KEY_Home, GDK_KEY_KP_Home:
            scrollToTop()
        case GDK_KEY_End, GDK_KEY_KP_End:
            scrollToBottom(animated: false)
        default:
            return false
        }
        return true
    }

    /// The user dragged the scroll bar: the presenter scrolls to the row at that fraction.
    private func scrollbarMoved() {
        guard !isUpdatingScrollbar else { return }
        scrolling.stop()
        presenter.scroll(toFraction: gtk_adjustment_get_value(adjustment))
        relayout()
    }
}
