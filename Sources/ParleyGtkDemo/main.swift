import CGtk4
import Foundation
import ParleyCore
import ParleyDemoKit
import ParleyGTK
import ParleySQLite

/// `parley-gtk-demo`: Parley's GTK messenger with a scripted conversation.
let usage = """
    usage: parley-gtk-demo [--theme light|dark|imessage|messenger|slack]
                           [--history FILE | --ephemeral | --transcript FILE]
                           [--size WxH] [--script STEPS] [--link-previews]
                           [--matrix HOMESERVER --user U --password P --room ROOM]

      --theme NAME       a theme; by default the desktop's light or dark preference
      --history FILE     keep the conversation in this SQLite file (default:
                         $XDG_DATA_HOME/parley/demo.sqlite, seeded on first run)
      --ephemeral        keep nothing: the conversation lives in memory only
      --transcript FILE  open a chat log (epoch seconds ⇥ sender ⇥ text, one per line)
      --link-previews    fetch previews of the pages messages link to (off by default:
                         fetching a page tells its server you read the message)
      --matrix URL       show a Matrix room instead of the bot (with --user, --password
                         and --room; scripts/matrix-server start prints a ready line)
      --size WxH         the window's size in pixels (default 460x760)
      --script STEPS     drive the demo, steps separated by ';': wait:SECONDS, send:TEXT,
                         type:TEXT (into the composer), scroll:PIXELS, top, bottom,
                         jump:YYYY-MM-DD, theme:NAME, screenshot:FILE.png,
                         report (newest messages to standard output), indexed (wait until
                         the --transcript is indexed), quit
    """

func fail(_ message: String) -> Never {
    DemoConsole.error(message, program: "parley-gtk-demo")
    exit(2)
}

var options = GtkDemoApp.Options()
var arguments = DemoArguments(program: "parley-gtk-demo", usage: usage)
var theme: String?
var history = DemoHistory.Options()
var matrix = MatrixDemo.Options()
while let flag = arguments.nextFlag() {
    if arguments.takeShared(flag, theme: &theme, history: &history) { continue }
    if arguments.takeMatrix(flag, into: &matrix) { continue }
    switch flag {
    case "--script":
        options.automation = DemoAutomation.steps(arguments.value(of: flag))
        options.pace = 0.3
    case "--size":
        let size = arguments.value(of: flag).split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, size[0] > 0, size[1] > 0 else { fail("--size takes WIDTHxHEIGHT, like 460x760") }
        options.size = (size[0], size[1])
    case "--link-previews": options.fetchesLinkPreviews = true
    case "-h", "--help":
        DemoConsole.print(usage)
        exit(0)
    default: fail("unknown option “\(flag)”\n\(usage)")
    }
}
if history.isContradictory {
    fail("--history, --ephemeral and --transcript are different histories; choose one")
}
options.theme = theme
options.history = history
if matrix.isRequested {
    if let missing = matrix.missing { fail("a Matrix room needs \(missing) too\n\(usage)") }
    if history.transcript != nil || history.history != nil { fail("--matrix shows the room's history; leave out --history and --transcript") }
    // Waiting here rather than awaiting: an await in the program's top level would hand
    // the main thread to the dispatch main queue, which GTK's loop then cannot run.
    switch MatrixDemo.connectWaiting(matrix) {
    case .success(let room): options.matrix = MatrixDemo(room: room)
    case .failure(let error): fail(error.errorDescription ?? "\(error)")
    }
}

// A transcript is indexed on another thread while GTK starts.
if let path = options.history.transcript {
    options.history.opening = TranscriptOpening(path: path, me: DemoCast.me)
}

// Fail early and clearly without a display, before GApplication would.
do { try GTK.initialize() } catch { fail("\(error)") }

let application = ParleyApplication(id: "org.parley.GtkDemo", title: "Parley")
var demo: GtkDemoApp?
let status = application.run { window in
    do {
        let app = try GtkDemoApp(options: options)
        demo = app
        app.install(in: window)
    } catch let error as StoreError {
        fail("\(error)")
    } catch let error as TranscriptError {
        fail("\(error)")
    } catch {
        fail("cannot open \(options.history.transcript ?? "the conversation"): \(error.localizedDescription)")
    }
}
if let unsaved = demo?.history.close(keeping: demo?.screen.inputBar.draft) { DemoConsole.error(unsaved, program: "parley-gtk-demo") }
exit(status)
