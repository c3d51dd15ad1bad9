import Foundation
import Testing
@testable import ParleyCore

/// Collects change sets delivered to an observer.
final class ChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [ChangeSet] = []
    var observation: Observation?

    init(_ conversation: Conversation) {
        observation = conversation.observe { [weak self] change in
            guard let self else { return }
            self.lock.withLock { self.sets.append(change) }
        }
    }

    var all: [ChangeSet] { lock.withLock { sets } }
    var last: ChangeSet? { all.last }
}

@Suite("Conversation: add and forget")
struct ConversationTests {
    @Test("append returns an id and publishes an insert")
    func append() throws {
        let chat = Conversation(me: Fixture.me)
        let log = ChangeLog(chat)
        let id = chat.append(.text("Lunch?"), from: Fixture.alice)
        #expect(chat.count == 1)
        #expect(chat.message(id)?.sender == Fixture.alice)
        #expect(log.last == ChangeSet(version: 1, inserted: [id], animated: true))
        let mine = chat.append(.text("Sure"))
        #expect(chat.message(mine)?.sender == Fixture.me)
    }

    @Test("insert, remove, replace and status updates, each one change set")
    func editing() throws {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a"), Fixture.message("c")])
        let log = ChangeLog(chat)
        try chat.insert(Fixture.message("b"), after: "a")
        try chat.insert(Fixture.message("0"), before: "a")
        #expect(chat.messages.map(\.id) == ["0", "a", "b", "c"])
        try chat.replace("b", with: .text("changed"))
        try chat.setStatus(.read, of: "c")
        let removed = try chat.remove("a")
        #expect(removed.id == "a")
        #expect(chat.messages.map(\.id) == ["0", "b", "c"])
        #expect(chat.message("b")?.revision == 1)
        #expect(log.all.map(\.inserted) == [["b"], ["0"], [], [], []])
        #expect(log.all.map(\.updated) == [[], [], ["b"], ["c"], []])
        #expect(log.all.map(\.removed) == [[], [], [], [], ["a"]])
        chat.store.checkInvariants()
    }

    @Test("a late message goes where its date puts it")
    func insertByDate() throws {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a", minutes: 0), Fixture.message("c", minutes: 10)])
        try chat.insertByDate(Fixture.message("b", minutes: 5))
        try chat.insertByDate(Fixture.message("0", minutes: -5))
        try chat.insertByDate(Fixture.message("d", minutes: 20))
        #expect(chat.messages.map(\.id) == ["0", "a", "b", "c", "d"])
        #expect(throws: ConversationError.duplicateID("a")) { try chat.insertByDate(Fixture.message("a", minutes: 1)) }
        chat.store.checkInvariants()
    }

