import Foundation

/// The texts of file, location and contact cards (``ChatStrings/cards``): labels, the
/// formats of sizes, percentages and coordinates, and the cards' summaries.
///
/// ```swift
/// var style = ChatStyle.iMessage
/// style.strings.cards.open = "Öffnen"
/// style.strings.cards.unknownLocation = "Unbekannter Ort"
/// ```
public struct CardStrings: Sendable {
    /// A file card's button that asks the app to open the file.
    public var open = "Open"
    /// A file card's button that asks the app to save the file.
    public var save = "Save"
    /// A file card whose download failed.
    public var downloadFailed = "Download failed"
    /// A file without a name.
    public var unnamedFile = "Unnamed file"
    /// A location without a title.
    public var location = "Location"
    /// Coordinates that are not a place on Earth (not finite, or out of range).
    public var unknownLocation = "Unknown location"
    /// A contact without a name.
    public var unnamedContact = "Contact"
    /// A contact with neither phone nor e-mail.
    public var noContactDetails = "No phone or e-mail"
    /// The accessible name of a phone number on a contact card.
    public var call: @Sendable (_ phone: String) -> String = { "Call \($0)" }
    /// The accessible name of an e-mail address on a contact card.
    public var writeTo: @Sendable (_ address: String) -> String = { "E-mail \($0)" }
    /// A file's size: "2.4 MB", "512 KB", "17 bytes" (decimal units).
    public var fileSize: @Sendable (_ bytes: Int64) -> String = { CardStrings.decimalSize($0) }
    /// A download's progress from 0 to 1: "42%".
    public var percent: @Sendable (_ fraction: Double) -> String = { fraction in
        "\(Int(saturating: (min(1, max(0, fraction.isNaN ? 0 : fraction)) * 100).rounded(.down)))%"
    }
    /// Valid coordinates: "51.5074° N, 0.1278° W".
    public var coordinates: @Sendable (_ latitude: Double, _ longitude: Double) -> String = { latitude, longitude in
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            String(format: "%.4f° %@", abs(value), value < 0 ? negative : positive)
        }
        return part(latitude, "N", "S") + ", " + part(longitude, "E", "W")
    }
    /// A file in summaries and accessible names: "File: report.pdf, 2.4 MB".
    public var fileSummary: @Sendable (_ name: String, _ size: String?) -> String = { name, size in
        "File: \(name)" + (size.map { ", \($0)" } ?? "")
    }
    /// A location in summaries: "Location: Trafalgar Square, 51.5080° N, 0.1280° W".
    public var locationSummary: @Sendable (_ title: String, _ coordinates: String) -> String = { title, coordinates in
        title.isEmpty ? "Location: \(coordinates)" : "Location: \(title), \(coordinates)"
    }
    /// A contact in summaries: "Contact: Ada Lovelace, +44 20 7946 0958".
    public var contactSummary: @Sendable (_ name: String, _ details: [String]) -> String = { name, details in
        (["Contact: \(name)"] + details).joined(separator: ", ")
    }

    /// The English texts.
    public init() {}

    // MARK: Derived texts

    /// The size of `bytes` in decimal units, one decimal under 10 of a unit.
    public static func decimalSize(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(max(0, bytes)) bytes" }
        var value = Double(bytes)
        var unit = 0
        let units = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB"]
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return value < 9.95 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(saturating: value.rounded())) \(units[unit])"
    }

    /// The coordinates of `location`, or ``unknownLocation``.
    public func coordinates(of location: LocationContent) -> String {
        location.isValid ? coordinates(location.latitude, location.longitude) : unknownLocation
    }

    /// The size of `file` when known.
    public func size(of file: FileContent) -> String? {
        file.byteCount.map(fileSize)
    }

    /// The name of `file` as shown: inert, on one line, ``unnamedFile`` when blank.
    public func name(of file: FileContent) -> String {
        Self.shown(file.name) ?? unnamedFile
    }

    /// The title of `location` as shown: inert, on one line, ``location`` when blank.
    public func title(of location: LocationContent) -> String {
        Self.shown(location.title) ?? self.location
    }

    /// The name of `contact` as shown: inert, on one line, ``unnamedContact`` when blank.
    public func name(of contact: ContactContent) -> String {
        Self.shown(contact.name) ?? unnamedContact
    }

    /// A contact's phone or address as shown, or `nil` when blank.
    public func detail(_ value: String?) -> String? {
        value.flatMap(Self.shown)
    }

    /// `text` inert, on one line, its first and last 256 characters when longer (a
    /// file's extension is at its end); `nil` when blank.
    static func shown(_ text: String) -> String? {
        let bounded = text.count > 512 ? text.prefix(256) + "…" + text.suffix(256) : text
        let line = InertText.singleLine(bounded).trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : line
    }
}
