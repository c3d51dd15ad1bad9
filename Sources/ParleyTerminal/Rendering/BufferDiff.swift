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

    /// The changed cells in screen order (row by row, left to right).
    public let changes: [Change]
    /// Whether there was no comparable previous frame, so every cell is listed.
    public let replacesEverything: Bool

    /// The changes that turn `previous` into `next`.
    ///
    /// - Parameters:
    ///   - previous: The frame on screen, or nil when nothing is known about the screen.
    ///   - next: The frame to show.
    /// - Complexity: O(cells) of the lines the frames do not share.
    public init(from previous: CellBuffer?, to next: CellBuffer) {
        guard let previous, previous.width == next.width, previous.height == next.height else {
            var all: [Change] = []
            all.reserveCapacity(next.width * next.height)
            for y in 0..<next.height {
                for x in 0..<next.width { all.append(Change(x: x, y: y, cell: next[x, y])) }
            }
            self.init(changes: all, replacesEverything: true)
            return
        }
        self.init(to: next) { previous.rows[$0] }
    }

    /// The changes that turn a picture of `next`'s size, whose line `y` is
    /// `previousLine(y)`, into `next`: for a picture the renderer knows without building
    /// it (the last frame scrolled, ``AnsiRenderer``).
    init(to next: CellBuffer, previousLine: (Int) -> [Cell]) {
        let width = next.width
        // The lines the frames do not share; room for every cell of them is made at once,
        // so a page of changes is not copied as the list grows (#15).
        let lines = (0..<next.height).filter { !CellBuffer.sharesStorage(previousLine($0), next.rows[$0]) }
        var found: [Change] = []
        found.reserveCapacity(lines.count * width)
        var marked = [Bool](repeating: false, count: width)
        marked.withUnsafeMutableBufferPointer { marked in
            for y in lines {
                previousLine(y).withUnsafeBufferPointer { old in
                    next.rows[y].withUnsafeBufferPointer { new in
                        var first = width
                        for x in 0..<width where old[x] != new[x] {
                            marked[x] = true
                            first = min(first, x)
                            // The other half of a wide character, in either layout, goes with it.
                            if x > 0, old[x].isContinuation || new[x].isContinuation {
                                marked[x - 1] = true
                                first = min(first, x - 1)
                            }
                            if x + 1 < width, old[x + 1].isContinuation || new[x + 1].isContinuation { marked[x + 1] = true }
                        }
                        guard first < width else { return }
                        for x in first..<width where marked[x] {
                            found.append(Change(x: x, y: y, cell: new[x]))
                            marked[x] = false
                        }
                    }
                }
            }
        }
        self.init(changes: found, replacesEverything: false)
    }

    private init(changes: [Change], replacesEverything: Bool) {
        self.changes = changes
        self.replacesEverything = replacesEverything
    }

    /// Whether the frames are the same.
    public var isEmpty: Bool { changes.isEmpty }
}
