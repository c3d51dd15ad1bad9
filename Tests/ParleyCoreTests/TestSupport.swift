import Foundation
@testable import ParleyCore

/// Shared fixtures: people, a fixed clock and a deterministic style.
enum Fixture {
    static let me = Sender(id: "me", name: "Me")
    static let alice = Sender(id: "alice", name: "Alice Liddell")
    static let bob = Sender(id: "bob", name: "Bob")

    /// 2026-03-10 12:00:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_773_144_000)

    static func date(minutes: Double) -> Date { noon.addingTimeInterval(minutes * 60) }

    static func message(
        _ id: String, from sender: Sender = alice, minutes: Double = 0, _ text: String = "hello"
    ) -> Message {
        Message(id: MessageID(id), sender: sender, date: date(minutes: minutes), content: .text(text))
    }

    /// Grouping in UTC with "now" fixed at noon, so labels are stable.
    static var rules: GroupingRules {
        GroupingRules(
            timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_GB"),
            now: { noon })
    }

    /// The light theme in cells, with stable labels.
    static var cellStyle: ChatStyle {
        var style = ChatStyle.light.withMetrics(.cells)
        style.grouping = rules
        return style
    }

    static func engine(_ style: ChatStyle = cellStyle, measurer: any TextMeasurer = MonospaceMeasurer()) -> LayoutEngine {
        LayoutEngine(style: style, measurer: measurer)
    }
}

/// A measurer that counts its calls, to prove work does not grow with the conversation.
final class CountingMeasurer: TextMeasurer, @unchecked Sendable {
    private let inner = MonospaceMeasurer()
    private let lock = NSLock()
    private var calls = 0

    var count: Int { lock.withLock { calls } }
    func reset() { lock.withLock { calls = 0 } }

    func measure(_ text: String, font: FontSpec, maxWidth: Double) -> TextMetrics {
        lock.withLock { calls += 1 }
        return inner.measure(text, font: font, maxWidth: maxWidth)
    }

    func utf8Offset(at point: Point, in text: String, font: FontSpec, maxWidth: Double) -> Int? {
        inner.utf8Offset(at: point, in: text, font: font, maxWidth: maxWidth)
    }
}
