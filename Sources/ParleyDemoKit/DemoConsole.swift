import Foundation
import ParleyCore

/// Everything the demos print outside their own screens: notes, errors, reports.
///
/// Paths, sender names and message texts come from outside (a file named with an escape
/// sequence, a peer's name), and a terminal obeys the control characters they may hold:
/// one could set the title or write the clipboard. So all of it goes through
/// ``ParleyCore/InertText`` here, and nothing the demos print goes around this type.
public enum DemoConsole {
    /// Prints `text` (lines kept, controls made visible) to standard output.
    public static func print(_ text: String) {
        write(InertText.display(text) + "\n", to: .standardOutput)
    }

    /// Prints `text` (lines kept, controls made visible) to standard error.
    public static func note(_ text: String) {
        write(InertText.display(text) + "\n", to: .standardError)
    }

    /// Prints "`program`: `message`" to standard error.
    public static func error(_ message: String, program: String) {
        note("\(program): \(message)")
    }

    /// Prints one line of tab-separated fields, each shown on one line with its controls
    /// (tabs among them) made visible, so a field can never add a column or a line.
    public static func printRecord(_ fields: [String]) {
        write(fields.map(InertText.singleLine).joined(separator: "\t") + "\n", to: .standardOutput)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
