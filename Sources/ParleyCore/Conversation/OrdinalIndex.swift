/// Where each id sits in a ``MessageStore``: its ordinal, found in O(1).
///
/// Keyed by the id's hash rather than by the id, so that the table hashes an `Int` when it
/// grows instead of hashing every id's text again: at a million messages a `[MessageID:
/// Int]` spent most of an append's time rehashing on growth (`perf` under
/// `parley-bench core`). The store tells ids of one hash apart, since it knows the id at
/// each ordinal; the rare id whose 64-bit hash another id already holds is kept apart, by
/// id, in `collided`.
///
/// Each id present is in exactly one place: `collided`, or `byHash` under its own hash.
struct OrdinalIndex: Sendable {
    private var byHash: [Int: Int]
    private var collided: [MessageID: Int] = [:]
    /// Keeps the bits of an id's hash the index keys by: all of them, but for tests that make
    /// ids of one hash common.
    private let mask: Int

    /// An empty index, keyed by the low `hashBits` bits of each id's hash.
    init(hashBits: Int = Int.bitWidth) {
        precondition(hashBits > 0 && hashBits <= Int.bitWidth, "1 to 64 hash bits")
        byHash = [:]
        // A shift by the whole width gives 0, so 64 bits keep every bit.
        mask = ~(~0 << hashBits)
    }

    private func hash(_ id: MessageID) -> Int { id.hashValue & mask }

    /// How many ids it holds.
    var count: Int { byHash.count + collided.count }

    /// The ordinal that holds `id`'s hash, if any: `id`'s own ordinal or another id's of
    /// the same hash, which the store tells apart.
    func holder(of id: MessageID) -> Int? { byHash[hash(id)] }

    /// The ordinal of `id` when it is kept apart, because another id held its hash.
    func collidedOrdinal(of id: MessageID) -> Int? {
        collided.isEmpty ? nil : collided[id]
    }

    /// What ``claim(_:at:)`` found.
    enum Claim {
        /// `id` was new and now holds its hash at the ordinal given.
        case added
        /// `id` is already present, kept apart.
        case present
        /// Its hash is held by the message at this ordinal: `id` itself (a duplicate) or,
        /// rarely, another id; the store tells which and calls ``keepApart(_:at:)``.
        case held(by: Int)
    }

    /// Gives `id` its hash at `ordinal` if no id holds that hash, looking it up once.
    mutating func claim(_ id: MessageID, at ordinal: Int) -> Claim {
        let hash = hash(id)
        let before = byHash.count
        // The defaulted subscript finds the hash's bucket once and fills it when empty.
        byHash[hash, default: ordinal] += 0
        guard byHash.count > before else { return .held(by: byHash[hash]!) }
        // New under its hash, but it may be kept apart since its hash's holder went.
        guard !collided.isEmpty, collided[id] != nil else { return .added }
        byHash[hash] = nil
        return .present
    }

    /// Keeps `id` at `ordinal` apart from the id that holds its hash; returns false when
    /// it is kept already.
    mutating func keepApart(_ id: MessageID, at ordinal: Int) -> Bool {
        guard collided[id] == nil else { return false }
        collided[id] = ordinal
        return true
    }

    /// Moves `id`, which must be present, to `ordinal`. Does not read the store, so it may
    /// be called while the store renumbers; an absent id would take over the slot of an id
    /// of its hash, so only ids read from the store are moved.
    mutating func move(_ id: MessageID, to ordinal: Int) {
        if !collided.isEmpty, collided[id] != nil {
            collided[id] = ordinal
        } else {
            byHash[hash(id)] = ordinal
        }
    }

    /// Removes `id`, which must be present. Does not read the store.
    mutating func remove(_ id: MessageID) {
        if !collided.isEmpty, collided.removeValue(forKey: id) != nil { return }
        byHash[hash(id)] = nil
    }

    /// Forgets every id and makes room for `capacity`, keeping the hash bits.
    mutating func removeAll(minimumCapacity capacity: Int) {
        byHash = Dictionary(minimumCapacity: capacity)
        collided = [:]
    }

    /// Makes room for `additional` more ids.
    mutating func reserveCapacity(_ additional: Int) {
        byHash.reserveCapacity(count + additional)
    }
}
