import CGtk4
import Foundation
import ParleyCore
import ParleyGTK
import Synchronization

/// `parley-bench gtk`: the same transcript through ``MessengerView`` and through a plain
/// GtkListView of wrapped labels (what a GTK developer writes by hand), under the cairo
/// renderer. Each variant runs in a child process of its own, so that its memory is its
/// own; the parent prints them side by side.
///
/// Environment knobs, for checking how much the figures depend on the setup (the header
/// prints the ones in use):
/// - `PARLEY_GTK_BENCH_WINDOW=WxH`: the window size (default 480x800).
/// - `PARLEY_GTK_BENCH_BASELINE=...`: comma-separated baseline options: `from-top` (open at
///   the oldest message and scroll down, instead of opening at the newest and scrolling up
///   as a messenger does), `no-wrap` (labels on one line), `natural-word` (wrapped labels
///   whose natural width avoids breaking words, `GTK_NATURAL_WRAP_WORD`).
/// - `PARLEY_GTK_BENCH_JUMPS=N`: far jumps per run (default 5), for profiling them.
enum GtkBenchmark {
    /// One variant's figures, in seconds and bytes.
    struct Figures {
        var model = 0.0
        var firstFrame = 0.0
        var frames: [Double] = []
        var paints: [Double] = []
        var jumps: [Double] = []
        var jumpPaints: [Double] = []
        var rss = 0
        var framesMoved = 0
        var rowsPassed = 0
        var jumpsLanded = 0
        var warnings = 0
    }

