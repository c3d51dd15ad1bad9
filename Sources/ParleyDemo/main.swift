import Foundation
import ParleyCore
import ParleyDemoKit
import ParleySQLite
import ParleyTerminal

/// `parley-demo`: Parley's terminal messenger with a scripted conversation.
let usage = """
    usage: parley-demo [--theme light|dark|imessage|messenger|slack]
                       [--history FILE | --ephemeral | --transcript FILE]
                       [--plain | --compact | --regular] [--link-previews]
                       [--headless [--frames N] [--size COLSxROWS] [--script STEPS]]
                       [--matrix HOMESERVER --user U --password P --room ROOM]

      --history FILE     keep the conversation in this SQLite file (default:
                         $XDG_DATA_HOME/parley/demo.sqlite, seeded on first run)
      --ephemeral        keep nothing: the conversation lives in memory only
      --transcript FILE  open a chat log (epoch seconds ⇥ sender ⇥ text, one per line)
                         as the conversation's history (kept in memory only)
      --plain            one line per message ("Alice, 12:31: Lunch?"), each line typed
                         sent: for screen readers (the default when TERM=dumb or unset)
      --compact          bubbles without rows of frame (the default below 50 rows)
      --regular          bubbles framed above and below, whatever the height
      --link-previews    fetch previews of the pages messages link to (off by default:
                         fetching a page tells its server you read the message)
      --matrix URL       show a Matrix room instead of the bot (with --user, --password
                         and --room; scripts/matrix-server start prints a ready line)
      --headless         render a scripted session as text frames to standard output
                         instead of taking over the terminal
      --script STEPS     the session, steps separated by ';': type:TEXT, send (send:TEXT
                         types TEXT first), newline, wait:SECONDS, scroll:ROWS,
                         page:PAGES (negative is up), top, bottom, click:X,Y,
                         resize:COLSxROWS, frame
    """

func fail(_ message: String) -> Never {
    DemoConsole.error(message, program: "parley-demo")
    exit(2)
}

var options = DemoApp.Options()
var headless = false
var plain = false
var frames = 1_000
var script = HeadlessRun.defaultScript
var arguments = DemoArguments(program: "parley-demo", usage: usage)
var theme: String?
var history = DemoHistory.Options()
var matrix = MatrixDemo.Options()
while let flag = arguments.nextFlag() {
    if arguments.takeShared(flag, theme: &theme, history: &history) { continue }
    if arguments.takeMatrix(flag, into: &matrix) { continue }
    switch flag {
    case "--headless": headless = true
    case "--plain": plain = true
    case "--compact": options.density = .compact
    case "--regular": options.density = .regular
    case "--link-previews": options.fetchesLinkPreviews = true
    case "--frames": frames = Int(arguments.value(of: flag)) ?? frames
    case "--script": script = arguments.value(of: flag)
    case "--size":
        let size = arguments.value(of: flag).split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, size[0] > 0, size[1] > 0 else { fail("--size takes COLSxROWS, like 80x24") }
        (options.columns, options.rows) = (size[0], size[1])
    case "-h", "--help":
        DemoConsole.print(usage)
        exit(0)
    default: fail("unknown option “\(flag)”\n\(usage)")
    }
}
if history.isContradictory {
    fail("--history, --ephemeral and --transcript are different histories; choose one")
}
options.theme = theme ?? options.theme
options.transcript = history.transcript
options.history = history.history
options.ephemeral = history.ephemeral

if matrix.isRequested {
    if let missing = matrix.missing { fail("a Matrix room needs \(missing) too\n\(usage)") }
    if history.transcript != nil || history.history != nil { fail("--matrix shows the room's history; leave out --history and --transcript") }
    do {
        options.matrix = try await MatrixDemo.connect(matrix)
    } catch {
        fail(error.errorDescription ?? "\(error)")
    }
}

let environment = ProcessInfo.processInfo.environment
options.usesColor = ColorDepth.detect(from: environment) != .none
options.plain = !headless && (plain || PlainMessenger.isPreferred(in: environment))

let app: DemoApp
do {
    options.pace = headless ? 0.2 : 1
    app = try DemoApp(options: options)
} catch {
    if let error = error as? StoreError { fail("\(error)") }
    if let error = error as? TranscriptError { fail("\(error)") }
    fail("cannot open \(options.transcript ?? "the conversation"): \(error.localizedDescription)")
}

if headless {
    // Notes go to standard error so that standard output holds only frames.
    if let note = await app.finalNote() { DemoConsole.note(note) }
    let status = await HeadlessRun.run(app: app, script: script, frames: frames)
    if let unsaved = app.history.close() { DemoConsole.error(unsaved, program: "parley-demo") }
    exit(status)
}

if options.plain {
    await PlainMessenger(screen: app.screen).run()
    if let unsaved = app.history.close(keeping: app.screen.inputBar.draft) { DemoConsole.error(unsaved, program: "parley-demo") }
    exit(0)
}

do {
    let messenger = try TerminalMessenger(screen: app.screen, environment: environment)
    try await messenger.run()
    if let unsaved = app.history.close(keeping: app.screen.inputBar.draft) { DemoConsole.error(unsaved, program: "parley-demo") }
    if let note = await app.finalNote() { DemoConsole.print(note) }
} catch {
    fail("\(error)")
}
