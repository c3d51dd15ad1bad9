import CVTerm
@testable import ParleyTerminal

/// A headless terminal (libvterm) that renderer output is fed into: the tests' oracle for
/// what a user would see.
///
/// It reads back the screen as rows of text, the cursor, and each cell's style, and it
/// records everything a byte stream could do besides drawing: title and icon-name changes,
/// other terminal properties (cursor visibility, alternate screen, mouse modes), bells,
/// OSC, DCS and unrecognised CSI sequences (OSC 52 clipboard writes and OSC 8 links land
/// there: this libvterm handles only OSC 0–2 itself), lines scrolled off the top, and any
/// reply the terminal would send back to the application.
///
/// libvterm keeps at most six code points per cell, so a cluster with more combining marks
/// reads back cut to six (see ``VTermScreen/visible(_:)``).
final class VTermScreen {
    /// Something the byte stream did other than drawing text.
    enum Event: Equatable {
        case title(String)
        case iconName(String)
        case cursorVisible(Bool)
        case cursorBlink(Bool)
        case cursorShape(Int)
        case altScreen(Bool)
        case reverseVideo(Bool)
        case mouse(Int)
        case bell
        case osc(String)
        case dcs(String)
        case csi(String)
        case control(UInt8)
        case scrolledOffTop
        case reply([UInt8])

        /// Cursor visibility is how a renderer hides its work; everything else is a side effect.
        var isSideEffect: Bool {
            if case .cursorVisible = self { return false }
            return true
        }
    }

    /// Most code points libvterm keeps in one cell.
    static let maxCharsPerCell = 6
    /// Read back for the right half of a wide character whose left half was overwritten.
    static let orphanMarker = "▒"

    /// Rows.
    private(set) var rows: Int
    /// Columns.
    private(set) var cols: Int
    /// What the bytes did besides drawing, in order.
    private(set) var events: [Event] = []
    /// Whether the cursor is shown (terminals start with it shown).
    private(set) var cursorIsVisible = true

    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private let screenCallbacks: UnsafeMutablePointer<VTermScreenCallbacks>
    private let fallbacks: UnsafeMutablePointer<VTermParserCallbacks>

    /// A blank terminal of `rows` × `cols` in UTF-8 mode.
    init(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
        terminal = vterm_new(Int32(rows), Int32(cols))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        screenCallbacks = .allocate(capacity: 1)
        screenCallbacks.initialize(to: VTermScreenCallbacks())
        fallbacks = .allocate(capacity: 1)
        fallbacks.initialize(to: VTermParserCallbacks())
        installCallbacks()
        vterm_screen_enable_altscreen(screen, 1)  // so a stray ESC[?1049h really switches
        vterm_screen_reset(screen, 1)
        events.removeAll()  // the reset announces the default cursor
    }

    deinit {
        vterm_free(terminal)
        screenCallbacks.deallocate()
        fallbacks.deallocate()
    }