    @Test("unknown and duplicate ids are refused with a clear error and change nothing")
    func errors() {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a")])
        let log = ChangeLog(chat)
        #expect(throws: ConversationError.unknownID("x")) { try chat.remove("x") }
        #expect(throws: ConversationError.unknownID("x")) { try chat.update("x") { $0.status = .read } }
        #expect(throws: ConversationError.unknownID("x")) { try chat.insert(Fixture.message("b"), after: "x") }
        #expect(throws: ConversationError.duplicateID("a")) { try chat.append(Fixture.message("a")) }
        #expect(throws: ConversationError.duplicateID("b")) {
            try chat.append(contentsOf: [Fixture.message("b"), Fixture.message("b")])
        }
        #expect(throws: ConversationError.idChanged(from: "a", to: "z")) { try chat.update("a") { $0.id = "z" } }
        #expect(chat.messages.map(\.id) == ["a"])
        #expect(log.all.isEmpty)
        #expect(ConversationError.duplicateID("a").description.contains("already"))
    }

    @Test("an update that changes nothing visible publishes nothing")
    func noOpUpdate() throws {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a")])
        let log = ChangeLog(chat)
        try chat.update("a") { $0.status = .sent }
        #expect(log.all.isEmpty)
        #expect(chat.message("a")?.revision == 0)
    }

    @Test("a batch is one change set with its effects folded")
    func batch() throws {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a"), Fixture.message("b")])
        let log = ChangeLog(chat)
        try chat.batch(animated: false) { (batch) throws(ConversationError) in
            try batch.append(Fixture.message("c"))
            try batch.update("c") { $0.isEdited = true }  // still just an insert
            try batch.append(Fixture.message("d"))
            try batch.remove("d")  // inserted and removed: nothing
            try batch.remove("a")
            try batch.update("b") { $0.status = .read }
        }
        #expect(log.all.count == 1)
        #expect(log.last == ChangeSet(version: 1, inserted: ["c"], removed: ["a"], updated: ["b"], animated: false))
    }

    @Test("a failing batch keeps and publishes what it did before the error")
    func failingBatch() {
        let chat = Conversation(me: Fixture.me)
        let log = ChangeLog(chat)
        #expect(throws: ConversationError.unknownID("nope")) {
            try chat.batch { (batch) throws(ConversationError) in
                try batch.append(Fixture.message("kept"))
                try batch.remove("nope")
            }
        }
        #expect(chat.messages.map(\.id) == ["kept"])
        #expect(log.last?.inserted == ["kept"])
    }

    @Test("empty, whitespace-only, huge and control-laden texts are kept as given")
    func oddText() {
        let chat = Conversation(me: Fixture.me)
        let huge = String(repeating: "x", count: 1 << 20)
        let texts = ["", "   \n\t", huge, "\u{1B}]0;title\u{07}"]
        let ids = texts.map { chat.append(.text($0), from: Fixture.alice) }
        for (id, text) in zip(ids, texts) {
            guard case .text(let content) = chat.message(id)?.content else {
                Issue.record("not text")
                continue
            }
            #expect(content.string == text)
        }
    }

    @Test("thousands of concurrent appends from many tasks lose and duplicate nothing")
    func concurrentAppends() async {
        let chat = Conversation(me: Fixture.me)
        let log = ChangeLog(chat)
        await withTaskGroup(of: [MessageID].self) { group in
            for task in 0..<50 {
                group.addTask {
                    (0..<100).map { chat.append(.text("\(task)-\($0)"), from: Fixture.alice) }
                }
            }
            var all: [MessageID] = []
            for await ids in group { all += ids }
            #expect(Set(all).count == 5_000)
        }
        #expect(chat.count == 5_000)
        #expect(Set(chat.messages.map(\.id)).count == 5_000)
        let changes = log.all
        #expect(changes.map(\.version) == Array(1...5_000))
        #expect(changes.flatMap(\.inserted) == chat.messages.map(\.id))
        chat.store.checkInvariants()
    }

    @Test("changes() streams every change set in order")
    func stream() async {
        let chat = Conversation(me: Fixture.me)
        let stream = chat.changes()
        chat.append(.text("one"), from: Fixture.alice)
        chat.append(.text("two"), from: Fixture.alice)
        var versions: [UInt64] = []
        for await change in stream {
            versions.append(change.version)
            if versions.count == 2 { break }
        }
        #expect(versions == [1, 2])
    }

    @Test("cancelled observations receive nothing more")
    func cancel() {
        let chat = Conversation(me: Fixture.me)
        let log = ChangeLog(chat)
        chat.append(.text("one"))
        log.observation?.cancel()
        chat.append(.text("two"))
        #expect(log.all.count == 1)
    }

    @Test("a handler that changes the conversation gets the next change after its own")
    func reentrantHandler() {
        let chat = Conversation(me: Fixture.me)
        let log = ChangeLog(chat)
        let reply = chat.observe { change in
            if change.version == 1 { chat.append(.text("auto-reply"), from: Fixture.bob) }
        }
        chat.append(.text("ping"))
        #expect(chat.count == 2)
        #expect(log.all.map(\.version) == [1, 2])
        reply.cancel()
    }

    @Test("typing: several typers, each expiring after its timeout")
    func typing() {
        let clock = TestClock()
        let chat = Conversation(me: Fixture.me, clock: { clock.now })
        let log = ChangeLog(chat)
        chat.setTyping(Fixture.alice, timeout: 5)
        chat.setTyping(Fixture.bob, timeout: 10)
        #expect(chat.typingSenders == [Fixture.alice, Fixture.bob])
        chat.read { rows in
            #expect(rows.count == 1)
            #expect(rows.id(at: 0) == .typing)
        }
        clock.advance(6)
        chat.expireTyping()
        #expect(chat.typingSenders == [Fixture.bob])
        chat.setTyping(Fixture.bob, false)
        #expect(chat.typingSenders.isEmpty)
        #expect(log.all.allSatisfy { $0.typingChanged })
        #expect(log.all.count == 4)
    }

    @Test("typing expires by itself")
    func typingExpiresAlone() async throws {
        let chat = Conversation(me: Fixture.me)
        chat.setTyping(Fixture.alice, timeout: 0.05)
        for _ in 0..<200 where !chat.typingSenders.isEmpty || chat.read({ $0.count }) > 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(chat.read { $0.count } == 0)
    }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Fixture.noon
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

@Suite("Conversation: data source")
struct DataSourceTests {
    @Test("setMessages publishes inserts, removals, updates and moves")
    func diff() throws {
        let chat = Conversation(me: Fixture.me, messages: ["a", "b", "c", "d"].map { Fixture.message($0) })
        let log = ChangeLog(chat)
        var c = Fixture.message("c")
        c.status = .read
        try chat.setMessages([Fixture.message("d"), Fixture.message("a"), c, Fixture.message("e")])
        let change = try #require(log.last)
        #expect(change.inserted == ["e"])
        #expect(change.removed == ["b"])
        #expect(change.updated == ["c"])
        #expect(change.moved == ["d"])
        #expect(chat.messages.map(\.id) == ["d", "a", "c", "e"])
        #expect(chat.message("c")?.revision == 1)
        #expect(chat.message("a")?.revision == 0)
    }

