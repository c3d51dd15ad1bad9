internal import CGtk4
internal import CParleyGtk

extension WidgetPointer {
    /// Sets what a screen reader calls this widget ("Send", "Theme"...).
    package func setAccessibleLabel(_ label: String) {
        parley_accessible_set_label(UnsafeMutableRawPointer(self), label)
    }

    /// Sets the longer accessible description of this widget.
    package func setAccessibleDescription(_ description: String) {
        parley_accessible_set_description(UnsafeMutableRawPointer(self), description)
    }
}

extension WidgetPointer {
    /// Leaves this widget (and what it holds) out of the accessibility tree, or puts it
    /// back: recycled rows stay children of the list but must not be read.
    func setAccessibleHidden(_ hidden: Bool) {
        parley_accessible_set_hidden(UnsafeMutableRawPointer(self), hidden)
    }

    /// Tells a screen reader this item is number `position` (from 1) of `count`.
    func setAccessiblePosition(_ position: Int, of count: Int) {
        parley_accessible_set_position(
            UnsafeMutableRawPointer(self), Int32(clamping: position), Int32(clamping: count))
    }
}
