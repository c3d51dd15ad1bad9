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
