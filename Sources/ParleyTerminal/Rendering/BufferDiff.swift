#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cells that differ from one frame to the next (ratatui's `Buffer::diff`).
///
/// A renderer writes only these. Wide characters change as a whole: when either half of a
/// two-column character differs, in the previous frame's layout or the next one's, both
/// halves are listed, so a wide character replaced by narrow ones also redraws the cell
/// where its right half was, and a restyled right half rewrites its character.
///
/// A frame of another size, or the first frame, has no usable previous one: the diff then
/// lists every cell and ``replacesEverything`` is true.
///
/// ```swift
/// let diff = BufferDiff(from: lastFrame, to: frame)
/// for change in diff.changes { draw(change.cell, atX: change.x, y: change.y) }
/// ```
public struct BufferDiff: Hashable, Sendable {
    /// One changed cell: its position and what it holds now.
    public struct Change: Hashable, Sendable {
        /// Column.
        public var x: Int
        /// Row.
        public var y: Int
        /// The cell in the next frame (a continuation cell for the right half of a wide
        /// character, which is drawn by its left half).
        public var cell: Cell

        /// Creates a change.
        public init(x: Int, y: Int, cell: Cell) {
            self.x = x
            self.y = y
            self.cell = cell
        }
    }

    /// A run of changed cells on one row: columns `start..<end` of row `y`.
    struct Span: Hashable, Sendable {
        var y: Int
        var start: Int
        var end: Int
    }

    /// The changed cells as runs, in screen order: what the renderer reads. A page
    /// changes twelve thousand cells in about sixty runs; listing each cell with its
    /// position wrote and read half a megabyte a frame (#15).
    let spans: [Span]
    /// The frame the changes lead to, whose cells the spans cover.
    private let next: CellBuffer
    /// Whether there was no comparable previous frame, so every cell is listed.
    public let replacesEverything: Bool

    /// The changed cells in screen order (row by row, left to right).
    ///
    /// - Complexity: O(changed cells), built from the runs each time it is read: keep it
    ///   in a local to read it more than once.
    public var changes: [Change] {
        spans.flatMap { span in (span.start..<span.end).map { Change(x: $0, y: span.y, cell: next[$0, span.y]) } }
    }

    /// The changes that turn `previous` into `next`.
    ///
    /// - Parameters:
    ///   - previous: The frame on screen, or nil when nothing is known about the screen.
    ///   - next: The frame to show.
    /// - Complexity: O(cells) of the lines the frames do not share.
    public init(from previous: CellBuffer?, to next: CellBuffer) {
        guard let previous, previous.width == next.width, previous.height == next.height else {
            let spans = next.width > 0 ? (0..<next.height).map { Span(y: $0, start: 0, end: next.width) } : []
            self.init(spans: spans, next: next, replacesEverything: true)
            return
        }
        self.init(to: next) { previous.rows[$0] }
    }

    /// The changes that turn a picture of `next`'s size, whose line `y` is
    /// `previousLine(y)`, into `next`: for a picture the renderer knows without building
    /// it (the last frame scrolled, ``AnsiRenderer``).
    init(to next: CellBuffer, previousLine: (Int) -> [Cell]) {
        let width = next.width
        var spans: [Span] = []
        guard width > 0 else {
            self.init(spans: spans, next: next, replacesEverything: false)
            return
        }
        for y in 0..<next.height {
            let old = previousLine(y)
            // A line the frames share (a kept row, the chrome) is not looked at.
            if CellBuffer.sharesStorage(old, next.rows[y]) { continue }
            old.withUnsafeBufferPointer { old in
                next.rows[y].withUnsafeBufferPointer { new in
                    // Runs of cells that differ, each widened by the other half of a wide
                    // character (in either layout) at its ends: the cell before it when
                    // its first cell is a right half, the cell after it when that one is a
                    // right half. Runs that then touch are one span. Equal cells are
                    // skipped in a loop of their own, most of a line when little moved.
                    var x = 0
                    let stride = MemoryLayout<Cell>.stride
                    while x < width {
                        // Eight cells at a time while their bytes are the same (a cell is
                        // three integers, equal exactly when its bytes are), then one by one.
                        while x + 8 <= width, memcmp(old.baseAddress! + x, new.baseAddress! + x, 8 * stride) == 0 { x += 8 }
                        while x < width, old[x] == new[x] { x += 1 }
                        guard x < width else { break }
                        var start = x
                        while x < width, old[x] != new[x] { x += 1 }
                        var end = x
                        if start > 0, old[start].isContinuation || new[start].isContinuation { start -= 1 }
                        if end < width, old[end].isContinuation || new[end].isContinuation { end += 1 }
                        if let last = spans.last, last.y == y, last.end >= start {
                            spans[spans.count - 1].end = max(last.end, end)
                        } else {
                            spans.append(Span(y: y, start: start, end: end))
                        }
                        x = end
                    }
                }
            }
        }
        self.init(spans: spans, next: next, replacesEverything: false)
    }

    private init(spans: [Span], next: CellBuffer, replacesEverything: Bool) {
        self.spans = spans
        self.next = next
        self.replacesEverything = replacesEverything
    }

    /// Whether the frames are the same.
    public var isEmpty: Bool { spans.isEmpty }

    /// Diffs are equal when they list the same changes, whatever else their frames hold.
    public static func == (lhs: BufferDiff, rhs: BufferDiff) -> Bool {
        lhs.replacesEverything == rhs.replacesEverything && lhs.changes == rhs.changes
    }

    /// Hashes the changes listed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(replacesEverything)
        hasher.combine(changes)
    }
}
