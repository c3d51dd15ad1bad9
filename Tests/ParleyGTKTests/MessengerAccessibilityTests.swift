import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("MessengerView and a screen reader")
    @MainActor
    struct MessengerAccessibilityTests {
        typealias ScreenReader = InputBarViewTests.ScreenReader

        @Test(
            "a screen reader finds the log of messages and reads each as “sender, time: text” (#4)",
            .enabled(if: ScreenReader.isAvailable, "needs python3-pyatspi and a session bus (dbus-run-session)"))
        func readsMessages() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(4)
            conversation.append(.text("Lunch?"), from: ChatFixtures.alice)
            let screen = ChatScreen(conversation: conversation, style: .light)
            var sent: [String] = []
            screen.inputBar.onSend { sent.append($0) }
            let window = try GTKHarness.window(screen.widget, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            screen.inputBar.text = "sent by a screen reader"
            await GTKHarness.pump(for: .milliseconds(200))

            let lines = await Self.read(pid: getpid(), press: "Send")
            let log = lines.filter { $0.hasPrefix("log|") }
            #expect(log == ["log|Messages"], "\(lines)")
            let items = lines.filter { $0.hasPrefix("item|") }.map { String($0.dropFirst(5)) }
            #expect(items.contains { $0.hasPrefix("Alice, ") && $0.hasSuffix(": Lunch?") }, "\(items)")
            #expect(items.contains { $0.hasPrefix("Me, ") || $0.hasPrefix("You, ") }, "\(items)")
            // In reading order: the newest last.
            #expect(items.last.map { $0.hasSuffix(": Lunch?") } == true, "\(items)")
            #expect(lines.contains("pressed|Send"), "\(lines)")
            await GTKHarness.pump(until: { sent == ["sent by a screen reader"] }, timeout: .seconds(10))
        }

        /// Lists the log (`log|<name>`), its items (`item|<name>`) and presses `press`.
        static func read(pid: Int32, press: String) async -> [String] {
            let script = """
                import sys, pyatspi
                pid, wanted = int(sys.argv[1]), sys.argv[2]
                buttons = {}
                def walk(node, depth, in_log):
                    if node is None or depth > 60:
                        return
                    try:
                        role, name = node.getRoleName(), node.name or ""
                    except Exception:
                        return
                    if role == "log":
                        print("log|" + name, flush=True)
                    elif in_log and role == "list item":
                        print("item|" + name, flush=True)
                    elif role in ("push button", "button"):
                        buttons.setdefault(name, node)
                    for index in range(node.childCount):
                        try:
                            walk(node.getChildAtIndex(index), depth + 1, in_log or role == "log")
                        except Exception:
                            pass
                for app in pyatspi.Registry.getDesktop(0):
                    try:
                        if app is not None and app.get_process_id() == pid:
                            walk(app, 0, False)
                    except Exception:
                        pass
                if wanted in buttons:
                    action = buttons[wanted].queryAction()
                    for index in range(action.nActions):
                        if action.getName(index) in ("click", "press", "activate"):
                            action.doAction(index)
                            print("pressed|" + wanted, flush=True)
                            break
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ScreenReader.python)
            process.arguments = ["-c", script, String(pid), press]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            do { try process.run() } catch { return ["failed to start: \(error)"] }
            await GTKHarness.pump(until: { !process.isRunning }, timeout: .seconds(60))
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").map(String.init)
        }
    }
}
