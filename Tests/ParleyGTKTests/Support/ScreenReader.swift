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

    /// A screen reader listening to the process `pid`: it reads the whole tree once (as
    /// a screen reader does, which makes GTK report changes to what it has read), then
    /// records AT-SPI events while `during` runs, as lines of
    /// `<event>|<source role>|<source name>|<child role>|<child name>`.
    static func listen(pid: Int32, seconds: Double, during: () async -> Void) async -> [String] {
        let script = """
            import sys, pyatspi
            from gi.repository import GLib
            pid, seconds = int(sys.argv[1]), float(sys.argv[2])
            def describe(node):
                try:
                    return node.getRoleName() + "|" + (node.name or "").replace("\\n", " ")
                except Exception:
                    return "?|?"
            def heard(event):
                try:
                    if event.source.get_process_id() != pid:
                        return
                except Exception:
                    return
                child = "|"
                if event.type.startswith("object:children-changed") and event.any_data is not None:
                    child = describe(event.any_data)
                print(event.type + "|" + describe(event.source) + "|" + child, flush=True)
            for kind in ("object:children-changed", "object:property-change:accessible-name"):
                pyatspi.Registry.registerEventListener(heard, kind)
            def walk(node, depth):
                if node is None or depth > 60:
                    return
                try:
                    count = node.childCount
                    node.name
                except Exception:
                    return
                for index in range(count):
                    try:
                        walk(node.getChildAtIndex(index), depth + 1)
                    except Exception:
                        pass
            for app in pyatspi.Registry.getDesktop(0):
                try:
                    if app is not None and app.get_process_id() == pid:
                        walk(app, 0)
                except Exception:
                    pass
            print("ready", flush=True)
            GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, String(pid), String(seconds)]
        let output = Pipe()
        let heard = LockedLines()
        output.fileHandleForReading.readabilityHandler = { handle in heard.append(handle.availableData) }
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { return ["failed to start: \(error)"] }
        await GTKHarness.pump(until: { heard.lines.contains("ready") || !process.isRunning }, timeout: .seconds(60))
        await during()
        await GTKHarness.pump(until: { !process.isRunning }, timeout: .seconds(60))
        output.fileHandleForReading.readabilityHandler = nil
        heard.append(output.fileHandleForReading.readDataToEndOfFile())
        return heard.lines.filter { $0 != "ready" }
    }
}

/// Lines of a child's output, gathered on whatever thread the pipe reports on.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
