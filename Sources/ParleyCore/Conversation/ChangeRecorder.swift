/// Collects the effects of one batch and folds them into a ``ChangeSet``.
///
/// Records operations in order and consolidates at the end, so a batch of pure appends
/// (the common case, and a million of them in a benchmark) costs one array append each;
/// the first operation is kept beside the array, so a batch of one (an app adding a
/// message) allocates nothing.
/// Consolidation: inserted then removed is nothing; removed then inserted is an update;
/// an update or move of a message inserted in the same batch is just the insert.
struct ChangeRecorder {
    private enum Operation: UInt8 { case insert, remove, update, move }

    private var first: (MessageID, Operation)?
    private var rest: [(MessageID, Operation)] = []
    private var onlyInserts = true
    var typingChanged = false
    var historyChanged = false
    var isPrepend = false
    var isWindowMove = false

    var isEmpty: Bool { first == nil && !typingChanged && !historyChanged }

    /// Calls `body` with each operation in the order they were recorded, without
    /// gathering them in one array.
    private func forEachOperation(_ body: (MessageID, Operation) -> Void) {
        guard let first else { return }
        body(first.0, first.1)
        for (id, operation) in rest { body(id, operation) }
    }

    private mutating func record(_ id: MessageID, _ operation: Operation) {
        if first == nil {
            first = (id, operation)
        } else {
            rest.append((id, operation))
        }
    }

    mutating func inserted(_ id: MessageID) { record(id, .insert) }

    mutating func removed(_ id: MessageID) {
        record(id, .remove)
        onlyInserts = false
    }

    mutating func updated(_ id: MessageID) {
        record(id, .update)
        onlyInserts = false
    }

    mutating func moved(_ id: MessageID) {
        record(id, .move)
        onlyInserts = false
    }

    mutating func reserveCapacity(_ count: Int) { rest.reserveCapacity(rest.count + count) }

    func changeSet(version: UInt64, animated: Bool) -> ChangeSet {
        var set = ChangeSet(
            version: version, typingChanged: typingChanged, historyChanged: historyChanged,
            isPrepend: isPrepend, animated: animated, isWindowMove: isWindowMove)
        if onlyInserts {
            set.inserted.reserveCapacity(rest.count + 1)
            forEachOperation { id, _ in set.inserted.append(id) }
            return set
        }
        // Fold each id's operations into one net effect, in order of first appearance.
        struct Net { var existedBefore: Bool; var existsAfter: Bool; var updated = false; var moved = false }
        var order: [MessageID] = []
        var nets: [MessageID: Net] = [:]
        forEachOperation { id, operation in
            var net = nets[id] ?? {
                order.append(id)
                return Net(existedBefore: operation != .insert, existsAfter: operation != .insert)
            }()
            switch operation {
            case .insert:
                if net.existedBefore { net.updated = true }
                net.existsAfter = true
            case .remove: net.existsAfter = false
            case .update: net.updated = true
            case .move: net.moved = true
            }
            nets[id] = net
        }
        for id in order {
            let net = nets[id]!
            switch (net.existedBefore, net.existsAfter) {
            case (false, true): set.inserted.append(id)
            case (true, false): set.removed.append(id)
            case (true, true):
                if net.updated { set.updated.append(id) }
                if net.moved { set.moved.append(id) }
            case (false, false): break
            }
        }
        return set
    }
}
