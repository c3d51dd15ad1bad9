import ParleyTestSupport
import Testing
@testable import ParleyTerminal

/// One row of a decoder table: bytes a terminal sends and the events they mean.
struct InputSample: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let events: [InputEvent]

    init(_ name: String, _ text: String, _ events: [InputEvent]) {
        self.init(name, Array(text.utf8), events)
    }

    init(_ name: String, _ bytes: [UInt8], _ events: [InputEvent]) {
        self.name = name
        self.bytes = bytes
        self.events = events
    }

    var testDescription: String { name }
}

/// Shorthands for table rows.
enum InputFixtures {
    static let esc = "\u{1B}"
    static let csi = "\u{1B}["
    static let ss3 = "\u{1B}O"

    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(key, modifiers) }

    static func characters(_ text: String) -> [InputEvent] { text.map { .char($0) } }

    static func mouse(
        _ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ column: Int, _ row: Int,
        _ modifiers: KeyModifiers = []
    ) -> InputEvent {
        .mouse(MouseEvent(kind: kind, button: button, column: column, row: row, modifiers: modifiers))
    }

    /// Feeds everything at once, then flushes.
    static func decodeWhole(_ bytes: [UInt8], decoder: InputDecoder = InputDecoder()) -> [InputEvent] {
        var decoder = decoder
        return decoder.feed(bytes) + decoder.flush()
    }

    /// Feeds `bytes` in pieces of the given sizes (cycled), then flushes.
    static func decodeChunked(_ bytes: [UInt8], sizes: [Int], decoder: InputDecoder = InputDecoder()) -> [InputEvent] {
        var decoder = decoder
        var events: [InputEvent] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, sizes[turn % sizes.count]))
            events += decoder.feed(bytes[start..<end])
            start = end
            turn += 1
        }
        return events + decoder.flush()
    }

    /// Joins runs of unmodified characters into one string each, so results that differ
    /// only in how a grapheme cluster was split across reads compare equal.
    enum Normalised: Equatable, CustomStringConvertible {
        case text(String)
        case event(InputEvent)
        var description: String {
            switch self {
            case .text(let text): return "text(\(text.debugDescription))"
            case .event(let event): return "\(event)"
            }
        }
    }

    static func normalised(_ events: [InputEvent]) -> [Normalised] {
        var result: [Normalised] = []
        for event in events {
            if case .key(.character(let character), let modifiers) = event, modifiers.isEmpty {
                if case .text(let text)? = result.last {
                    result[result.count - 1] = .text(text + String(character))
                } else {
                    result.append(.text(String(character)))
                }
            } else {
                result.append(.event(event))
            }
        }
        return result
    }
}

/// The suite's seeded generator (same seed, same sequence).
typealias InputTestRandom = SeededRandom
