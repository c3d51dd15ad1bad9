/// The blanks on screen that were written or erased in a pen other than their own style
/// (another foreground, or bold): only a blank's background shows, so the renderer does
/// not spend bytes on the rest (``AnsiFrameWriter/setPen(forBlanksIn:upcoming:)``). Some terminals
/// colour a block cursor with the foreground of the cell under it, so a loose blank the
/// cursor moves onto is written again in its exact style.
struct LooseBlanks: Sendable {
    /// Columns.
    private(set) var width = 0
    /// Rows.
    private(set) var height = 0
    private var marks: [Bool] = []

    /// No loose blanks on a screen of `width` × `height` cells.
    init(width: Int = 0, height: Int = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        marks = Array(repeating: false, count: self.width * self.height)
    }

    /// Whether the blank at (`x`, `y`) may show another foreground than its own; false
    /// outside the screen.
    subscript(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && marks[y * width + x]
    }

    /// Records columns `columns` of row `y` as written loose or exact.
    mutating func mark(_ columns: Range<Int>, y: Int, loose: Bool) {
        guard y >= 0, y < height else { return }
        if columns.count == 1, columns.lowerBound >= 0, columns.lowerBound < width {
            marks[y * width + columns.lowerBound] = loose
            return
        }
        let clipped = columns.clamped(to: 0..<width)
        guard !clipped.isEmpty else { return }
        let first = y * width + clipped.lowerBound
        // Through the buffer: a slice's `contains` went through the generic path, about 450
        // instructions a run, and a page writes a few hundred runs (#15).
        marks.withUnsafeMutableBufferPointer { marks in
            let cells = UnsafeMutableBufferPointer(rebasing: marks[first..<first + clipped.count])
            // Most writes are exact over exact cells: nothing to store.
            guard loose || cells.contains(true) else { return }
            cells.update(repeating: loose)
        }
    }

    /// Moves rows `rows` up by `by` (down when negative), as a scroll of that band does;
    /// the rows scrolled in are marked `scrolledIn`.
    mutating func scroll(rows: Range<Int>, by: Int, scrolledIn: Bool) {
        let band = rows.clamped(to: 0..<height)
        guard by != 0, !band.isEmpty else { return }
        let shift = min(abs(by), band.count)
        let kept = band.count - shift
        let width = width
        // Rows are stored one after another, so the rows kept move as one block.
        marks.withUnsafeMutableBufferPointer { marks in
            guard let base = marks.baseAddress else { return }
            let from = by > 0 ? band.lowerBound + shift : band.lowerBound
            let to = by > 0 ? band.lowerBound : band.lowerBound + shift
            if kept > 0 {
                UnsafeMutableRawPointer(base + to * width).copyMemory(
                    from: base + from * width, byteCount: kept * width * MemoryLayout<Bool>.stride)
            }
            let fresh = by > 0 ? band.upperBound - shift : band.lowerBound
            (base + fresh * width).update(repeating: scrolledIn, count: shift * width)
        }
    }
}
