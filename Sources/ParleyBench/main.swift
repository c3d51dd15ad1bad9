import Foundation

/// `parley-bench`: measures Parley beside a baseline on the same input and prints tables.
/// See docs/BENCHMARKS.md for the figures and how to reproduce them.
let usage = """
    usage: parley-bench core [--sizes N,N,...] [--steps N] [--baseline-limit N]
           parley-bench terminal [--messages N] [--frames N] [--size COLSxROWS] [--page] [--pause MS] [--repeat] [--no-baseline]
           parley-bench history [--sizes N,N,...] [--pages N] [--dir DIR] [--keep]
           parley-bench search [--messages N] [--repeats N] [--dir DIR] [--keep]
           parley-bench seed --messages N [--batch N] FILE
           parley-bench gtk [--sizes N,N,...] [--frames N]
           parley-bench gtk-peer --transcript FILE [--size WxH]
           parley-bench gtk-floor [--size WxH] [--overlay]
           parley-bench gtk-text-floor --transcript FILE [--size WxH]
           parley-bench longtext [--sizes N,N,...] [--baseline-limit N] [--repeats N]
           parley-bench matrix --homeserver URL [--messages N] [--history N]

      core   the engine: appends, memory per message, grouping, viewport steps and
             jumps, prepends; beside a plain array and an offset-scrolled table.
             Defaults: --sizes 10000,100000,1000000 --steps 1000 --baseline-limit 100000
      terminal the terminal front end scrolling one row (or --page, a page) per frame: frame time and bytes
             per frame, diff renderer beside a full redraw of the same screens.
             --pause spaces the frames out (30: as far apart as key presses, caches cold);
           --repeat sends runs of one character as REP, as on a terminal that has it;
             --no-baseline leaves the full redraw out, so a profiler counts only Parley's frame.
             Defaults: --messages 100000 --frames 1000 --size 200x60
      history a ParleySQLite history: seed rate, open and newest page, keyset pages
             spread over the depth beside an OFFSET/LIMIT pager on the same file.
             Defaults: --sizes 10000,100000,1000000 --pages 200 --dir $TMPDIR
      gtk    the GTK front end beside a GtkListView of wrapped labels on the same
             transcript: first frame, work per scrolled frame, far jumps, RSS; each
             list in a child process, under xvfb-run when there is no display.
             Defaults: --sizes 10000,1000000 --frames 300
      gtk-peer a window of its own showing a transcript in a GtkListView of wrapped
             labels: the GTK demo's peer for scripts/measure-gtk.py. Default --size 480x800
      gtk-floor a window of its own scrolling one drawing recorded once: what GTK itself
             costs a scroll step, the floor beside the demo in scripts/measure-gtk.py.
             --overlay: GTK's overlay scroll bar. Default --size 480x800
      gtk-text-floor a window of its own showing a transcript as bubbles drawn in one
             drawing area, each message laid out once: what GTK, Pango and cairo alone
             cost a step that brings new text, beside the demo. Default --size 480x800
      longtext one long message laid out (GTK and terminal rows) beside the whole text
             measured in Pango, for a word without spaces and for words.
             Defaults: --sizes 16000,64000,1048576 --baseline-limit 64000 --repeats 3
      matrix a Matrix room on a homeserver with open registration (scripts/matrix-server):
             send → the row on the other client's screen, own echo sent, history pages
             of 50 after seeding, jumps to a date.
             Defaults: --messages 200 --history 2000
      search full-text search of a ParleySQLite history: index size per message, the
             migration that indexes an older file (open, build, waits meanwhile), query
             times beside a LIKE '%word%' scan of the same table.
             Defaults: --messages 1000000 --repeats 21 --dir $TMPDIR
      seed   writes a realistic N-message conversation into FILE (created, or
             continued), --batch messages per transaction. Default --batch 10000
    """

nonisolated(unsafe) var arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

/// The options of a command showing a window of its own (after the command's name):
/// `--size WxH` (480x800 by default), `--transcript FILE` when `transcript` is true, and
/// the flags in `flags`; or the usage and exit status 2 when anything else is given.
func windowOptions(transcript: Bool, flags: [String] = []) -> (path: String, width: Int, height: Int, flags: Set<String>) {
    arguments.removeFirst()
    let size = (option("--size") ?? "480x800").split(separator: "x").compactMap { Int($0) }
    let path = transcript ? option("--transcript") : ""
    let given = Set(flags.filter { flag($0) })
    guard let path, arguments.isEmpty, size.count == 2, size[0] > 0, size[1] > 0 else {
        print(usage)
        exit(2)
    }
    return (path, size[0], size[1], given)
}

/// Whether the flag `name` was given (and takes it out of the arguments).
func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}

func integers(_ text: String) -> [Int]? {
    let values = text.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
    return values.contains(nil) || values.isEmpty ? nil : values.compactMap { $0 }.filter { $0 > 0 }
}

