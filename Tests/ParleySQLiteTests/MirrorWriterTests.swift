import Foundation
import ParleyCore
import Synchronization
import Testing

@testable import ParleySQLite

/// A payload whose encoding always fails: a mirror can never store it.
struct Unencodable: CustomPayload, Encodable, Equatable {
    static let kind = "unencodable"
    var summary: String { "never stored" }
    func size(fitting width: Double, in units: ContentUnits) -> Size { Size(width: 1, height: 1) }
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "cannot be encoded"))
    }
}

/// The first save state of `store` that `matches` (the current one included).
func firstState(of store: ConversationStore, where matches: (SaveState) -> Bool) async -> SaveState? {
    for await state in store.saveStates() where matches(state) { return state }
    return nil
}

/// Waits until `condition` holds, checking every 10 ms (the suite's time limit ends a hang).
func eventually(_ condition: () -> Bool) async throws {
    while !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
}

/// A date `seconds` after the reference date.
func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

/// Whether `state` is `.retrying`.
func isRetrying(_ state: SaveState) -> Bool {
    if case .retrying = state { return true }
    return false
}

@Suite("ParleySQLite: a mirror writes off the changing thread, retries, and can be flushed (#10)", .timeLimit(.minutes(2)))
struct MirrorWriterTests {
    @Test("a locked file never holds up the changing thread: append returns at once even with an hour's busy timeout; the store shows the queued message; it is saved when the lock goes")
    func lockedFileDoesNotBlock() async throws {
        try await withDatabase { path in
            try BadFileTests.history(at: path)
            let store = try ConversationStore(path: path, options: StoreOptions(busyTimeout: 3_600))
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let other = try rawConnection(path)
            try other.execute("BEGIN IMMEDIATE")
            // Before #10 this wrote on this thread, waiting out the busy timeout: an hour.
            let id = chat.append(.text("sent while locked"), date: at(10_000))
            #expect(store.pendingWrites == 1)
            // What the conversation shows, the store shows: lookups, pages, windows, counts.
            #expect(try store.message(id)?.content == .text("sent while locked"))
            #expect(try store.newestPage(limit: 10).messages.map(\.id) == ["m0", "m1", "m2", id])
            #expect(try store.page(around: id, limit: 3).anchor == id)
            #expect(try store.page(around: at(5_000), limit: 3).messages.map(\.id) == ["m1", "m2", id])
            #expect(try store.count() == 4)
            let waiting = await firstState(of: store, where: isRetrying)
            #expect(waiting == .retrying(pending: 1, error: .locked(path: path)))
            #expect(await store.flush(timeout: .milliseconds(100)) == false)

            try other.execute("ROLLBACK")
            other.close()
            #expect(await store.flush())
            #expect(store.saveState == .saved)
            #expect(store.pendingWrites == 0)
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.message(id)?.content == .text("sent while locked"))
            #expect(errors.all.isEmpty)
            observation.cancel()
        }
    }

    @Test("a lock held far longer than the busy timeout loses nothing: every change set waits in the queue and is saved after")
    func longLockLosesNothing() async throws {
        try await withDatabase { path in
            try BadFileTests.history(at: path)
            let store = try ConversationStore(path: path, options: StoreOptions(busyTimeout: 0.05))
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let other = try rawConnection(path)
            try other.execute("BEGIN IMMEDIATE")
            let ids = (0..<5).map { chat.append(.text("message \($0)"), date: at(10_000 + Double($0))) }
            try chat.update(ids[0]) { $0.status = .read }
            try chat.remove(ids[4])
            _ = await firstState(of: store, where: isRetrying)
            // Before #10 each change set failed after the busy timeout and was dropped.
            try await Task.sleep(nanoseconds: 500_000_000)
            #expect(store.pendingWrites == 5)
            try other.execute("ROLLBACK")
            other.close()
            #expect(await store.flush())
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.newestPage(limit: 10).messages.map(\.id) == ["m0", "m1", "m2"] + ids.prefix(4))
            #expect(try reader.message(ids[0])?.status == .read)
            #expect(errors.all.isEmpty)
            observation.cancel()
        }
    }

    @Test("four threads appending to one mirrored conversation: every id returned before a flush is in the file when it returns")
    func fourWriterThreads() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let returned = Mutex<[MessageID]>([])
            let running = Mutex(4)
            let perThread = 250
            for thread in 0..<4 {
                Thread {
                    for index in 0..<perThread {
                        let id = chat.append(.text("thread \(thread) message \(index)"), from: Fixture.senders[thread])
                        returned.withLock { $0.append(id) }
                    }
                    running.withLock { $0 -= 1 }
                }.start()
            }
            // A second store on the file sees only what is committed.
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            var rounds = 0
            func expectCommitted(_ ids: [MessageID]) throws {
                let missing = try ids.filter { try reader.message($0) == nil }
                #expect(missing.isEmpty, "\(missing.count) of \(ids.count) returned ids are not in the file after flush")
            }
            while running.withLock({ $0 }) > 0 {
                // Flush while the threads append: ids returned by now may still be in
                // another thread's delivery loop, not yet handed to the mirror.
                let before = returned.withLock { $0 }
                #expect(await store.flush())
                try expectCommitted(before)
                rounds += 1
            }
            #expect(await store.flush())
            let all = returned.withLock { $0 }
            #expect(all.count == 4 * perThread)
            try expectCommitted(all)
            #expect(try reader.count() == 4 * perThread)
            #expect(rounds > 0)
            #expect(errors.all.isEmpty)
            observation.cancel()
        }
    }

    @Test("a full disk: told once through onError, the messages stay queued and shown, and are saved once there is room")
    func diskFullKeepsTheQueue() async throws {
        try await withDatabase { path in
            try BadFileTests.history(at: path)
            let store = try ConversationStore(path: path)
            try HostileFileTests.limitGrowth(of: store)
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let big = String(repeating: "x", count: 100_000)
            let ids = (0..<3).map { chat.append(.text("\($0) \(big)"), date: at(10_000 + Double($0))) }
            let failing = await firstState(of: store) { if case .failing = $0 { return true } else { return false } }
            guard case .failing(_, .diskFull(path))? = failing else {
                Issue.record("expected .failing(.diskFull), got \(String(describing: failing))")
                return
            }
            try await eventually { !errors.all.isEmpty }
            #expect(store.pendingWrites == 3)
            #expect(try store.message(ids[2]) != nil)
            #expect(try store.count() == 6)
            // Flushing retries at once; still full, so it times out and nothing is told twice.
            #expect(await store.flush(timeout: .milliseconds(200)) == false)

            try HostileFileTests.limitGrowth(of: store, to: 1_000_000)
            #expect(await store.flush())
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try ids.allSatisfy { try reader.message($0) != nil })
            #expect(errors.all == [.diskFull(path: path)])
            observation.cancel()
        }
    }

    @Test("a message that can never be stored is dropped from the queue and told through onError; the rest are saved")
    func unencodableMessageIsDropped() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let first = chat.append(.text("first"), date: at(1))
            let broken = chat.append(.custom(CustomContent(Unencodable())), date: at(2))
            let last = chat.append(.text("last"), date: at(3))
            #expect(await store.flush())
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.newestPage(limit: 10).messages.map(\.id) == [first, last])
            try await eventually { !errors.all.isEmpty }
            guard case .invalidMessage(broken, let reason)? = errors.all.first else {
                Issue.record("expected .invalidMessage(\(broken)), got \(errors.all)")
                return
            }
            #expect(reason.contains("not saved"))
            #expect(store.saveState == .saved)
            observation.cancel()
        }
    }

    @Test("close writes what is queued; with the file locked it waits a bounded time and returns what it could not save")
    func closeDrainsAndTells() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let observation = store.mirror(chat) { _ in }
            let ids = (0..<50).map { chat.append(.text("m\($0)"), date: at(Double($0))) }
            let unsaved = store.close()
            #expect(unsaved.isEmpty)
            #expect(store.saveState == .closed(unsaved: 0))
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.newestPage(limit: 100).messages.map(\.id) == ids)
            observation.cancel()
        }
        try await withDatabase { path in
            try BadFileTests.history(at: path)
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let errors = ErrorLog()
            let observation = store.mirror(chat) { errors.append($0) }
            let other = try rawConnection(path)
            try other.execute("BEGIN IMMEDIATE")
            let kept = chat.append(.text("kept"), date: at(100))
            try chat.append(Fixture.message("m1", .text("message 1"), at: 1))
            try chat.remove("m1")
            let unsaved = store.close(waitingUpTo: .milliseconds(300))
            #expect(unsaved.messages.map(\.id) == [kept])
            #expect(unsaved.deletions == ["m1"])
            #expect(unsaved.error == .locked(path: path))
            #expect(unsaved.description.contains("2 changes were not saved"))
            #expect(store.saveState == .closed(unsaved: 2))
            expectStoreError(.closed(path: path)) { _ = try store.count() }
            #expect(await store.flush() == false)
            // Changes after closing are told once, not silently dropped.
            chat.append(.text("after close"))
            chat.append(.text("again"))
            #expect(errors.all == [.closed(path: path)])
            try other.execute("ROLLBACK")
            other.close()
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.count() == 3)
            #expect(try reader.message(kept) == nil)
            observation.cancel()
        }
    }

    @Test("save states: saved, saving while queued, retrying while locked, saved again; the stream ends with closed")
    func saveStates() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            #expect(store.saveState == .saved)
            let chat = Conversation(me: Fixture.me)
            let observation = store.mirror(chat) { _ in }
            let other = try rawConnection(path)
            try other.execute("BEGIN IMMEDIATE")
            chat.append(.text("one"))
            chat.append(.text("two"))
            #expect(store.saveState.pending == 2)
            let retrying = await firstState(of: store, where: isRetrying)
            #expect(retrying == .retrying(pending: 2, error: .locked(path: path)))
            #expect(retrying?.description.contains("another program") == true)
            try other.execute("ROLLBACK")
            other.close()
            #expect(await firstState(of: store) { $0 == .saved } == .saved)
            let stream = store.saveStates()
            store.close()
            var seen: [SaveState] = []
            for await state in stream { seen.append(state) }
            #expect(seen.last == .closed(unsaved: 0))
            observation.cancel()
        }
    }

    @Test("a cancelled mirror still writes what it queued, and a flush does not wait for it any more")
    func cancelledMirror() async throws {
        try await withDatabase { path in
            let store = try ConversationStore(path: path)
            let chat = Conversation(me: Fixture.me)
            let observation = store.mirror(chat) { _ in }
            let id = chat.append(.text("queued, then the mirror went"))
            observation.cancel()
            chat.append(.text("not mirrored"))
            #expect(await store.flush())
            let reader = try ConversationStore(path: path, options: StoreOptions(readOnly: true))
            #expect(try reader.count() == 1)
            #expect(try reader.message(id) != nil)
        }
    }

    @Test("backoff: 50 ms doubling to 2 s for a lock, 1 s doubling to 30 s for a full disk")
    func backoff() {
        #expect((1...8).map { WriteQueue.backoff(after: $0, transient: true) } == [0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 2, 2])
        #expect((1...7).map { WriteQueue.backoff(after: $0, transient: false) } == [1, 2, 4, 8, 16, 30, 30])
        #expect(WriteQueue.backoff(after: Int.max, transient: false) == 30)
    }
}
