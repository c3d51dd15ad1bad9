/// An array kept in chunks of 1,024 elements, so that growing it never moves what it
/// holds: a plain array doubles by copying everything into new memory, which for a million
/// 296-byte messages is most of the time appending takes (the copies and the page faults
/// of each new buffer, measured with `perf` under `parley-bench core`).
///
/// Reading and writing element `i` is two array subscripts. Inserting or removing
/// anywhere but the end rebuilds the list, O(n): ``MessageStore`` does it only where it
/// renumbers everything after anyway.
struct ChunkedList<Element: Sendable>: Sendable {
    private static var shift: Int { 10 }
    private static var chunkSize: Int { 1 << shift }
    private static var mask: Int { chunkSize - 1 }

    private var chunks: [[Element]] = []
    /// How many elements the list holds.
    private(set) var count = 0

    /// An empty list.
    init() {}

    /// A list of `elements`, in order.
    init(_ elements: some Collection<Element>) {
        var index = elements.startIndex
        while index != elements.endIndex {
            let end = elements.index(index, offsetBy: Self.chunkSize, limitedBy: elements.endIndex) ?? elements.endIndex
            chunks.append(Array(elements[index..<end]))
            index = end
        }
        count = elements.count
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return chunks[index >> Self.shift][index & Self.mask]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            chunks[index >> Self.shift][index & Self.mask] = newValue
        }
    }

    var last: Element? { chunks.last?.last }

    /// Adds `element` at the end. A new chunk after the first is made whole at once; the
    /// first grows as an array does, so that a short list stays small.
    mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkSize) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Removes and returns the last element; the list must not be empty.
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty list")
        let element = chunks[chunks.count - 1].removeLast()
        if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
        count -= 1
        return element
    }

    /// Inserts `element` at `index` (0...count), rebuilding the list.
    mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        if index == count { return append(element) }
        var elements = array
        elements.insert(element, at: index)
        self = ChunkedList(elements)
    }

    /// Removes and returns the element at `index`, rebuilding the list.
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        if index == count - 1 { return removeLast() }
        var elements = array
        let removed = elements.remove(at: index)
        self = ChunkedList(elements)
        return removed
    }

    /// The elements in order, as one array.
    var array: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk) }
        return result
    }
}
