import Foundation
import ParleyCore
import Testing

import ParleySQLite

/// The README's history-on-disk block, run as written but for the file's place.
@Suite("README: a history on disk")
@MainActor
struct ReadmeStoreExampleTests {
    @Test("the store block runs on a machine where the app's folder does not exist yet")
    func storeBlock() async throws {
        let home = Fixture.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        // The README's "~/.local/share/myapp": nothing of it exists on a fresh machine.
        let path = home.appendingPathComponent(".local/share/myapp/chat.sqlite").path
        let chat = Conversation(me: Fixture.me)
        chat.append(.text("Lunch?"), from: Fixture.alice)
        let presenter = ChatPresenter(conversation: chat, style: .iMessage, units: .cells, measurer: MonospaceMeasurer())

        // --- as in the README ---
        let store = try ConversationStore(path: path, options: StoreOptions(createsFolders: true))
        presenter.pager = HistoryPager(conversation: chat, source: store)
        let saving = store.mirror(chat) { error in print("not saved yet:", error) }
        chat.append(.text("At noon"))
        await store.flush()
        saving.cancel()
        // ---

        #expect(FileManager.default.fileExists(atPath: path))
        // What arrived while mirroring is on disk (what was there before is not mirrored).
        let reopened = try ConversationStore(path: path)
        #expect(try reopened.page(offset: 0, limit: 10).messages.map(\.content) == [.text("At noon")])
    }
}
