import ParleyCore

/// The message rows of the list, painted once and kept while they look the same: a frame
/// places a kept row's lines instead of painting it again, and since the lines are the
/// same storage as in the last frame, the legibility pass and the renderer's diff pass
/// over them without looking at a cell (#15).
///
/// A row is kept with what its painting read: the message as it looks, its grouping, its
/// layout, whether it is highlighted or selected, and how its media plays. Everything
/// the whole list shares (the style's revision, the width, colours, pictures decoded) is
/// the ``Generation``; when it changes, every row is painted again. Rows that move by
/// themselves (typing dots, the history spinner), custom kinds (their renderer may read
/// anything) and the row holding the search match are never kept.
@MainActor
struct RowBands {
    /// What every kept row was painted under.
    struct Generation: Equatable {
        var styleRevision: UInt64
        var columns: Int
        var usesColor: Bool
        var pictures: UInt64
        /// What the legibility pass made the rows' colours readable on (nil: colours
        /// not drawn, no pass), and at which depth.
        var canvas: TerminalCanvas?
        var depth: ColorDepth
    }

    /// How a row's audio or video stands.
    struct Play: Equatable {
        var state: PlaybackState
        var duration: Double?
    }

    /// What one row's painting read.
    struct Key {
        var message: Message
        var context: RowContext?
        var layout: RowLayout
        var highlighted: Bool
        var selected: Bool
        var playback: Play?

        /// Whether a row painted under this key looks as `row` does now; compared in
        /// place, so that a kept row costs no copy of its message or layout (#15).
        func matches(
            _ message: Message, in row: VisibleRow, highlighted: Bool, selected: Bool, playback: Play?
        ) -> Bool {
            self.highlighted == highlighted && self.selected == selected && self.playback == playback
                && context == row.context && layout == row.layout && self.message.looksIdentical(to: message)
        }
    }

    /// What the whole list's painting reads beside each row: which row is highlighted,
    /// selected or holds the search match, and how media plays.
    struct Marks {
        var highlighted: MessageID?
        var selected: MessageID?
        var searchMatch: SearchMatch?
        var playback: MediaPlayback
    }

    /// A kept row: its lines from its top as drawn and as the legibility pass makes them,
    /// the row as it was listed when painted, and the frame that last used it (a class,
    /// so that looking one up copies no message or layout).
    final class Band {
        fileprivate let key: Key
        fileprivate var shown: VisibleRow
        /// The lines as painted, placed in the screen (what else is drawn goes over them).
        let lines: [[Cell]]
        /// The lines made legible, for the screen's pass to take while nothing was drawn
        /// over them (the lines themselves when colours are not drawn).
        let legible: [[Cell]]
        fileprivate var used: UInt

        fileprivate init(key: Key, shown: VisibleRow, lines: [[Cell]], legible: [[Cell]], used: UInt) {
            self.key = key
            self.shown = shown
            self.lines = lines
            self.legible = legible
            self.used = used
        }
    }

    /// Lines painted above and below a row's height, to see that nothing was drawn
    /// outside it (such a row is drawn straight into the screen instead).
    private static let margin = 1

    private var generation: Generation?
    /// A blank line of the generation's width that every band starts from, and the same
    /// made legible: a band's lines left blank share them, made once (#15).
    private var blank: [Cell] = []
    private var legibleBlank: [Cell]?
    private var bands: [MessageID: Band] = [:]
    private var frame: UInt = 0
    /// The bands the last frame placed, in order, and those this frame placed so far: a
    /// scroll step shows mostly the same rows in the same order, so a row is first looked
    /// for just after the last one found there, by identity, before its id is hashed
    /// (#15).
    private var lastOrder: [Band] = []
    private var order: [Band] = []
    /// Where in ``lastOrder`` the next row is looked for.
    private var cursor = 0
    /// How many rows are kept at most: about two screens of the tallest terminals, for
    /// scrolling back and forth. Each holds its lines of cells twice, as painted and made
    /// legible (a 200-column line is 4.8 KB); with cells larger than now, 256 held 11 MB
    /// more after 300 pages (`scripts/measure-terminal.py`).
    var capacity = 128
    /// How many rows are kept now.
    var count: Int { bands.count }

    /// Starts a frame drawn under `generation`: rows kept under another are dropped.
    mutating func begin(_ generation: Generation) {
        frame &+= 1
        swap(&lastOrder, &order)
        order.removeAll(keepingCapacity: true)
        cursor = 0
        if generation != self.generation {
            self.generation = generation
            bands.removeAll(keepingCapacity: true)
            lastOrder.removeAll()
            blank = []
            legibleBlank = nil
        }
    }

    /// Whether `band`'s row, painted under its key, is painted right under `marks` now:
    /// highlighted, selected and playing as then, and not the search match's row. For a
    /// row known identical, whose content (media or not) is the band's.
    private static func hasMarks(of band: Band, _ marks: Marks) -> Bool {
        let id = band.key.message.id
        return marks.searchMatch?.messageID != id && band.key.highlighted == (marks.highlighted == id)
            && band.key.selected == (marks.selected == id)
            && band.key.playback == band.key.playback.map { _ in
                Play(state: marks.playback.state(of: id), duration: marks.playback.duration(of: id))
            }
    }

