import CGtk4
import CParleyGtk
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// A wheel notch or a paging key is one step: at once by default (one paint), over a
    /// short glide with `smoothScrolling`, and never animated while the desktop turns
    /// animations off (#15).
    @Suite("Scrolling steps")
    @MainActor
    struct ScrollStepTests {
        let none = GdkModifierType(rawValue: 0)

        /// A view of 80 messages in a window, laid out at the newest.
        func show() async throws -> (MessengerView, WidgetPointer) { try await GTKHarness.showMessages(80) }

        /// Where each row near the screen is, in the list's coordinates.
        func places(_ view: MessengerView) -> [RowID: Double] {
            Dictionary(view.presenter.frame(overscan: 2000).rows.map { ($0.row.id, $0.y) }, uniquingKeysWith: { a, _ in a })
        }

        /// How far the rows moved down since `before` (a row in both).
        func moved(since before: [RowID: Double], _ view: MessengerView) throws -> Double {
            let now = places(view)
            let id = try #require(before.keys.sorted { before[$0]! < before[$1]! }.first { now[$0] != nil })
            return now[id]! - before[id]!
        }

        /// Runs `body` with GTK's `gtk-enable-animations` set to `enabled`.
        func withAnimations(_ enabled: Bool, _ body: () async throws -> Void) async rethrows {
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            let before = parley_object_get_bool(settings, "gtk-enable-animations")
            defer { parley_object_set_bool(settings, "gtk-enable-animations", before) }
            parley_object_set_bool(settings, "gtk-enable-animations", enabled)
            try await body()
        }

        @Test("by default Page Up and a wheel notch move the whole step at once, with no frames after")
        func stepsAtOnce() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            #expect(!view.smoothScrolling)
            let start = places(view)
            #expect(view.handleKey(UInt32(GDK_KEY_Page_Up), state: none))
            #expect(!view.scrolling.isMoving, "nothing is left to glide")
            #expect(abs(try moved(since: start, view) - max(40, view.presenter.size.height * 0.85)) < 0.5)
            let paged = places(view)
            view.step(by: -MessengerView.wheelStep)
            #expect(!view.scrolling.isMoving)
            #expect(abs(try moved(since: paged, view) - MessengerView.wheelStep) < 0.5)
            // One frame puts the rows where the presenter has them, and none follows.
            await GTKHarness.pumpUntilPlaced(view)
            #expect(view.frameTick == nil)
            let drawn = try #require(view.lastFrame?.rows.first)
            #expect(places(view)[drawn.row.id] == drawn.y)
        }

        @Test("with smoothScrolling the same steps glide, and end where the jumps end")
        func stepsGlide() async throws {
            try await withAnimations(true) {
                let (view, window) = try await show()
                defer { GTKHarness.close(window) }
                view.smoothScrolling = true
                let start = places(view)
                #expect(view.handleKey(UInt32(GDK_KEY_Page_Up), state: none))
                #expect(view.scrolling.isMoving, "the step waits for the frames that glide it")
                #expect(try moved(since: start, view) == 0)
                // How many frames show positions in between depends on how fast frames come
                // (a loaded machine draws the 70 ms glide in two); the positions a glide takes
                // frame by frame are checked with given frame times in `MessengerViewTests`.
                await GTKHarness.pump(until: { !view.scrolling.isMoving }, timeout: .seconds(2))
                #expect(abs(try moved(since: start, view) - max(40, view.presenter.size.height * 0.85)) < 0.5)
            }
        }

        @Test("with animations off, steps jump even with smoothScrolling, and removals do not fade")
        func reducedMotion() async throws {
            try await withAnimations(false) {
                let (view, window) = try await show()
                defer { GTKHarness.close(window) }
                view.smoothScrolling = true
                #expect(view.handleKey(UInt32(GDK_KEY_Page_Up), state: none))
                #expect(!view.scrolling.isMoving)
                view.scroll(by: 30, animated: true)
                #expect(!view.scrolling.isMoving)
                await GTKHarness.pumpUntilPlaced(view)
                _ = try view.conversation.remove("message-70", animated: true)
                try view.conversation.append(Message(id: "late", sender: ChatFixtures.alice, content: .text("late")), animated: true)
                await GTKHarness.pump(for: .milliseconds(30))
                #expect(view.animator.ghosts.isEmpty, "no removed row fades out")
                #expect(!view.animator.isAnimating, "no row slides or fades in")
            }
        }
    }
}