switch arguments.first {
case "core":
    arguments.removeFirst()
    let sizes = option("--sizes").flatMap(integers) ?? [10_000, 100_000, 1_000_000]
    let steps = option("--steps").flatMap(Int.init) ?? 1000
    let limit = option("--baseline-limit").flatMap(Int.init) ?? 100_000
    guard arguments.isEmpty, !sizes.isEmpty, steps > 0 else {
        print(usage)
        exit(2)
    }
    CoreBenchmark.run(sizes: sizes, steps: steps, baselineLimit: limit)
case "terminal":
    arguments.removeFirst()
    let count = option("--messages").flatMap { integers($0)?.first } ?? 100_000
    let frames = option("--frames").flatMap(Int.init) ?? 1000
    let size = (option("--size") ?? "200x60").split(separator: "x").compactMap { Int($0) }
    let byPage = flag("--page")
    let pause = option("--pause").map { Double($0) ?? -1 } ?? 0
    let repeats = flag("--repeat")
    let baseline = !flag("--no-baseline")
    guard arguments.isEmpty, count > 0, frames > 0, size.count == 2, size[0] > 0, size[1] > 0, pause >= 0, pause <= 10_000 else {
        print(usage)
        exit(2)
    }
    TerminalBenchmark.run(
        messages: count, frames: frames, columns: size[0], rows: size[1], byPage: byPage, pause: pause / 1000, repeats: repeats,
        baseline: baseline)
case "history":
    arguments.removeFirst()
    let sizes = option("--sizes").flatMap(integers) ?? [10_000, 100_000, 1_000_000]
    let pages = option("--pages").flatMap(Int.init) ?? 200
    let folder = option("--dir") ?? NSTemporaryDirectory()
    let keep = arguments.firstIndex(of: "--keep").map { arguments.remove(at: $0) } != nil
    guard arguments.isEmpty, !sizes.isEmpty, pages > 1 else {
        print(usage)
        exit(2)
    }
    HistoryBenchmark.run(sizes: sizes, pages: pages, folder: folder, keep: keep)
case "search":
    arguments.removeFirst()
    let count = option("--messages").flatMap { integers($0)?.first } ?? 1_000_000
    let repeats = option("--repeats").flatMap(Int.init) ?? 21
    let folder = option("--dir") ?? NSTemporaryDirectory()
    let keep = arguments.firstIndex(of: "--keep").map { arguments.remove(at: $0) } != nil
    guard arguments.isEmpty, count > 0, repeats > 0 else {
        print(usage)
        exit(2)
    }
    SearchBenchmark.run(size: count, repeats: repeats, folder: folder, keep: keep)
case "seed":
    arguments.removeFirst()
    let count = option("--messages").flatMap { integers($0)?.first }
    let batch = option("--batch").flatMap(Int.init) ?? 10_000
    guard let count, batch > 0, arguments.count == 1 else {
        print(usage)
        exit(2)
    }
    SeedCommand.run(path: arguments[0], count: count, batch: batch)
case "gtk":
    arguments.removeFirst()
    let sizes = option("--sizes").flatMap(integers) ?? [10_000, 1_000_000]
    let frames = option("--frames").flatMap(Int.init) ?? 300
    guard arguments.isEmpty, !sizes.isEmpty, frames > 0 else {
        print(usage)
        exit(2)
    }
    GtkBenchmark.run(sizes: sizes, frames: frames)
case "gtk-run":
    // The child side of `gtk`.
    arguments.removeFirst()
    let variant = option("--variant") ?? "parley"
    let count = option("--messages").flatMap(Int.init) ?? 10_000
    let frames = option("--frames").flatMap(Int.init) ?? 300
    GtkBenchmarkRun.run(variant: variant, messages: count, frames: frames)
case "gtk-peer":
    // The peer of the GTK demo, for scripts/measure-gtk.py.
    let window = windowOptions(transcript: true)
    MainActor.assumeIsolated { GtkPeer.run(transcript: window.path, width: window.width, height: window.height) }
case "gtk-floor":
    // GTK's own cost of a scroll step, for scripts/measure-gtk.py.
    let window = windowOptions(transcript: false, flags: ["--overlay"])
    let overlay = window.flags.contains("--overlay")
    MainActor.assumeIsolated { GtkFloor.run(width: window.width, height: window.height, overlay: overlay) }
case "gtk-text-floor":
    // GTK's, Pango's and cairo's own cost of a step that brings new text.
    let window = windowOptions(transcript: true)
    MainActor.assumeIsolated { GtkTextFloor.run(transcript: window.path, width: window.width, height: window.height) }
case "matrix":
    arguments.removeFirst()
    let server = option("--homeserver").flatMap(URL.init(string:))
    let count = option("--messages").flatMap(Int.init) ?? 200
    let history = option("--history").flatMap(Int.init) ?? 2000
    guard arguments.isEmpty, let server, count > 0, history > 0 else {
        print(usage)
        exit(2)
    }
    // The main queue runs the main actor from here (no top-level await: the other
    // benchmarks assume the main actor synchronously).
    Task { @MainActor in
        await MatrixBenchmark.run(homeserver: server, messages: count, history: history)
        exit(0)
    }
    dispatchMain()
case "longtext":
    arguments.removeFirst()
    let sizes = option("--sizes").flatMap(integers) ?? [16_000, 64_000, 1_048_576]
    let limit = option("--baseline-limit").flatMap(Int.init) ?? 64_000
    let repeats = option("--repeats").flatMap(Int.init) ?? 3
    guard arguments.isEmpty, !sizes.isEmpty, repeats > 0 else {
        print(usage)
        exit(2)
    }
    MainActor.assumeIsolated { LongTextBenchmark.run(sizes: sizes, baselineLimit: limit, repeats: repeats) }
case "-h", "--help", "help":
    print(usage)
default:
    FileHandle.standardError.write((usage + "\n").data(using: .utf8)!)
    exit(2)
}
