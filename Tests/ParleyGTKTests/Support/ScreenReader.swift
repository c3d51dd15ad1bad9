import Foundation
import Testing

/// A screen reader's view of a process over AT-SPI, through python3-pyatspi: what the
/// accessibility tests read and press.
@MainActor
enum ScreenReader {
    nonisolated static let python = "/usr/bin/python3"

    /// Whether pyatspi and a session bus are here.
    nonisolated static var isAvailable: Bool {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            FileManager.default.isExecutableFile(atPath: python)
        else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import pyatspi"]
        check.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    /// Lists the buttons (`button|<name>`), text fields (`text|<name>`), logs
    /// (`log|<name>`) and the items in a log (`item|<name>`) of the process `pid`, then
    /// presses the button named `press` (`pressed|<name>`). The main loop runs meanwhile,
    /// so that GTK answers.
    static func run(pid: Int32, press: String) async -> [String] {
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
                if role in ("push button", "button", "toggle button"):
                    print("button|" + name, flush=True)
                    buttons.setdefault(name, node)
                elif role in ("text", "entry"):
                    print("text|" + name, flush=True)
                elif role == "log":
                    print("log|" + name, flush=True)
                elif in_log and role == "list item":
                    print("item|" + name, flush=True)
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
        process.executableURL = URL(fileURLWithPath: python)
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
