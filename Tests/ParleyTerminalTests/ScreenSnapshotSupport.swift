import Foundation
import Testing
@testable import ParleyCore
@testable import ParleyTerminal

/// Text snapshots of screens: `Tests/ParleyTerminalTests/__Snapshots__/<name>.txt`.
///
/// A snapshot is compared when it exists; with `PARLEY_RECORD=1` (or when missing) it is
/// written, and a missing one also records an issue so a new snapshot is always looked at.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    static func check(_ buffer: CellBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = buffer.lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n") + "\n"
        let file = folder.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["PARLEY_RECORD"] == "1"
        if !record, let existing = try? String(contentsOf: file, encoding: .utf8) {
            #expect(existing == text, "snapshot \(name) differs; run with PARLEY_RECORD=1 to re-record after looking", sourceLocation: sourceLocation)
            return
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record { Issue.record("recorded new snapshot \(name); look at it and commit it", sourceLocation: sourceLocation) }
    }
}

/// Fixed people and times for screens.
enum Cast {
    static let me = Sender(id: "me", name: "Me")
    static let alice = Sender(id: "alice", name: "Alice Liddell")
    static let bob = Sender(id: "bob", name: "Bob Stone")
    static let noon = Date(timeIntervalSince1970: 1_773_144_000)

    static func rules() -> GroupingRules {
        GroupingRules(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_GB"), now: { noon })
    }

    static func style(_ base: ChatStyle) -> ChatStyle {
        var style = base
        style.grouping = rules()
        return style
    }

    static func message(_ id: String, _ sender: Sender, _ minutes: Double, _ content: MessageContent, status: DeliveryStatus = .sent) -> Message {
        Message(id: MessageID(id), sender: sender, date: noon.addingTimeInterval(minutes * 60), content: content, status: status)
    }
}

/// A screen as text and, under it, its colours: a grid with a letter per cell naming its
/// style ('.' for the terminal's defaults) and a legend of the letters, so a snapshot
/// shows what is drawn in which colours.
enum StyledSnapshot {
    static func text(of buffer: CellBuffer) -> String {
        var letters: [CellStyle: Character] = [.plain: "."]
        var legend: [String] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var grid: [String] = []
        for y in 0..<buffer.height {
            var row = ""
            for x in 0..<buffer.width {
                let style = buffer[x, y].style
                if letters[style] == nil {
                    let letter = letters.count - 1 < alphabet.count ? alphabet[letters.count - 1] : "?"
                    letters[style] = letter
                    legend.append("\(letter) \(describe(style))")
                }
                row.append(letters[style]!)
            }
            grid.append(row.replacingOccurrences(of: "\\.+$", with: "", options: .regularExpression))
        }
        let lines = buffer.lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        return (lines + ["", "── colours ──"] + grid + ["", "── legend ──"] + legend).joined(separator: "\n") + "\n"
    }

    static func describe(_ style: CellStyle) -> String {
        func name(_ color: TerminalColor) -> String {
            switch color {
            case .default: return "default"
            case .indexed(let index): return "#\(index)"
            case .rgb(let r, let g, let b): return String(format: "%02x%02x%02x", r, g, b)
            }
        }
        var attributes: [String] = []
        if style.attributes.contains(.bold) { attributes.append("bold") }
        if style.attributes.contains(.dim) { attributes.append("dim") }
        if style.attributes.contains(.italic) { attributes.append("italic") }
        if style.attributes.contains(.underline) { attributes.append("underline") }
        if style.attributes.contains(.reverse) { attributes.append("reverse") }
        if style.attributes.contains(.strikethrough) { attributes.append("strike") }
        return (["fg " + name(style.foreground), "bg " + name(style.background)] + attributes).joined(separator: " ")
    }

    static func check(_ buffer: CellBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = text(of: buffer)
        let file = Snapshot.folder.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["PARLEY_RECORD"] == "1"
        if !record, let existing = try? String(contentsOf: file, encoding: .utf8) {
            #expect(existing == text, "snapshot \(name) differs; run with PARLEY_RECORD=1 to re-record after looking", sourceLocation: sourceLocation)
            return
        }
        try? FileManager.default.createDirectory(at: Snapshot.folder, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record { Issue.record("recorded new snapshot \(name); look at it and commit it", sourceLocation: sourceLocation) }
    }
}
