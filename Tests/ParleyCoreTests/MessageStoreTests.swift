import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyCore

/// The store finds every message by id through every kind of change, also when many ids
/// share a hash: its index keys by the ids' hashes and tells ids of one hash apart (#15).
@Suite("MessageStore")
struct MessageStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private static func message(_ id: String) -> Message {
        Message(id: MessageID(id), sender: Sender(id: "s", name: "S"), date: start, content: .text(id))
    }

    /// Checks the store against `model`: the order, every id found where it is, and the
    /// ids in `gone` not found.
    private static func check(_ store: MessageStore, _ model: [MessageID], gone: Set<MessageID>, _ note: String) {
        #expect(store.count == model.count, "\(note)")
        for (position, id) in model.enumerated() {
            #expect(store[position].id == id, "\(note): order at \(position)")
            #expect(store.index(of: id) == position, "\(note): \(id)")
        }
        for id in gone {
            #expect(!store.contains(id), "\(note): \(id) is gone")
        }
        store.checkInvariants()
    }

    @Test(
        "random appends, prepends, inserts, removals and refills match an array, with ids of one hash common",
        arguments: [(2, 1), (2, 2), (5, 3), (64, 4)] as [(Int, UInt64)])
    func randomChanges(hashBits: Int, seed: UInt64) {
        // The shared SplitMix generator (this module has an older one of the same name).
        var random = ParleyTestSupport.SeededRandom(seed: seed)
        var store = MessageStore(hashBits: hashBits)
        var model: [MessageID] = []
        var gone = Set<MessageID>()
        var next = 0
        func fresh() -> MessageID {
            // Sometimes an id removed before comes back: the index must take it again,
            // whether it was kept apart from its hash's holder or held the hash itself.
            if !gone.isEmpty, random.next() % 3 == 0 {
                let sorted = gone.sorted()
                let id = sorted[Int(random.next() % UInt64(sorted.count))]
                gone.remove(id)
                return id
            }
            next += 1
            return MessageID("m\(next)")
        }
        for step in 0..<1_500 {
            let choice = Int(random.next() % 100)
            if choice < 35 || model.isEmpty {
                let id = fresh()
                let added = store.appendIfAbsent(Self.message(id.rawValue))
                #expect(added)
                model.append(id)
            } else if choice < 55 {
                let id = fresh()
                store.prepend(Self.message(id.rawValue))
                model.insert(id, at: 0)
            } else if choice < 65 {
                let id = fresh()
                let index = Int(random.next() % UInt64(model.count + 1))
                store.insert(Self.message(id.rawValue), at: index)
                model.insert(id, at: index)
            } else if choice < 85 {
                let index = Int(random.next() % UInt64(model.count))
                let removed = store.remove(at: index)
                #expect(removed.id == model.remove(at: index))
                gone.insert(removed.id)
            } else if choice < 98 {
                // A duplicate is refused and changes nothing.
                let id = model[Int(random.next() % UInt64(model.count))]
                let added = store.appendIfAbsent(Self.message(id.rawValue))
                #expect(!added, "step \(step): \(id) is present")
            } else {
                model.shuffle(using: &random)
                store.replaceAll(with: model.map { Self.message($0.rawValue) })
            }
            if step % 50 == 0 { Self.check(store, model, gone: gone, "step \(step)") }
        }
        Self.check(store, model, gone: gone, "end")
    }

    @Test("with one hash for every id, a thousand messages are still found, and removed ones are not")
    func oneHash() {
        var store = MessageStore(hashBits: 1)
        let ids = (0..<1_000).map { MessageID("id\($0)") }
        for id in ids { let added = store.appendIfAbsent(Self.message(id.rawValue))
                #expect(added) }
        for id in ids {
            let added = store.appendIfAbsent(Self.message(id.rawValue))
            #expect(!added, "\(id) is present")
        }
        Self.check(store, ids, gone: [], "filled")
        // Remove the holders of both hashes first, then the rest from the middle.
        var model = ids
        for place in [0, 0, 400, 10, -1] {
            let index = place < 0 ? model.count - 1 : place
            let removed = store.remove(at: index)
            #expect(removed.id == model.remove(at: index))
        }
        Self.check(store, model, gone: Set(ids).subtracting(model), "after removals")
        // What was removed may come back, at either end.
        let returned = store.appendIfAbsent(Self.message("id0"))
        #expect(returned)
        store.prepend(Self.message("id1"))
        model.append("id0")
        model.insert("id1", at: 0)
        Self.check(store, model, gone: Set(ids).subtracting(model), "after returns")
    }

    @Test("a message added without an id never takes an id the app gave another message")
    func generatedIDsStepAside() throws {
        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        // Generated ids count up in base 36 after a dot: the app takes the next ones
        // (many, in case tests running meanwhile generate some).
        let probe = MessageID.generate().rawValue
        let dot = try #require(probe.lastIndex(of: "."))
        let counter = try #require(UInt64(probe[probe.index(after: dot)...], radix: 36))
        let taken = (1...300).map { MessageID(probe[...dot] + String(counter + $0, radix: 36)) }
        try chat.append(contentsOf: taken.map { Message(id: $0, sender: chat.me, date: Self.start, content: .text("app's")) })
        let id = chat.append(.text("mine"))
        let other = chat.batch { $0.append(.text("also mine")) }
        #expect(!taken.contains(id) && !taken.contains(other) && id != other)
        #expect(chat.count == taken.count + 2)
        #expect(chat.message(id)?.content == .text("mine"))
        #expect(chat.message(other)?.content == .text("also mine"))
        for id in taken { #expect(chat.message(id)?.content == .text("app's")) }
        chat.store.checkInvariants()
    }

    @Test("a generated id found taken is replaced by the next one, leaving the holder alone")
    func takenGeneratedID() {
        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        let taken = MessageID.generate()
        try? chat.append(Message(id: taken, sender: chat.me, date: Self.start, content: .text("app's")))
        // As if generate() had handed out `taken` again.
        let id = chat.batch { $0.appendGenerated(Message(id: taken, sender: chat.me, date: Self.start, content: .text("mine"))) }
        #expect(id != taken && chat.count == 2)
        #expect(chat.message(taken)?.content == .text("app's"))
        #expect(chat.message(id)?.content == .text("mine"))
        chat.store.checkInvariants()
    }

    @Test("every width of hash from 1 to 64 bits keys the index", arguments: [1, 2, 31, 32, 63, 64])
    func hashWidths(bits: Int) {
        var store = MessageStore(hashBits: bits)
        let ids = (0..<200).map { MessageID("w\($0)") }
        for id in ids {
            let added = store.appendIfAbsent(Self.message(id.rawValue))
            #expect(added)
        }
        Self.check(store, ids, gone: ["w200", "x"], "\(bits) bits")
    }
}
