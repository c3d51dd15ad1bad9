import ParleyCore
import ParleyDemoKit
import ParleyTerminal

/// Draws the demo's ``Poll`` custom messages on their bubble: the question, then a bar
/// per option.
enum PollRenderer {
    @MainActor
    static func draw(_ content: CustomContent, _ area: CellRect, _ base: CellStyle, _ buffer: inout CellBuffer) {
        guard let poll = content.payload as? Poll else { return }
        buffer.put("📊 " + poll.question, x: area.x, y: area.y, style: base.adding(.bold), maxWidth: area.width)
        let total = max(1, poll.votes.reduce(0, +))
        let leader = poll.votes.max() ?? 0
        // The bars start in one column and are as long as each other, so that they compare:
        // after the widest option (at most two thirds of the bubble), before the widest count.
        let options = poll.options.map(InertText.singleLine)
        let labels = options.map { "○ " + $0 }
        let column = min(labels.map(TerminalWidth.columns(of:)).max() ?? 0, area.width * 2 / 3)
        let counts = poll.options.indices.map { " \($0 < poll.votes.count ? poll.votes[$0] : 0)" }
        let barWidth = max(0, area.width - column - 1 - (counts.map(\.count).max() ?? 0))
        for (index, option) in options.enumerated() where area.y + 1 + index < area.maxY {
            let votes = index < poll.votes.count ? poll.votes[index] : 0
            let y = area.y + 1 + index
            let mark = votes == leader && votes > 0 ? "●" : "○"
            buffer.put(TerminalWidth.clipped("\(mark) \(option)", to: column), x: area.x, y: y, style: base, maxWidth: column)
            let filled = barWidth * votes / total
            let bar = String(repeating: "▰", count: filled) + String(repeating: "▱", count: barWidth - filled)
            buffer.put(" " + bar + counts[index], x: area.x + column, y: y, style: base.adding(.dim), maxWidth: area.width - column)
        }
    }
}