    /// Feeds bytes as if the application wrote them to the terminal.
    func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = vterm_input_write(terminal, chars.baseAddress, chars.count)
            }
        }
    }

    /// Resizes the terminal, as a window resize would.
    func resize(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
        vterm_set_size(terminal, Int32(rows), Int32(cols))
    }

    /// The events that are side effects (everything but cursor visibility).
    var sideEffects: [Event] { events.filter(\.isSideEffect) }

    /// Forgets recorded events.
    func clearEvents() { events.removeAll() }

    // MARK: Reading the screen

    /// The cursor's position.
    var cursor: (x: Int, y: Int) {
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        return (Int(position.col), Int(position.row))
    }

    /// One cell: its characters ("" for an empty cell or a right half), its width (0 for a
    /// right half) and style. Faint and strike-through are not kept by libvterm.
    struct CellReading: Equatable {
        var symbol: String
        var width: Int
        var style: CellStyle
    }

    /// The cell at column `x`, row `y`.
    func cell(x: Int, y: Int) -> CellReading {
        var cell = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(y), col: Int32(x)), &cell)
        var scalars = String.UnicodeScalarView()
        var orphan = false
        withUnsafeBytes(of: cell.chars) { raw in
            for code in raw.bindMemory(to: UInt32.self) {
                if code == 0 { break }
                if code == UInt32.max {
                    orphan = true
                    break
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            }
        }
        var attributes: CellStyle.Attributes = []
        if cell.attrs.bold != 0 { attributes.insert(.bold) }
        if cell.attrs.italic != 0 { attributes.insert(.italic) }
        if cell.attrs.underline != 0 { attributes.insert(.underline) }
        if cell.attrs.reverse != 0 { attributes.insert(.reverse) }
        let style = CellStyle(
            foreground: Self.color(cell.fg), background: Self.color(cell.bg), attributes: attributes)
        return CellReading(symbol: orphan ? Self.orphanMarker : String(scalars), width: Int(cell.width), style: style)
    }

    /// Row `y` as text: empty cells as spaces, wide characters once.
    func line(_ y: Int) -> String {
        var text = ""
        var x = 0
        while x < cols {
            let reading = cell(x: x, y: y)
            text += reading.symbol.isEmpty ? " " : reading.symbol
            x += max(1, reading.width)
        }
        return text
    }

    /// The screen as text rows, comparable with ``CellBuffer/lines``.
    var lines: [String] { (0..<rows).map(line) }

    /// `buffer`'s rows as a terminal shows them when the renderer works as designed.
    ///
    /// Like ``CellBuffer/lines``, plus what a buffer can hold but a terminal cannot: a
    /// right half with no wide character before it shows as a blank, a wide character
    /// with no right half after it as U+FFFD, a lone combining mark on the no-break space
    /// it is sent on; and each cluster is cut to ``maxCharsPerCell`` code points, as
    /// libvterm stores it.
    static func visible(_ buffer: CellBuffer) -> [String] {
        (0..<buffer.height).map { y in
            var result = String.UnicodeScalarView()
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                let ownsNext = x + 1 < buffer.width && buffer[x + 1, y].isContinuation
                if cell.isContinuation {
                    if x == 0 || TerminalWidth.columns(of: buffer[x - 1, y].symbol) != 2 { result.append(" ") }
                    continue
                }
                if TerminalWidth.columns(of: cell.symbol) == 2, !ownsNext {
                    result.append("\u{FFFD}")
                    continue
                }
                var scalars = Array(cell.symbol.unicodeScalars)
                if let first = scalars.first, [.nonspacingMark, .enclosingMark].contains(first.properties.generalCategory) {
                    scalars.insert("\u{A0}", at: 0)
                }
                result.append(contentsOf: scalars.prefix(maxCharsPerCell))
            }
            return String(result)
        }
    }

    /// The styles of every character's cell that differ from `buffer`'s (faint ignored,
    /// as libvterm does not keep it; on a blank, only the background and the attributes
    /// that show there), as readable strings; empty when all match.
    func styleMismatches(against buffer: CellBuffer) -> [String] {
        var found: [String] = []
        for y in 0..<min(rows, buffer.height) {
            for x in 0..<min(cols, buffer.width) where !buffer[x, y].isContinuation {
                var expected = buffer[x, y].style
                expected.attributes.remove(.dim)
                let reading = cell(x: x, y: y)
                var actual = reading.style
                // On a blank only the background shows (an erase keeps the pen's colour).
                let blank = buffer[x, y].symbol == " " && expected.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank)
                if blank, reading.symbol.isEmpty || reading.symbol == " ", actual.attributes.isDisjoint(with: AnsiRenderer.visibleOnBlank) {
                    actual.foreground = expected.foreground
                    actual.attributes = expected.attributes
                }
                if actual != expected { found.append("(\(x),\(y)) \(expected) ≠ \(actual)") }
            }
        }
        return found
    }

    private static func color(_ color: VTermColor) -> TerminalColor {
        let type = UInt32(color.type)
        if type & (VTERM_COLOR_DEFAULT_FG.rawValue | VTERM_COLOR_DEFAULT_BG.rawValue) != 0 { return .default }
        if type & VTERM_COLOR_TYPE_MASK.rawValue == VTERM_COLOR_INDEXED.rawValue { return .indexed(color.indexed.idx) }
        return .rgb(color.rgb.red, color.rgb.green, color.rgb.blue)
    }

    // MARK: Callbacks

    private func record(_ event: Event) {
        if case .cursorVisible(let visible) = event { cursorIsVisible = visible }
        events.append(event)
    }

    private static func instance(_ user: UnsafeMutableRawPointer?) -> VTermScreen {
        Unmanaged<VTermScreen>.fromOpaque(user!).takeUnretainedValue()
    }

    private static func text(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let bytes else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    private func installCallbacks() {
        let user = Unmanaged.passUnretained(self).toOpaque()
        screenCallbacks.pointee.settermprop = { property, value, user in
            let screen = VTermScreen.instance(user)
            guard let value = value?.pointee else { return 1 }
            switch property {
            case VTERM_PROP_TITLE: screen.record(.title(value.string.map { String(cString: $0) } ?? ""))
            case VTERM_PROP_ICONNAME: screen.record(.iconName(value.string.map { String(cString: $0) } ?? ""))
            case VTERM_PROP_CURSORVISIBLE: screen.record(.cursorVisible(value.boolean != 0))
            case VTERM_PROP_CURSORBLINK: screen.record(.cursorBlink(value.boolean != 0))
            case VTERM_PROP_CURSORSHAPE: screen.record(.cursorShape(Int(value.number)))
            case VTERM_PROP_ALTSCREEN: screen.record(.altScreen(value.boolean != 0))
            case VTERM_PROP_REVERSE: screen.record(.reverseVideo(value.boolean != 0))
            case VTERM_PROP_MOUSE: screen.record(.mouse(Int(value.number)))
            default: screen.record(.csi("property \(property.rawValue)"))
            }
            return 1
        }
        screenCallbacks.pointee.bell = { user in
            VTermScreen.instance(user).record(.bell)
            return 1
        }
        screenCallbacks.pointee.sb_pushline = { _, _, user in
            VTermScreen.instance(user).record(.scrolledOffTop)
            return 1
        }
        vterm_screen_set_callbacks(screen, screenCallbacks, user)

        fallbacks.pointee.osc = { command, length, user in
            VTermScreen.instance(user).record(.osc(VTermScreen.text(command, length)))
            return 1
        }
        fallbacks.pointee.dcs = { command, length, user in
            VTermScreen.instance(user).record(.dcs(VTermScreen.text(command, length)))
            return 1
        }
        fallbacks.pointee.csi = { leader, _, count, _, command, user in
            let prefix = leader.map { String(cString: $0) } ?? ""
            let final = String(UnicodeScalar(UInt8(bitPattern: command)))
            VTermScreen.instance(user).record(.csi("\(prefix)[\(count) args]\(final)"))
            return 1
        }
        fallbacks.pointee.control = { byte, user in
            VTermScreen.instance(user).record(.control(byte))
            return 1
        }
        vterm_screen_set_unrecognised_fallbacks(screen, fallbacks, user)

        vterm_output_set_callback(terminal, { bytes, length, user in
            let reply = bytes.map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            } ?? []
            VTermScreen.instance(user).record(.reply(reply))
        }, user)
    }
}
