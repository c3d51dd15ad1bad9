import CGtk4
import Foundation
import ParleyCore
import ParleyGTK

/// `parley-bench gtk`: the same transcript through ``MessengerView`` and through a plain
/// GtkListView of wrapped labels (what a GTK developer writes by hand), under the cairo
/// renderer. Each variant runs in a child process of its own, so that its memory is its
/// own; the parent prints them side by side.
enum GtkBenchmark {
    /// One variant's figures.
    struct Figures {
        var firstFrame = 0.0
        var frames: [Double] = []
        var jumps: [Double] = []
        var rss = 0
    }

    /// Runs both variants at each size and prints the table.
    static func run(sizes: [Int], frames: Int) {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            reexecUnderXvfb()
        }
        print("GTK front end: \(frames) scrolled frames of 60 px, 5 far jumps, window 480×800, GSK_RENDERER=cairo")
        print("(work per frame = the frame clock's before-paint → after-paint: update, layout, paint)")
        print("")
        var rows: [[String]] = []
        for size in sizes {
            for variant in ["listview", "parley"] {
                guard let figures = child(variant: variant, messages: size, frames: frames) else {
                    rows.append([Format.count(size), name(variant), "failed", "", "", "", ""])
                    continue
                }
                let frameStats = Stats(figures.frames)
                let sorted = figures.frames.sorted()
                let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
                rows.append([
                    Format.count(size), name(variant), Format.time(figures.firstFrame), Format.time(frameStats.median),
                    Format.time(p95), Format.time(Stats(figures.jumps).median), Format.bytes(Double(figures.rss)),
                ])
            }
        }
        Format.table(["messages", "list", "first frame", "frame median", "frame p95", "far jump", "RSS"], rows)
    }

    private static func name(_ variant: String) -> String {
        variant == "parley" ? "MessengerView" : "GtkListView + labels"
    }

    /// Runs one variant in a child process and parses its figures.
    private static func child(variant: String, messages: Int, frames: Int) -> Figures? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["gtk-run", "--variant", variant, "--messages", "\(messages)", "--frames", "\(frames)"]
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = environment["GSK_RENDERER"] ?? "cairo"
        environment["GDK_BACKEND"] = environment["GDK_BACKEND"] ?? "x11"
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_A11Y"] = "none"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var figures = Figures()
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let values = parts[1].split(separator: ",").compactMap { Double($0) }
            switch parts[0] {
            case "first": figures.firstFrame = values.first ?? 0
            case "frames": figures.frames = values
            case "jumps": figures.jumps = values
            case "rss": figures.rss = Int(values.first ?? 0)
            default: break
            }
        }
        return figures
    }

    private static func reexecUnderXvfb() {
        let arguments = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", CommandLine.arguments[0]] + CommandLine.arguments.dropFirst()
        let pointers = arguments.map { strdup($0) } + [nil]
        execvp("xvfb-run", pointers)
        FileHandle.standardError.write("parley-bench gtk: no display and no xvfb-run (apt-get install xvfb)\n".data(using: .utf8)!)
        exit(2)
    }

    /// The transcript: the seed conversation with every message as text, so both lists
    /// show the same words.
    static func transcript(_ count: Int) -> [Message] {
        (0..<count).map { index in
            var message = SeedConversation.message(index)
            if case .text = message.content {} else {
                message.content = .text(TextContent(message.sender.name + ": message #\(index) " + String(repeating: "with some words ", count: index % 4)))
            }
            return message
        }
    }
}

/// The child side of `parley-bench gtk`: builds one list, waits for its first frame,
/// scrolls, jumps, and prints its figures.
@MainActor
enum GtkBenchmarkRun {
    private static var paintStart = 0.0
    private static var lastFrameWork = 0.0
    private static var paints = 0
    private static var window: WidgetPointer?

    static func run(variant: String, messages: Int, frames: Int) {
        setenv("GSK_RENDERER", "cairo", 0)
        do { try GTK.initialize() } catch {
            FileHandle.standardError.write("\(error)\n".data(using: .utf8)!)
            exit(2)
        }
        GTK.runsMainActorTasks()
        let transcript = GtkBenchmark.transcript(messages)
        let window = gtk_window_new()!
        Self.window = window
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 480, 800)