    @Test("an identical list publishes nothing; a duplicate id is refused")
    func sameAndDuplicate() throws {
        let list = ["a", "b"].map { Fixture.message($0) }
        let chat = Conversation(me: Fixture.me, messages: list)
        let log = ChangeLog(chat)
        try chat.setMessages(list)
        #expect(log.all.isEmpty)
        #expect(throws: ConversationError.duplicateID("a")) { try chat.setMessages(list + [list[0]]) }
        #expect(chat.messages.map(\.id) == ["a", "b"])
    }

    @Test("both API styles end in the same change sets", arguments: 0..<20)
    func equivalence(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let start = (0..<8).map { Fixture.message("m\($0)") }
        var target = start.filter { _ in random.next() % 4 != 0 }
        target.append(contentsOf: (0..<Int(random.next() % 3)).map { Fixture.message("n\($0)") })
        let addAndForget = Conversation(me: Fixture.me, messages: start)
        let dataSource = Conversation(me: Fixture.me, messages: start)
        let logA = ChangeLog(addAndForget)
        let logB = ChangeLog(dataSource)
        try addAndForget.batch { (batch) throws(ConversationError) in
            for message in start where !target.contains(where: { $0.id == message.id }) {
                try batch.remove(message.id)
            }
            for message in target where batch.message(message.id) == nil { try batch.append(message) }
        }
        try dataSource.setMessages(target)
        #expect(addAndForget.messages.map(\.id) == dataSource.messages.map(\.id))
        #expect(logA.all.map { Set($0.inserted) } == logB.all.map { Set($0.inserted) })
        #expect(logA.all.map { Set($0.removed) } == logB.all.map { Set($0.removed) })
    }
}

/// A small deterministic generator for property tests.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

@Suite("Conversation against a plain array model")
struct ConversationModelTests {
    @Test("random operations leave the same order as an array does", arguments: 0..<25)
    func randomOperations(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) + 100)
        let chat = Conversation(me: Fixture.me)
        var model: [MessageID] = []
        var counter = 0
        for _ in 0..<300 {
            counter += 1
            let message = Fixture.message("x\(counter)", minutes: Double(counter))
            switch random.next() % 6 {
            case 0, 1:
                try chat.append(message)
                model.append(message.id)
            case 2:
                chat.prependHistory([Fixture.message("h\(counter)", minutes: -Double(counter))])
                model.insert(MessageID("h\(counter)"), at: 0)
            case 3 where !model.isEmpty:
                let anchor = model[Int(random.next() % UInt64(model.count))]
                try chat.insert(message, after: anchor)
                model.insert(message.id, at: model.firstIndex(of: anchor)! + 1)
            case 4 where !model.isEmpty:
                let victim = model.remove(at: Int(random.next() % UInt64(model.count)))
                try chat.remove(victim)
            default:
                try chat.append(message)
                model.append(message.id)
            }
        }
        #expect(chat.messages.map(\.id) == model)
        chat.store.checkInvariants()
        chat.read { rows in
            for (index, id) in model.enumerated() { #expect(rows.index(of: .message(id)) == index) }
        }
    }
}

@Suite("Message in memory")
struct MessageMemoryTests {
    @Test("a message stays small: its quote and link preview sit behind a reference (#15)")
    func stride() {
        #expect(MemoryLayout<Message>.stride <= 160, "\(MemoryLayout<Message>.stride) bytes")
    }

    @Test("copies of a message keep their own quote and preview when one of them changes")
    func copiesStayApart() throws {
        var first = Message(id: "a", sender: Sender(id: "b", name: "Bob"), content: .text("see https://swift.org"),
                            replyTo: ReplyQuote(id: "q", senderName: "Ann", summary: "lunch?"))
        first.linkPreview = LinkPreview(url: try #require(URL(string: "https://swift.org")), title: "Swift")
        var second = first
        second.replyTo?.summary = "dinner?"
        second.linkPreview?.title = "Swift.org"
        #expect(first.replyTo?.summary == "lunch?" && second.replyTo?.summary == "dinner?")
        #expect(first.linkPreview?.title == "Swift" && second.linkPreview?.title == "Swift.org")
        #expect(!first.looksIdentical(to: second))
        second.replyTo = nil
        second.linkPreview = nil
        #expect(first.replyTo != nil && first.linkPreview != nil)
        #expect(second.replyTo == nil && second.linkPreview == nil)
        var third = first
        third.replyTo = first.replyTo
        #expect(third.looksIdentical(to: first), "an equal value set again looks the same")
    }
}
