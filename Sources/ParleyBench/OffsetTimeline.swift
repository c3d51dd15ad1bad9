import ParleyCore

/// The baseline the core is measured against: a message list scrolled by a pixel offset
/// from the top of the conversation, as a table view does.
///
/// It must know every row's height to turn an offset into rows, so opening a conversation
/// lays out every message. Prepending a history page is done as a good table does it: the
/// page's rows are laid out (and the old first row, whose grouping may change), and every
/// other offset is shifted by the page's height, without laying its row out again.
/// Scrolling itself is a binary search over prefix sums, which is fast.
struct OffsetTimeline {
    private(set) var messages: [Message]
    private var tops: [Double]  // tops[i] = sum of heights of rows before i; tops.last = total
    private var chat: Conversation
    let engine: LayoutEngine
    let width: Double
    let me: Sender
    var offset: Double = 0
    let height: Double

    init(messages: [Message], engine: LayoutEngine, width: Double, height: Double, me: Sender) {
        self.messages = messages
        self.engine = engine
        self.width = width
        self.height = height
        self.me = me
        tops = []
        chat = Conversation(me: me)
        rebuild()
        offset = max(0, (tops.last ?? 0) - height)
    }

    /// Lays out every row and recomputes every offset: O(n).
    mutating func rebuild() {
        chat = Conversation(me: me, messages: messages)
        tops = [0]
        tops.reserveCapacity(messages.count + 1)
        chat.read { rows in
            for index in 0..<rows.count {
                tops.append(tops[tops.count - 1] + engine.layout(at: index, in: rows, width: width).height)
            }
        }
    }

    /// Prepends a page: lays out its rows and the row after it, and shifts every other
    /// offset (O(n) additions, no layout); the scroll offset moves by what was added.
    mutating func prepend(_ page: [Message]) {
        let before = tops.last ?? 0
        messages.insert(contentsOf: page, at: 0)
        _ = chat.prependHistory(page)
        let relaid = min(page.count + 1, messages.count)
        var fresh = [0.0]
        fresh.reserveCapacity(messages.count + 1)
        chat.read { rows in
            for index in 0..<relaid {
                fresh.append(fresh[fresh.count - 1] + engine.layout(at: index, in: rows, width: width).height)
            }
        }
        // Old rows from the second on keep their heights: their tops move by the same amount.
        let oldSecond = tops.count > 2 ? tops[1] : (tops.last ?? 0)
        let shift = fresh[fresh.count - 1] - oldSecond
        if tops.count > 2 {
            for top in tops[2...] { fresh.append(top + shift) }
        }
        tops = fresh
        offset += (tops.last ?? 0) - before
    }

    mutating func scroll(by distance: Double) {
        offset = min(max(0, offset + distance), max(0, (tops.last ?? 0) - height))
    }

    /// The layouts of the visible rows (from the engine's cache), as a frame needs them.
    func visibleLayouts() -> [RowLayout] {
        let range = visibleRange()
        return chat.read { rows in range.map { engine.layout(at: $0, in: rows, width: width) } }
    }

    /// Indexes of the rows intersecting the viewport: binary search, O(log n).
    func visibleRange() -> Range<Int> {
        var low = 0
        var high = messages.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle + 1] <= offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < messages.count, tops[end] < offset + height { end += 1 }
        return low..<end
    }
}