        let start = now()
        let list: ListUnderTest = variant == "parley" ? ParleyList(transcript) : LabelList(transcript)
        gtk_window_set_child(window.cast(to: GtkWindow.self), list.widget)
        gtk_window_present(window.cast(to: GtkWindow.self))
        gtk_widget_realize(window)
        let clock = gtk_widget_get_frame_clock(window)!
        Signals.connect(UnsafeMutableRawPointer(clock), "before-paint") { paintStart = now() }
        Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            lastFrameWork = now() - paintStart
            paints += 1
        }
        waitForPaint(after: 0)
        // Let the first layout settle (images, fonts), then the clock starts.
        let firstFrame = now() - start
        for _ in 0..<10 { _ = nextFrame() }

        var work: [Double] = []
        for _ in 0..<frames {
            list.scroll(by: -60)
            work.append(nextFrame())
        }
        var jumps: [Double] = []
        for fraction in [0.5, 0.1, 0.9, 0.3, 0.7] {
            list.jump(to: fraction)
            jumps.append(nextFrame())
        }
        print("first \(firstFrame)")
        print("frames " + work.map { String($0) }.joined(separator: ","))
        print("jumps " + jumps.map { String($0) }.joined(separator: ","))
        print("rss \(Measure.residentBytes() ?? 0)")
        exit(0)
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private static func waitForPaint(after count: Int) {
        while paints <= count { g_main_context_iteration(nil, 1) }
    }

    /// Queues a frame and returns its work once painted.
    private static func nextFrame() -> Double {
        if let window { gtk_widget_queue_draw(window) }
        let count = paints
        waitForPaint(after: count)
        return lastFrameWork
    }
}

/// A list under test: a widget, a way to scroll it and to jump within it.
@MainActor
protocol ListUnderTest {
    var widget: WidgetPointer { get }
    func scroll(by distance: Double)
    func jump(to fraction: Double)
}

/// Parley's MessengerView over a conversation holding the transcript.
@MainActor
final class ParleyList: ListUnderTest {
    let view: MessengerView
    let ids: [MessageID]
    var widget: WidgetPointer { view.widget }

    init(_ transcript: [Message]) {
        let conversation = Conversation(me: SeedConversation.me)
        try? conversation.append(contentsOf: transcript, animated: false)
        ids = transcript.map(\.id)
        view = MessengerView(conversation: conversation, style: .light)
    }

    func scroll(by distance: Double) { view.scroll(by: distance) }
    func jump(to fraction: Double) { view.scroll(to: ids[Int(Double(ids.count - 1) * fraction)], at: .top) }
}

/// What a GTK developer writes by hand: a GtkStringList in a GtkListView whose items are
/// wrapped GtkLabels, in a GtkScrolledWindow.
@MainActor
final class LabelList: ListUnderTest {
    let widget: WidgetPointer
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>

    init(_ transcript: [Message]) {
        let strings = gtk_string_list_new(nil)!
        for message in transcript {
            guard case .text(let text) = message.content else { continue }
            gtk_string_list_append(strings, message.sender.name + ": " + text.string)
        }
        let factory = gtk_signal_list_item_factory_new()!
        Signals.connectPointer(UnsafeMutableRawPointer(factory), "setup") { item in
            let label = gtk_label_new(nil)!
            gtk_label_set_wrap(OpaquePointer(label), 1)
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_widget_set_margin_start(label, 12)
            gtk_widget_set_margin_end(label, 12)
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        Signals.connectPointer(UnsafeMutableRawPointer(factory), "bind") { item in
            let label = gtk_list_item_get_child(OpaquePointer(item))
            let string = gtk_list_item_get_item(OpaquePointer(item))
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(string)))
        }
        let selection = gtk_no_selection_new(strings)
        let list = gtk_list_view_new(selection, factory)!
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        widget = scroller
    }

    func scroll(by distance: Double) {
        // Scrolls down (the list starts at the top); the distance is the same.
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + abs(distance))
    }

    func jump(to fraction: Double) {
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, upper * fraction)
    }
}
