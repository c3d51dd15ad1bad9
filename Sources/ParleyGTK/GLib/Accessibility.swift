import CGtk4
import CParleyGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Sets what a screen reader calls this widget ("Send", "Theme"...).
    public func setAccessibleLabel(_ label: String) {
        parley_accessible_set_label(UnsafeMutableRawPointer(self), label)
    }

    /// Sets the longer accessible description of this widget.
    public func setAccessibleDescription(_ description: String) {
        parley_accessible_set_description(UnsafeMutableRawPointer(self), description)
    }
}
