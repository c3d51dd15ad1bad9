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
        guard width > 0, !lines.isEmpty else {
            self.init(changes: [], replacesEverything: false)
            return
        }
        // Written in place into room for every cell of those lines: appending one change at
        // a time checked the array's room and uniqueness for each of a page's twelve
        // thousand (#15).
        let found = [Change](unsafeUninitializedCapacity: lines.count * width) { found, count in
            for y in lines {
                previousLine(y).withUnsafeBufferPointer { old in
                    next.rows[y].withUnsafeBufferPointer { new in
                        // One pass, looking one cell ahead: a cell is listed when it differs,
                        // or when it is the other half of a wide character (in either
                        // layout) whose other half differs: the cell after it, when that one
                        // differs and is a right half, or the one before, when that one
                        // differs and this is a right half.
                        var differsBefore = false
                        var differs = old[0] != new[0]
                        for x in 0..<width {
                            let differsAfter = x + 1 < width && old[x + 1] != new[x + 1]
                            if differs || (differsAfter && (old[x + 1].isContinuation || new[x + 1].isContinuation))
                                || (differsBefore && (old[x].isContinuation || new[x].isContinuation))
                            {
                                (found.baseAddress! + count).initialize(to: Change(x: x, y: y, cell: new[x]))
                                count += 1
                            }
                            differsBefore = differs
                            differs = differsAfter
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