    /// Runs both variants at each size and prints the table.
    static func run(sizes: [Int], frames: Int) {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            reexecUnderXvfb()
        }
        let setup = BenchSetup.current
        let fromTop = setup.baselineOptions.contains("from-top")
        print("GTK front end, GSK_RENDERER=cairo under Xvfb, window \(setup.window.width)×\(setup.window.height): each list opens at the")
        print("newest message, scrolls \(frames) frames of 60 px towards older ones, then makes \(setup.jumps) far jumps.")
        if !setup.baselineOptions.isEmpty {
            print("Baseline options: " + setup.baselineOptions.sorted().joined(separator: ", ")
                + (fromTop ? " (the baseline opens at the oldest message and scrolls down)" : ""))
        }
        print("""
              model        building the list's model before the view exists: Conversation.append(contentsOf:) for
                           MessengerView, gtk_string_list_append for the baseline (wall clock)
              first frame  from creating the view, model built, until the newest messages are painted (wall
                           clock); GtkListView first paints its top rows, then list.scroll-to-item takes it down
              frame, jump  CPU time of the whole process from one painted frame to the next: the scroll call and
                           its signal handlers, idle callbacks, layout and paint. GtkListView binds rows in its
                           adjustment's value-changed handler, outside the frame clock's paint phase, so the
                           paint phase alone (before-paint → after-paint, last column) under-counts its work
              RSS          at the end, after the input transcript was freed (the model stays: it is the list's)
              moved        scrolled frames whose top row changed, rows passed, jumps landing at their target
            """)
        print("")
        var rows: [[String]] = []
        var notes: [String] = []
        for size in sizes {
            for variant in ["listview", "parley"] {
                guard let figures = child(variant: variant, messages: size, frames: frames) else {
                    rows.append([Format.count(size), name(variant), "failed", "", "", "", "", "", "", ""])
                    continue
                }
                if figures.warnings > 0 {
                    notes.append("\(name(variant)), \(Format.count(size)): GTK logged \(figures.warnings) warning(s), above; its frames may be wrong")
                }
                rows.append([
                    Format.count(size), name(variant), Format.time(figures.model), Format.time(figures.firstFrame),
                    Format.time(percentile(figures.frames, 0.5)), Format.time(percentile(figures.frames, 0.95)),
                    Format.time(percentile(figures.jumps, 0.5)), Format.bytes(Double(figures.rss)),
                    "\(figures.framesMoved)/\(figures.frames.count), \(Format.count(figures.rowsPassed)) rows, "
                        + "\(figures.jumpsLanded)/\(figures.jumps.count) jumps",
                    Format.time(percentile(figures.paints, 0.5)) + " / " + Format.time(percentile(figures.jumpPaints, 0.5)),
                ])
            }
        }
        Format.table(
            ["messages", "list", "model", "first frame", "frame median", "frame p95", "far jump", "RSS", "moved",
             "paint phase: frame / jump"], rows)
        for note in notes { print("⚠ " + note) }
    }

    private static func name(_ variant: String) -> String {
        variant == "parley" ? "MessengerView" : "GtkListView + labels"
    }

    private static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
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
            case "model": figures.model = values.first ?? 0
            case "first": figures.firstFrame = values.first ?? 0
            case "frames": figures.frames = values
            case "paints": figures.paints = values
            case "jumps": figures.jumps = values
            case "jump-paints": figures.jumpPaints = values
            case "rss": figures.rss = Int(values.first ?? 0)
            case "warnings": figures.warnings = Int(values.first ?? 0)
            case "moved":
                let counts = values.map { Int($0) }
                if counts.count == 3 { (figures.framesMoved, figures.rowsPassed, figures.jumpsLanded) = (counts[0], counts[1], counts[2]) }
            default: break
            }
        }
        return figures
    }

    private static func reexecUnderXvfb() {
        let arguments = ["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24", CommandLine.arguments[0]] + CommandLine.arguments.dropFirst()
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

/// The run's setup, from the environment (see ``GtkBenchmark``).
struct BenchSetup {
    /// The window's size in pixels.
    var window: (width: Int, height: Int) = (480, 800)
    /// The baseline's options (`from-top`, `no-wrap`, `natural-word`).
    var baselineOptions: Set<String> = []
    /// How many far jumps to make.
    var jumps = 5

    /// Where the far jumps go, as fractions of the conversation.
    static let jumpFractions = [0.5, 0.1, 0.9, 0.3, 0.7]

    /// The setup the environment asks for.
    static var current: BenchSetup {
        var setup = BenchSetup()
        let environment = ProcessInfo.processInfo.environment
        if let size = environment["PARLEY_GTK_BENCH_WINDOW"]?.split(separator: "x").compactMap({ Int($0) }), size.count == 2,
            size[0] > 0, size[1] > 0
        {
            setup.window = (size[0], size[1])
        }
        if let jumps = environment["PARLEY_GTK_BENCH_JUMPS"].flatMap({ Int($0) }), jumps > 0 {
            setup.jumps = jumps
        }
        if let options = environment["PARLEY_GTK_BENCH_BASELINE"] {
            setup.baselineOptions = Set(options.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return setup
    }
}

/// The child side of `parley-bench gtk`: builds one list's model, then the list, waits for
/// its first frame, scrolls, jumps, checks that it really moved, and prints its figures.
@MainActor
enum GtkBenchmarkRun {
    private static var paintStart = 0.0
    private static var lastPaintPhase = 0.0
    /// Process CPU time at the last after-paint.
    private static var cpuAtPaint = 0.0
    /// CPU time spent by the benchmark itself (checks) since the last after-paint.
    private static var excluded = 0.0
    private static var paints = 0
    private static var window: WidgetPointer?

    static func run(variant: String, messages: Int, frames: Int) {
        setenv("GSK_RENDERER", "cairo", 0)
        countWarnings()
        do { try GTK.initialize() } catch {
            FileHandle.standardError.write("parley-bench gtk: \(InertText.singleLine("\(error)"))\n".data(using: .utf8)!)
            exit(2)
        }
        GTK.runsMainActorTasks()
        let setup = BenchSetup.current
        let model: ListModel
        let modelTime: Double
        do {
            let transcript = GtkBenchmark.transcript(messages)
            let modelStart = now()
            model = variant == "parley" ? ParleyList.model(transcript) : LabelList.model(transcript)
            modelTime = now() - modelStart
        }
        // The transcript is gone: give its memory back, so that RSS is what the list holds.
        trimHeap()

        let window = gtk_window_new()!
        Self.window = window
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), Int32(setup.window.width), Int32(setup.window.height))
        gtk_widget_realize(window)
        let clock = gtk_widget_get_frame_clock(window)!
        Signals.connect(UnsafeMutableRawPointer(clock), "before-paint") { paintStart = now() }
        Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            lastPaintPhase = now() - paintStart
            cpuAtPaint = cpuTime()
            paints += 1
        }

        let start = now()
        let list: ListUnderTest =
            switch model {
            case .conversation(let conversation): ParleyList(conversation)
            case .strings(let strings): LabelList(strings, options: setup.baselineOptions)
            }
        gtk_window_set_child(window.cast(to: GtkWindow.self), list.widget)
        gtk_window_present(window.cast(to: GtkWindow.self))
        list.settle()
        waitForPaint(after: paints)
        // Until the newest message shows (GtkListView may need more frames to get there).
        var settling = 0
        while !list.showsNewest, settling < 20 {
            list.settle()
            if let window = Self.window { gtk_widget_queue_draw(window) }
            waitForPaint(after: paints)
            settling += 1
        }
        let firstFrame = now() - start
        // Let the first layout settle (fonts, images, the baseline's size estimates).
        for _ in 0..<10 { _ = nextFrame { list.settle() } }

        var work: [Double] = []
        var paintPhases: [Double] = []
        var top = checked { list.topIndex() }
        var moved = 0
        var passed = 0
        for _ in 0..<frames {
            let (cpu, paint) = nextFrame { list.scroll(by: -60) }
            work.append(cpu)
            paintPhases.append(paint)
            let now = checked { list.topIndex() }
            if now != top { moved += 1 }
            passed += abs(now - top)
            top = now
        }
        var jumps: [Double] = []
        var jumpPaints: [Double] = []
        var landed = 0
        for jump in 0..<setup.jumps {
            // The five fractions, shifted a little on each round when more jumps are asked.
            let base = BenchSetup.jumpFractions[jump % BenchSetup.jumpFractions.count]
            let fraction = (base + Double(jump / BenchSetup.jumpFractions.count) * 0.0123).truncatingRemainder(dividingBy: 0.95)
            let target = Int(Double(list.count - 1) * fraction)
            let (cpu, paint) = nextFrame { list.jump(to: target) }
            jumps.append(cpu)
            jumpPaints.append(paint)
            let now = checked { list.topIndex() }
            // Within 2 % of the conversation (the baseline's scroll range is an estimate).
            if abs(now - target) <= max(2, list.count / 50) { landed += 1 }
        }
        print("model \(modelTime)")
        print("first \(firstFrame)")
        print("frames " + work.map { String($0) }.joined(separator: ","))
        print("paints " + paintPhases.map { String($0) }.joined(separator: ","))
        print("jumps " + jumps.map { String($0) }.joined(separator: ","))
        print("jump-paints " + jumpPaints.map { String($0) }.joined(separator: ","))
        print("moved \(moved),\(passed),\(landed)")
        print("rss \(Measure.residentBytes() ?? 0)")
        print("warnings \(warnings.withLock { $0 })")
        exit(0)
    }

    /// GTK, GDK and GLib warnings and criticals logged by the run (a list drawn wrongly
    /// usually says so: "Trying to snapshot … without a current allocation").
    private static let warnings = Mutex(0)

    /// Counts warnings from then on, still printing them. GTK 4 logs through GLib's
    /// structured log, which only a writer function sees.
    private static func countWarnings() {
        g_log_set_writer_func({ level, fields, count, _ in
            if level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0 {
                GtkBenchmarkRun.warnings.withLock { $0 += 1 }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }

    /// glibc's `malloc_trim(0)`, found at run time (the Glibc module does not export it).
    private static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// CPU time of the whole process (every thread), in seconds.
    private static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs a check whose CPU time is not charged to the next frame.
    private static func checked<T>(_ body: () -> T) -> T {
        let start = cpuTime()
        let result = body()
        excluded += cpuTime() - start
        return result
    }

    private static func waitForPaint(after count: Int) {
        // A frame is queued each time, so this returns within a frame or two.
        while paints <= count { g_main_context_iteration(nil, 1) }
    }

    /// Runs `action`, queues a frame and waits for it to be painted; returns the process's
    /// CPU time since the previous frame was painted (so work done in signal handlers and
    /// idle callbacks between frames counts) and the frame's paint phase.
    private static func nextFrame(_ action: () -> Void) -> (cpu: Double, paint: Double) {
        let before = cpuAtPaint
        action()
        if let window { gtk_widget_queue_draw(window) }
        waitForPaint(after: paints)
        let cpu = cpuAtPaint - before - excluded
        excluded = 0
        return (cpu, lastPaintPhase)
    }
}

/// A list's model, built before its view.
@MainActor
enum ListModel {
    /// MessengerView's: the conversation.
    case conversation(Conversation)
    /// The baseline's: a GtkStringList.
    case strings(OpaquePointer)
}

/// A list under test: a widget, a way to scroll it and to jump within it, and the index
/// of the row at its top, to check that it moved.
@MainActor
protocol ListUnderTest {
    /// The list's root widget.
    var widget: WidgetPointer { get }
    /// The number of rows.
    var count: Int { get }
    /// Called before each of the first frames, until the list has settled.
    func settle()
    /// Scrolls by `distance` pixels (negative: towards older messages).
    func scroll(by distance: Double)
    /// Jumps so that row `index` is at the top, or near it.
    func jump(to index: Int)
    /// The index of the row at the top edge.
    func topIndex() -> Int
    /// Whether the list shows what it opens at (the newest message, or the oldest for `from-top`).
    var showsNewest: Bool { get }
}

/// Parley's MessengerView over a conversation holding the transcript.
@MainActor
final class ParleyList: ListUnderTest {
    let view: MessengerView
    let conversation: Conversation
    var widget: WidgetPointer { view.widget.pointer }
    let count: Int

    /// A conversation holding `transcript`.
    static func model(_ transcript: [Message]) -> ListModel {
        let conversation = Conversation(me: SeedConversation.me)
        try? conversation.append(contentsOf: transcript, animated: false)
        return .conversation(conversation)
    }

    init(_ conversation: Conversation) {
        self.conversation = conversation
        count = conversation.count
        view = MessengerView(conversation: conversation, style: .light)
    }

    func settle() {}
    var showsNewest: Bool { true }
    func scroll(by distance: Double) { view.scroll(by: distance) }

    func jump(to index: Int) {
        if let id = conversation.read({ $0.message(at: index)?.id }) { view.scroll(to: id, at: .top) }
    }

    func topIndex() -> Int {
        guard let anchor = view.presenter.viewport.anchor else { return count - 1 }
        return conversation.read { $0.index(of: anchor.row) } ?? -1
    }
}

/// What a GTK developer writes by hand: a GtkStringList in a GtkListView (through a
/// GtkNoSelection) whose items are wrapped GtkLabels made by a GtkSignalListItemFactory,
/// in a GtkScrolledWindow. Like a messenger it opens at the newest message (GTK 4.8's
/// `list.scroll-to-item` action; setting the adjustment to its end did not bring the
/// last rows in, here, until the next scroll), unless `from-top` is set. It scrolls and jumps through
/// the vertical adjustment, as the wheel and the scroll bar do.
@MainActor
final class LabelList: ListUnderTest {
    let widget: WidgetPointer
    let count: Int
    private let list: WidgetPointer
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let fromTop: Bool

    /// A string list with one "Sender: text" per message.
    static func model(_ transcript: [Message]) -> ListModel {
        let strings = gtk_string_list_new(nil)!
        for message in transcript {
            guard case .text(let text) = message.content else { continue }
            gtk_string_list_append(strings, message.sender.name + ": " + text.string)
        }
        return .strings(strings)
    }

    init(_ strings: OpaquePointer, options: Set<String>) {
        count = Int(g_list_model_get_n_items(strings))
        fromTop = options.contains("from-top")
        let wraps = !options.contains("no-wrap")
        let naturalWord = options.contains("natural-word")
        let factory = gtk_signal_list_item_factory_new()!
        Signals.connectPointer(UnsafeMutableRawPointer(factory), "setup") { item in
            let label = gtk_label_new(nil)!
            gtk_label_set_wrap(OpaquePointer(label), wraps ? 1 : 0)
            gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
            if naturalWord { gtk_label_set_natural_wrap_mode(OpaquePointer(label), GTK_NATURAL_WRAP_WORD) }
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_widget_set_margin_start(label, 12)
            gtk_widget_set_margin_end(label, 12)
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_list_item_set_child(OpaquePointer(item), label)
            // For the check only: which item a label shows.
            g_object_set_data(UnsafeMutablePointer(OpaquePointer(label)), "bench-item", item)
        }
        Signals.connectPointer(UnsafeMutableRawPointer(factory), "bind") { item in
            let label = gtk_list_item_get_child(OpaquePointer(item))
            let string = gtk_list_item_get_item(OpaquePointer(item))
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(string)))
        }
        let selection = gtk_no_selection_new(strings)
        list = gtk_list_view_new(selection, factory)!
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        widget = scroller
    }

    func settle() {
        // Opening at the newest message, as a messenger does.
        guard !fromTop else { return }
        gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(guint(count - 1)))
    }

    /// Gives the list the keyboard focus.
    func focus() { gtk_widget_grab_focus(list) }

    /// Scrolls by `pages` of the visible height (negative: up).
    func page(by pages: Double) {
        StandaloneWindow.page(adjustment, by: pages)
    }

    var showsNewest: Bool {
        let top = topIndex()
        return fromTop ? top >= 0 : top >= count - 100
    }

    func scroll(by distance: Double) {
        // `distance` is negative (towards older messages); from the top, the same distance down.
        let step = fromTop ? abs(distance) : distance
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + step)
    }

    func jump(to index: Int) {
        // As dragging the scroll bar does: to the same fraction of the scroll range.
        let upper = gtk_adjustment_get_upper(adjustment)
        gtk_adjustment_set_value(adjustment, upper * Double(index) / Double(max(1, count)))
    }

    func topIndex() -> Int {
        let x = Double(gtk_widget_get_width(list)) / 2
        var picked = gtk_widget_pick(list, x, 2, GTK_PICK_DEFAULT)
        // The label, its row (in the label's margin), or something inside the label.
        if let row = picked, g_object_get_data(UnsafeMutablePointer(OpaquePointer(row)), "bench-item") == nil,
            let child = gtk_widget_get_first_child(row), g_object_get_data(UnsafeMutablePointer(OpaquePointer(child)), "bench-item") != nil
        {
            picked = child
        }
        while let widget = picked {
            if let item = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), "bench-item") {
                let position = gtk_list_item_get_position(OpaquePointer(item))
                return position == GTK_INVALID_LIST_POSITION ? -1 : Int(position)
            }
            picked = gtk_widget_get_parent(widget)
        }
        return -1
    }
}
