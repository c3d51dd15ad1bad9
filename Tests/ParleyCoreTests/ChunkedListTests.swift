import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyCore

/// The chunked list behind the message store holds what an array would, through every
/// kind of change and across chunk boundaries (#15).
@Suite("ChunkedList")
struct ChunkedListTests {
    @Test("built from collections of every size around a chunk, it reads back the same")
    func building() {
        for size in [0, 1, 1023, 1024, 1025, 2048, 3000] {
            let elements = Array(0..<size)
            let list = ChunkedList(elements)
            #expect(list.count == size)
            #expect(list.array == elements)
            #expect(list.last == elements.last)
            if size > 0 { #expect(list[size - 1] == size - 1 && list[0] == 0) }
        }
        #expect(ChunkedList([5, 6, 7][1...]).array == [6, 7], "a slice starts at its own index")
    }

    @Test("random appends, removals, inserts and writes match an array", arguments: [1, 2, 3] as [UInt64])
    func randomChanges(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var list = ChunkedList<Int>()
        var model: [Int] = []
        var next = 0
        for step in 0..<6_000 {
            let choice = Int(random.next() % 100)
            if choice < 70 || model.isEmpty {
                // Runs of appends, long enough to cross chunks.
                for _ in 0..<Int(random.next() % 8 + 1) {
                    list.append(next)
                    model.append(next)
                    next += 1
                }
            } else if choice < 85 {
                #expect(list.removeLast() == model.removeLast())
            } else if choice < 90 {
                let index = Int(random.next() % UInt64(model.count + 1))
                list.insert(next, at: index)
                model.insert(next, at: index)
                next += 1
            } else if choice < 95 {
                let index = Int(random.next() % UInt64(model.count))
                #expect(list.remove(at: index) == model.remove(at: index))
            } else {
                let index = Int(random.next() % UInt64(model.count))
                list[index] = -step
                model[index] = -step
            }
            #expect(list.count == model.count)
            if step % 500 == 0 || model.count % 1024 == 0 {
                #expect(list.array == model, "step \(step)")
            }
        }
        #expect(list.array == model)
        for index in stride(from: 0, to: model.count, by: 97) { #expect(list[index] == model[index]) }
    }

    @Test("a store of thousands of messages, grown at both ends and changed in the middle, keeps its order and ids")
    func messageStore() throws {
        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<2_500 {
            try chat.append(Message(id: MessageID("n\(index)"), sender: chat.me, date: start.addingTimeInterval(Double(index)), content: .text("\(index)")), animated: false)
        }
        _ = chat.prependHistory((1...1_500).map { Message(id: MessageID("o\($0)"), sender: chat.me, date: start.addingTimeInterval(-Double($0)), content: .text("old")) })
        _ = try chat.remove("n1000", animated: false)
        chat.store.checkInvariants()
        #expect(chat.count == 3_999)
        #expect(chat.messages.first?.id == "o1500" && chat.messages.last?.id == "n2499")
        #expect(chat.message("n1001")?.content == .text("1001"))
    }
}