    /// The band the last frame placed for `row` as it is listed now, if it comes within a
    /// few of the last one found.
    private mutating func followingBand(for row: VisibleRow) -> Band? {
        var index = cursor
        while index < lastOrder.count, index < cursor + 3 {
            let band = lastOrder[index]
            if row.isKnownIdentical(to: band.shown) {
                cursor = index + 1
                return band
            }
            index += 1
        }
        return nil
    }

    /// The band of `row`, kept or painted now with `painter` under `marks` and made legible
    /// by `legibility`; `nil` when the row is not one to keep (see the type), or draws
    /// outside its height.
    mutating func band(
        for row: VisibleRow, marks: Marks, columns: Int, painter: RowPainter, legibility: inout LegibleColors?
    ) -> Band? {
        // The row the last frame placed next, as it was: only the marks are compared.
        // A band stays right for the row and marks it was painted for, kept or not.
        if let band = followingBand(for: row), Self.hasMarks(of: band, marks) {
            band.used = frame
            order.append(band)
            return band
        }
        guard case .message(let id) = row.id, marks.searchMatch?.messageID != id else { return nil }
        let highlighted = marks.highlighted == id, selected = marks.selected == id
        // The same row, context and layout as when it was painted (the viewport's rows have
        // not changed since): only the marks are compared, and nothing is copied.
        if let band = bands[id], row.isKnownIdentical(to: band.shown), Self.hasMarks(of: band, marks) {
            band.used = frame
            order.append(band)
            return band
        }
        guard case .message(let message) = row.row else { return nil }
        var playback: Play?
        switch message.content {
        case .custom: return nil
        case .audio, .video:
            playback = Play(state: marks.playback.state(of: message.id), duration: marks.playback.duration(of: message.id))
        default: break
        }
        if let band = bands[message.id],
            band.key.matches(message, in: row, highlighted: highlighted, selected: selected, playback: playback)
        {
            band.used = frame
            // Known identical from now on, while the viewport's rows stay the same.
            band.shown = row
            order.append(band)
            return band
        }
        let key = Key(
            message: message, context: row.context, layout: row.layout, highlighted: highlighted, selected: selected,
            playback: playback)
        let height = Int(saturating: row.layout.height.rounded(.up))
        guard height > 0, height <= 4096 else { return nil }
        if blank.count != columns {
            blank = CellBuffer(width: columns, height: 1).line(0)
            legibleBlank = nil
        }
        var canvas = CellBuffer(blank: blank, height: height + 2 * Self.margin)
        painter.draw(row, atLine: Double(Self.margin), into: &canvas)
        let last = height + Self.margin
        guard CellBuffer.sharesStorage(canvas.line(0), blank), CellBuffer.sharesStorage(canvas.line(last), blank) else {
            bands[message.id] = nil
            return nil
        }
        // A loop, not `map`: a closure made on the main actor checks its executor when run.
        var lines: [[Cell]] = []
        lines.reserveCapacity(height)
        for y in Self.margin..<last { lines.append(canvas.line(y)) }
        let band = Band(key: key, shown: row, lines: lines, legible: legible(lines, &legibility), used: frame)
        bands[message.id] = band
        order.append(band)
        if bands.count > capacity { evict() }
        return band
    }

    /// `lines` made legible by `legibility` (themselves without it).
    private mutating func legible(_ lines: [[Cell]], _ legibility: inout LegibleColors?) -> [[Cell]] {
        guard legibility != nil else { return lines }
        // A loop, not `map`: the closure, isolated to the main actor, checked which
        // executor ran it at every line (#15).
        var legible: [[Cell]] = []
        legible.reserveCapacity(lines.count)
        for line in lines {
            if CellBuffer.sharesStorage(line, blank) {
                if legibleBlank == nil {
                    var made = blank
                    legibility?.makeLegible(&made)
                    legibleBlank = made
                }
                legible.append(legibleBlank ?? blank)
                continue
            }
            var made = line
            legibility?.makeLegible(&made)
            legible.append(made)
        }
        return legible
    }

    /// Keeps the half of the rows used most recently (of rows last used in the same
    /// frame, any). The frames are sorted as plain numbers: sorting the bands themselves
    /// retained and released each at every comparison.
    private mutating func evict() {
        let used = bands.values.map(\.used).sorted(by: >)
        let keep = min(used.count, capacity / 2)
        guard keep > 0 else {
            bands.removeAll(keepingCapacity: true)
            return
        }
        let oldestKept = used[keep - 1]
        var ties = used[..<keep].reduce(0) { $1 == oldestKept ? $0 + 1 : $0 }
        var kept: [MessageID: Band] = [:]
        kept.reserveCapacity(keep)
        for (id, band) in bands {
            if band.used > oldestKept {
                kept[id] = band
            } else if band.used == oldestKept, ties > 0 {
                kept[id] = band
                ties -= 1
            }
        }
        bands = kept
    }
}
