internal import CGtk4
import ParleyCore

/// The Pango layouts a ``PangoMeasurer`` made of message text, kept for the labels that
/// will show the same text: the newest ``capacity`` texts at the widths they were wrapped
/// at. Holds a reference to each layout; used only under the measurer's lock.
struct KeptLayouts {
    /// A text in a font, wrapped at a width (in Pango units, as the layout has it).
    struct Key: Hashable {
        let text: String
        let font: FontSpec
        let width: Int32
    }

    /// How many texts are kept: a few screens of messages, the ones around what is shown.
    static let capacity = 256

    private var entries: [Key: (layout: OpaquePointer, metrics: TextMetrics)] = [:]
    /// The keys, oldest first, from `start` on (a ring once full).
    private var order: [Key] = []
    private var start = 0

    /// The number of kept texts.
    var count: Int { entries.count }

    subscript(key: Key) -> (layout: OpaquePointer, metrics: TextMetrics)? { entries[key] }

    /// Keeps `layout` (taking over the caller's reference) for `key`, in place of an older
    /// one of the same text at the same width; the oldest goes once ``capacity`` are kept.
    mutating func keep(_ layout: OpaquePointer, metrics: TextMetrics, for key: Key) {
        if let old = entries.updateValue((layout, metrics), forKey: key) {
            g_object_unref(UnsafeMutableRawPointer(old.layout))
            return
        }
        if order.count < Self.capacity {
            order.append(key)
            return
        }
        if let evicted = entries.removeValue(forKey: order[start]) { g_object_unref(UnsafeMutableRawPointer(evicted.layout)) }
        order[start] = key
        start = (start + 1) % Self.capacity
    }

    /// Lets every layout go.
    mutating func removeAll() {
        for entry in entries.values { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        entries = [:]
        order = []
        start = 0
    }
}
