import Foundation

/// One emoji's reactions to a message: who reacted with it, in the order they did.
///
/// A message keeps its reactions in the order each emoji was first used; front ends draw
/// them as chips under the bubble ("👍 2  ❤️ 1"), the local user's highlighted.
public struct Reaction: Hashable, Sendable {
    /// The emoji (or short text a network allows as a reaction), on one line, at most
    /// ``maximumKeyLength`` characters.
    public var key: String
    /// The ids of those who reacted with it (``Sender/id``), each once.
    public var senders: [String]

    /// The longest key kept, in characters.
    public static let maximumKeyLength = 16

    /// How many reacted with it.
    public var count: Int { senders.count }

    /// A reaction of `key` by `senders` (repeated ids count once).
    public init(_ key: String, by senders: [String]) {
        self.key = Self.cleanKey(key)
        var seen = Set<String>()
        self.senders = senders.filter { seen.insert($0).inserted }
    }

    /// `key` as reactions keep it: one line, at most ``maximumKeyLength`` characters.
    public static func cleanKey(_ key: String) -> String {
        String(InertText.singleLine(key.trimmingCharacters(in: .whitespacesAndNewlines)).prefix(maximumKeyLength))
    }
}

extension [Reaction] {
    /// Whether `sender` reacted with `key`.
    public func contains(_ key: String, by sender: String) -> Bool {
        let key = Reaction.cleanKey(key)
        return contains { $0.key == key && $0.senders.contains(sender) }
    }

    /// Adds (`on`) or removes `sender`'s reaction `key`; an emoji nobody uses any more
    /// goes. Returns whether anything changed.
    @discardableResult
    public mutating func set(_ key: String, by sender: String, _ on: Bool) -> Bool {
        let key = Reaction.cleanKey(key)
        guard !key.isEmpty else { return false }
        if let index = firstIndex(where: { $0.key == key }) {
            let has = self[index].senders.contains(sender)
            guard has != on else { return false }
            if on {
                self[index].senders.append(sender)
            } else {
                self[index].senders.removeAll { $0 == sender }
                if self[index].senders.isEmpty { remove(at: index) }
            }
            return true
        }
        guard on else { return false }
        append(Reaction(key, by: [sender]))
        return true
    }
}
