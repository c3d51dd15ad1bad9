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
        for (index, option) in poll.options.enumerated() where area.y + 1 + index < area.maxY {
            let votes = index < poll.votes.count ? poll.votes[index] : 0
            let y = area.y + 1 + index
            let mark = votes == leader && votes > 0 ? "●" : "○"
            let used = buffer.put("\(mark) \(option)", x: area.x, y: y, style: base, maxWidth: area.width)
            let label = " \(votes)"
            let barWidth = max(0, area.width - used - 1 - label.count)
            let filled = barWidth * votes / total
            let bar = String(repeating: "▰", count: filled) + String(repeating: "▱", count: barWidth - filled)
            buffer.put(" " + bar + label, x: area.x + used, y: y, style: base.adding(.dim), maxWidth: area.width - used)
        }
    }
}
