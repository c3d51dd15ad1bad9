import CGtk4
import Foundation
import ParleyCore
import ParleyDemoKit
import ParleyGTK

/// Drives the GTK demo from the command line (`--script`), for screenshots, tests and CI:
/// the steps run as a `@MainActor` task inside the GLib main loop.
///
/// Steps, separated by `;`: `wait:SECONDS`, `send:TEXT`, `type:TEXT` (into the composer, not
/// sent), `scroll:PIXELS` (negative is up),
/// `top`, `bottom`, `jump:YYYY-MM-DD` (or `jump:` for now), `theme:NAME`, `screenshot:FILE`, `report` (the newest messages on
/// standard output), `indexed` (waits until a `--transcript` is indexed: its index is made
/// on an idle thread, which a measurement must not count in its steps), `quit`.
@MainActor
struct DemoAutomation {
    typealias Steps = [String]

    let app: GtkDemoApp
    let window: Window

    /// Parses a script into steps.
    static func steps(_ script: String) -> Steps {
        script.split(separator: ";").map { String($0) }.filter { !$0.isEmpty }
    }

    func start(_ steps: Steps) {
        guard !steps.isEmpty else { return }
        let app = self.app, window = self.window
        Task { @MainActor in
            for step in steps {
                let (name, argument) = Self.split(step)
                switch name {
                // A script's number may be anything ("nan", "-1", "1e300"): never a trap.
                case "wait": try? await Task.sleep(for: .milliseconds(max(0, Int(saturating: (Double(argument) ?? 1) * 1000))))
                case "send":
                    app.screen.inputBarView.text = argument
                    app.screen.inputBarView.send()
                case "type": app.screen.inputBarView.text = argument
                case "scroll": app.screen.messages.scroll(by: Double(argument) ?? 0)
                case "jump":
                    if case .date(let date) = JumpCommand.parse("/jump " + argument) {
                        await app.screen.messages.jump(to: date)
                    } else {
                        await app.screen.messages.returnToLatest()
                    }
                case "top": app.screen.messages.scrollToTop()
                case "bottom": app.screen.messages.scrollToBottom(animated: false)
                case "theme":
                    if let style = DemoArguments.style(named: argument) { app.apply(style) }
                case "screenshot":
                    // Two frames, so that what changed last is drawn.
                    try? await Task.sleep(for: .milliseconds(150))
                    do {
                        try await Screenshot.pngAfterNextFrame(of: window.widget, to: argument)
                        DemoConsole.note("screenshot: \(argument)")
                    } catch {
                        DemoConsole.note("screenshot failed: \(error)")
                    }
                case "indexed": _ = try? await app.options.history.opening?.indexed()
                case "report": Self.report(app.options.matrix?.room.conversation ?? app.history.conversation)
                case "quit": window.close()
                default: DemoConsole.note("unknown step “\(step)”")
                }
            }
        }
    }

    private static func split(_ step: String) -> (String, String) {
        guard let colon = step.firstIndex(of: ":") else { return (step, "") }
        return (String(step[..<colon]), String(step[step.index(after: colon)...]))
    }

    /// Prints the newest messages, one a line: `sender ⇥ status ⇥ summary`.
    private static func report(_ conversation: Conversation) {
        for message in conversation.messages.suffix(8) {
            let summary: String
            switch message.content {
            case .text(let text): summary = text.string
            case .emoji(let emoji): summary = emoji
            case .image: summary = "[picture]"
            case .collection: summary = "[collection]"
            case .custom(let custom): summary = custom.payload.summary
            case .notice(let notice): summary = notice.text
            case .deleted: summary = "[deleted]"
            case .file, .location, .contact, .audio, .video: summary = message.content.summary
            }
            DemoConsole.printRecord([message.sender.name, "\(message.status)", summary])
        }
    }
}
