internal import CGtk4
import ParleyCore

/// The Pango layouts a ``PangoMeasurer`` made of message text, kept for the labels that
/// will show the same text: the newest texts at the widths they were wrapped at, at most
/// ``capacity`` of them and ``byteBudget`` bytes of text (a layout's memory grows with its
/// text). Holds a reference to each layout; used only under the measurer's lock.
struct KeptLayouts {
    /// A text in a font, wrapped at a width (in Pango units, as the layout has it).
    struct Key: Hashable {
        let text: String
        let font: FontSpec
        let width: Int32
    }

    /// How many texts are kept: a few screens of messages, the ones around what is shown.
    static let capacity = 256
    /// How many bytes of text the kept layouts hold at most (the newest is always kept).
    static let byteBudget = 256 * 1024

    private var entries: [Key: (layout: OpaquePointer, metrics: TextMetrics)] = [:]
    /// The keys, oldest first, from `head` on.
    private var order: [Key] = []
    private var head = 0
    /// The UTF-8 bytes of the kept texts.
    private(set) var bytes = 0

    /// The number of kept texts.
    var count: Int { entries.count }

    subscript(key: Key) -> (layout: OpaquePointer, metrics: TextMetrics)? { entries[key] }

    /// Keeps `layout` (taking over the caller's reference) for `key`, which is not kept
    /// yet (the measurer answers a kept text from its layout); the oldest go while more
    /// than ``capacity`` texts or ``byteBudget`` bytes are kept.
    mutating func keep(_ layout: OpaquePointer, metrics: TextMetrics, for key: Key) {
        entries[key] = (layout, metrics)
        order.append(key)
        bytes += key.text.utf8.count
        while entries.count > 1, entries.count > Self.capacity || bytes > Self.byteBudget {
            let oldest = order[head]
            head += 1
            if let evicted = entries.removeValue(forKey: oldest) {
                g_object_unref(UnsafeMutableRawPointer(evicted.layout))
                bytes -= oldest.text.utf8.count
            }
        }
        // The queue's front is dropped once it is half of it.
        if head > 64, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    /// Lets every layout go.
    mutating func removeAll() {
        for entry in entries.values { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        entries = [:]
        order = []
        head = 0
        bytes = 0
    }
}
