#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ParleyCore

/// A ``ChatScreen`` as a plain transcript: one line per message ("Alice, 12:31: Lunch?"),
/// printed as messages arrive, and each line typed sent as a message. A line
/// `/search words` (``ChatScreen/searchCommand``) prints the newest results instead, one
/// line each ("Bob, Today 12:31: … the garden salad …"), and a notice
/// (`ChatPresenter.showNotice(_:)`) is printed when it shows. After a jump to a date
/// (`ChatPresenter.jump(to:)`, the demo's `/jump`) the day and its first messages are
/// printed, and "Back to the newest messages" when the present shows again.
///
/// For screen readers, which read a terminal's new lines aloud but hear bubbles' frames
/// as noise, and for terminals that cannot address the screen (`TERM=dumb`). Nothing is
/// drawn and the terminal's modes are left alone (the line discipline edits and echoes
/// what is typed), so it runs on pipes too.
///
/// ```swift
/// let screen = ChatScreen(conversation: chat)
/// screen.inputBar.onSend { text in chat.append(.text(text)) }
/// await PlainMessenger(screen: screen).run()      // until end of input (Ctrl-D)
/// ```
@MainActor
public final class PlainMessenger {
    /// The screen whose conversation is read and whose composer sends.
    public let screen: ChatScreen
    private var transcript: PlainTranscript
    private let input: Int32
    private let output: Int32

    /// Reads lines from `input` and writes the transcript to `output` (standard input and
    /// output by default); the descriptors stay the caller's.
    public init(screen: ChatScreen, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, backlog: Int = 20) {
        self.screen = screen
        self.input = input
        self.output = output
        transcript = PlainTranscript(conversation: screen.conversation, style: screen.style, backlog: backlog)
    }

    /// Whether `environment` asks for plain output: `TERM=dumb`, or no `TERM` at all.
    public static func isPreferred(in environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        return term.isEmpty || term == "dumb"
    }

    /// Prints the title and the newest messages, then prints each message as it arrives
    /// and sends each line read, until the input ends or cannot be written to. A draft in
    /// the composer is kept aside meanwhile and put back at the end.
    public func run() async {
        let (stream, continuation) = AsyncStream<PlainEvent>.makeStream()
        let observation = screen.conversation.observe { _ in continuation.yield(.changed) }
        // A notice ("“2026-13-45” is not a date") changes no message: the presenter says
        // when it shows.
        let presenter = screen.presenter
        let display = presenter.onNeedsDisplay
        presenter.onNeedsDisplay = {
            display?()
            continuation.yield(.changed)
        }
        var saidNotices = presenter.noticeCount
        var saidPlace = SaidPlace(jumps: presenter.jumpCount)
        // Each line is a whole message: a draft left in the composer waits aside, and is
        // back in it afterwards.
        let draft = screen.inputBar.draft
        screen.inputBar.draft = Draft(text: "", replyTo: nil)
        defer {
            observation.cancel()
            presenter.onNeedsDisplay = display
            if screen.inputBar.text.isEmpty { screen.inputBar.draft = draft }
        }
        let reader = PlainLineReader(descriptor: input, continuation: continuation)
        Thread.detachNewThread { reader.run() }
        guard say([InertText.singleLine(screen.title)] + transcript.newLines()) else { return }
        for await event in stream {
            switch event {
            case .changed: break
            case .line(let line):
                if let words = ChatScreen.searchWords(in: line) {
                    // The screen's search field is not shown here: the results are said.
                    guard say(await searchLines(for: words)) else { return }
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    screen.perform(.insert(line))
                    screen.perform(.send)
                }
            case .closed:
                _ = say(placeLines(&saidPlace) + transcript.newLines())
                return
            }
            // Where a jump went first: a message sent from the past is said after the way back.
            var lines = placeLines(&saidPlace) + transcript.newLines()
            if presenter.noticeCount != saidNotices {
                // Counted, not compared: the same notice shown twice is said twice.
                saidNotices = presenter.noticeCount
                if let notice = presenter.notice { lines.append(InertText.singleLine(notice)) }
            }
            guard say(lines) else { return }
        }
    }

