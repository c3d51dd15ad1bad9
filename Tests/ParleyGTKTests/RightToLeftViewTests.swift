import CGtk4
import Foundation
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("A right-to-left chat screen")
    @MainActor
    struct RightToLeftViewTests {
        @Test("right to left, incoming messages, avatars and tails are on the right, the send button on the left (#14)")
        func mirrored() async throws {
            try GTKHarness.start()
            let conversation = ChatFixtures.conversation(12)
            conversation.append(.text("مرحبا، هل أنت قادم إلى الغداء؟"), from: ChatFixtures.alice)
            conversation.append(.text("نعم، بعد عشر دقائق"), from: ChatFixtures.me)
            var style = ChatStyle.iMessage
            style.direction = .rightToLeft
            let screen = ChatScreen(conversation: conversation, style: style)
            let window = try GTKHarness.window(screen.root, width: 420, height: 600)
            defer { GTKHarness.close(window) }
            await GTKHarness.pump(until: { !screen.messages.visibleRowViews.isEmpty })
            await GTKHarness.pump(for: .milliseconds(200))
            let rows = screen.messages.visibleRowViews
            let incoming = rows.filter { if case .message(let message)? = $0.row { return message.sender == ChatFixtures.alice } else { return false } }
            let outgoing = rows.filter { if case .message(let message)? = $0.row { return message.sender == ChatFixtures.me } else { return false } }
            #expect(!incoming.isEmpty && !outgoing.isEmpty)
            #expect(incoming.allSatisfy { $0.layout.isMirrored && ($0.layout.bubble?.maxX ?? 0) > 300 })
            #expect(incoming.compactMap(\.layout.avatar).allSatisfy { $0.minX > 300 })
            #expect(outgoing.allSatisfy { ($0.layout.bubble?.minX ?? 999) < 100 })
            let bar = screen.inputBarView.layout(width: 420)
            let send = bar.itemFrames.first { $0.id == "send" }!.frame
            #expect(send.maxX < bar.textFrame.minX, "send sits before the text, on the left")
            try GTKHarness.screenshot(window, to: Screenshots.directory + "/right-to-left.png")
        }
    }
}
