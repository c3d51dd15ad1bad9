import Foundation
import ParleyCore
import ParleyDemoKit
import ParleyTerminal

/// Renders a scripted session to text frames instead of a terminal: for tests, CI and a
/// quick look at the demo from any shell.
///
/// A script is steps separated by `;`: `type:TEXT`, `send` (`send:TEXT` types TEXT
/// first, as in the GTK demo), `newline`, `wait:SECONDS`, `scroll:ROWS` (negative is up),
/// `page:PAGES`, `top`, `bottom`, `click:X,Y`, `resize:COLSxROWS`, `frame` (just render).
/// A frame is printed after each step.
@MainActor
enum HeadlessRun {
    static let defaultScript = "wait:0.2;type:hello;send;wait:2.5;type:help;send;wait:2.5;page:-1;page:-2;wait:0.5;page:-40;wait:0.5;bottom"

    static func run(app: DemoApp, script: String, frames: Int) async -> Int32 {
        let steps = script.split(separator: ";").map(String.init)
        app.screen.pictures.decodesSynchronously = true
        var printed = 0
        let start = Date()
        func frame(_ label: String) {
            guard printed < frames else { return }
            printed += 1
            let (buffer, cursor) = app.screen.render(time: Date().timeIntervalSince(start))
            DemoConsole.print("── frame \(printed): \(label) " + String(repeating: "─", count: max(0, buffer.width - 14 - label.count)))
            for line in buffer.lines { DemoConsole.print(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)) }
            if let cursor { DemoConsole.print("   cursor at column \(cursor.x), row \(cursor.y)") }
        }
        // Let a store or transcript deliver its first page before the first frame.
        if let pager = app.screen.pager {
            for _ in 0..<200 where pager.state == .loading || (pager.state == .idle && app.screen.conversation.count == 0) {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
        }
        frame("start")
        for step in steps where printed < frames {
            let parts = step.split(separator: ":", maxSplits: 1).map(String.init)
            let argument = parts.count > 1 ? parts[1] : ""
            switch parts[0] {
            case "type": app.screen.perform(.insert(argument))
            case "send":
                // "send:TEXT" types TEXT first, as the GTK demo's script step does.
                if !argument.isEmpty { app.screen.perform(.insert(argument)) }
                app.screen.perform(.send)
            case "newline": app.screen.perform(.newline)
            // A script's number may be anything ("nan", "-1", "1e300"): never a trap.
            case "wait": try? await Task.sleep(nanoseconds: UInt64(saturating: (Double(argument) ?? 0) * 1e9))
            case "scroll": app.screen.perform(.scroll(Int(argument) ?? 0))
            case "page": app.screen.perform(.page(Int(argument) ?? 0))
            case "top": app.screen.perform(.scrollToTop)
            case "bottom": app.screen.perform(.scrollToBottom)
            case "click":
                let xy = argument.split(separator: ",").compactMap { Int($0) }
                if xy.count == 2 { app.screen.perform(.click(x: xy[0], y: xy[1])) }
            case "resize":
                let size = argument.split(separator: "x").compactMap { Int($0) }
                if size.count == 2 { app.screen.resize(columns: size[0], rows: size[1]) }
            case "frame": break
            default:
                DemoConsole.error("unknown script step “\(step)”", program: "parley-demo")
                return 2
            }
            // Let the pager and the bot run before the frame is taken.
            await Task.yield()
            frame(step)
        }
        return 0
    }
}
