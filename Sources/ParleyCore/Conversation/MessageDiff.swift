/// The difference between two message lists with unique ids.
///
/// Removed and inserted ids come from set membership; moves are the common messages
/// outside a longest increasing subsequence of their old positions (the fewest moves
/// that explain the new order); updates are common messages that look different.
/// O(n log n).
struct MessageDiff {
    var inserted: [MessageID] = []
    var removed: [MessageID] = []
    var updated: [MessageID] = []
    var moved: [MessageID] = []

    init(old: [Message], new: [Message]) {
        var oldIndex: [MessageID: Int] = Dictionary(minimumCapacity: old.count)
        for (index, message) in old.enumerated() { oldIndex[message.id] = index }
        let newIDs = Set(new.map(\.id))
        removed = old.lazy.map(\.id).filter { !newIDs.contains($0) }

        var common: [(id: MessageID, oldPosition: Int)] = []
        for message in new {
            guard let index = oldIndex[message.id] else {
                inserted.append(message.id)
                continue
            }
            common.append((message.id, index))
            if !old[index].looksIdentical(to: message) { updated.append(message.id) }
        }
        let staying = Self.longestIncreasingSubsequence(common.map(\.oldPosition))
        moved = common.enumerated().filter { !staying.contains($0.offset) }.map(\.element.id)
    }

    /// Offsets into `values` of one longest strictly increasing subsequence.
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // offsets of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (offset, value) in values.enumerated() {
            var lower = 0
            var upper = tails.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if values[tails[middle]] < value { lower = middle + 1 } else { upper = middle }
            }
            if lower > 0 { previous[offset] = tails[lower - 1] }
            if lower == tails.count { tails.append(offset) } else { tails[lower] = offset }
        }
        var result = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.insert(cursor)
            cursor = previous[cursor]
        }
        return result
    }
}