    /// The most messages ``placeLines(_:)`` says of a day jumped to.
    static let pastLines = 10

    /// What was said of the place: how many jumps, and whether the past shows.
    struct SaidPlace {
        var jumps: Int
        var inPast = false
    }

    /// What a jump changed since `said`: the day jumped to and its first messages
    /// (`ChatPresenter.jumpedTo`, not the view's top, which moves while a jump lands), a
    /// second jump to the same day too, or ``ChatStrings/backToLatest`` once the newest
    /// messages show again. Empty when nothing moved. It reads the presenter, not a frame:
    /// making one lays rows out and asks for pages and link previews.
    func placeLines(_ said: inout SaidPlace) -> [String] {
        let presenter = screen.presenter
        if presenter.isShowingLatest {
            said.jumps = presenter.jumpCount
            guard said.inPast else { return [] }
            said.inPast = false
            return [InertText.singleLine(screen.style.strings.backToLatest)]
        }
        guard presenter.jumpCount != said.jumps, let anchor = presenter.jumpedTo else { return [] }
        said.jumps = presenter.jumpCount
        said.inPast = true
        return transcript.lines(from: anchor, limit: Self.pastLines)
    }

    /// The most results ``searchLines(for:)`` says.
    static let searchResultLines = 10

    /// What a search for `words` finds: a line with the query and the count ("Search
    /// “garden”: 3 results"), then the newest results, a line each as a screen reader
    /// hears them. Search ends with it: nothing is left open to take the next lines.
    func searchLines(for words: String) async -> [String] {
        let presenter = screen.presenter
        let strings = screen.style.strings
        let query = InertText.singleLine(words)
        // Nothing to look for (no words, or only punctuation): how to search.
        guard !SearchQuery(words).isEmpty else { return ["\(strings.search): \(ChatScreen.searchCommand) …"] }
        presenter.beginSearch()
        defer { presenter.endSearch() }
        let state = await presenter.search(words)
        let results = state.results.prefix(Self.searchResultLines).map { "  " + InertText.singleLine(presenter.accessibleName(of: $0)) }
        return ["\(strings.search) “\(query)”: \(state.status(strings))"] + results
    }

    /// Writes `lines`; returns `false` when the output is gone.
    private func say(_ lines: [String]) -> Bool {
        guard !lines.isEmpty else { return true }
        let text = lines.joined(separator: "\n") + "\n"
        do {
            try FileDescriptorIO.writeAll(output, Array(text.utf8))
            return true
        } catch {
            return false
        }
    }
}

/// What wakes the plain messenger.
enum PlainEvent: Sendable {
    case changed
    case line(String)
    case closed
}

/// Reads lines on a thread of its own: the only reader of its descriptor.
private final class PlainLineReader: Sendable {
    let descriptor: Int32
    let continuation: AsyncStream<PlainEvent>.Continuation
    /// The longest line kept; the rest of a longer one is sent as further lines.
    static let longestLine = 64 * 1024

    init(descriptor: Int32, continuation: AsyncStream<PlainEvent>.Continuation) {
        self.descriptor = descriptor
        self.continuation = continuation
    }

    func run() {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, 4096) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk[0..<count]
            while true {
                let newline = pending.firstIndex(of: 0x0A)
                guard let end = newline ?? (pending.count >= Self.longestLine ? Self.longestLine : nil) else { break }
                let line = pending[..<end].filter { $0 != 0x0D }
                pending.removeSubrange(..<(newline == nil ? end : end + 1))
                continuation.yield(.line(String(decoding: line, as: UTF8.self)))
            }
        }
        if !pending.isEmpty { continuation.yield(.line(String(decoding: pending, as: UTF8.self))) }
        continuation.yield(.closed)
    }
}
