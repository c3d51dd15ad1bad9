import CGtk4
import CParleyGtk
import ParleyCore
import Testing

@testable import ParleyGTK

extension GTKTests {
    /// While the list scrolls under a still pointer its rows take no pointer, so that GTK
    /// does not move the hover from row to row at every step (#15); the pointer's next
    /// press, touch, move or sideways scroll gives it back (with real events: WheelTests).
    @Suite("Hover held while scrolling")
    @MainActor
    struct HoverHoldTests {
        /// A view of 80 messages in a window, laid out at the newest.
        func show() async throws -> (MessengerView, WidgetPointer) { try await GTKHarness.showMessages(80) }

        /// The list's children (its row views, shown or waiting in the pool).
        func children(_ view: MessengerView) -> [WidgetPointer] { GTKHarness.children(view.list.widget) }

        /// Whether `view`'s list holds the hover.
        func held(_ view: MessengerView) -> Bool { parley_hover_is_held(view.list.widget.raw) }

        /// The row view that is, or holds, what GTK finds at the middle of the bubble of the
        /// row nearest the list's middle; nil when the list itself takes the pointer there.
        func rowUnderPointer(_ view: MessengerView) throws -> WidgetPointer? {
            let middle = Double(gtk_widget_get_height(view.list.widget)) / 2
            let row = try #require(view.lastFrame?.rows.filter { $0.layout.bubble != nil }.min {
                abs($0.y + $0.layout.height / 2 - middle) < abs($1.y + $1.layout.height / 2 - middle)
            })
            let bubble = try #require(row.layout.bubble)
            var widget = gtk_widget_pick(view.list.widget, bubble.midX, row.y + bubble.midY, GTK_PICK_DEFAULT)
            while let current = widget, current != view.list.widget {
                if gtk_widget_get_parent(current) == view.list.widget { return current }
                widget = gtk_widget_get_parent(current)
            }
            return nil
        }

        @Test("a wheel step holds the hover: the rows take no pointer until the pointer does something else")
        func wheelHolds() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            #expect(view.holdsHoverWhileScrolling)
            #expect(try rowUnderPointer(view) != nil, "before scrolling the pointer finds a row")
            view.step(by: -MessengerView.wheelStep)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(held(view))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) == 0 })
            #expect(try rowUnderPointer(view) == nil, "the list itself takes the pointer, and the wheel with it")
            view.step(by: -MessengerView.wheelStep)
            await GTKHarness.pump(for: .milliseconds(300))
            #expect(held(view), "the hold outlasts the steps")
            // What the pointer's press, touch, move or sideways scroll does first.
            parley_hover_release_all()
            #expect(!held(view))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) != 0 })
            #expect(try rowUnderPointer(view) != nil)
        }

        @Test("with the pointer doing nothing the hold ends a pause after the last step, so that what is under the pointer can be asked again")
        func pauseEndsHold() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            view.step(by: -MessengerView.wheelStep)
            #expect(held(view))
            await GTKHarness.pump(until: { !held(view) }, timeout: .seconds(10))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) != 0 })
            #expect(try rowUnderPointer(view) != nil)
            // A step of nothing holds nothing.
            view.step(by: 0)
            #expect(!held(view))
        }

        @Test("a hold changes the rows only: another child of the list keeps the pointer as it was")
        func rowsOnly() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            let other = gtk_label_new("not a row")!
            gtk_widget_set_parent(other, view.list.widget)
            defer { gtk_widget_unparent(other) }
            view.step(by: -MessengerView.wheelStep)
            #expect(held(view))
            #expect(gtk_widget_get_can_target(other) != 0)
            gtk_widget_set_can_target(other, 0)
            parley_hover_release_all()
            #expect(gtk_widget_get_can_target(other) == 0, "a child made untargetable on purpose stays so")
            #expect(children(view).filter { $0 != other }.allSatisfy { gtk_widget_get_can_target($0) != 0 })
        }

        @Test("rows made or brought back while the hover is held take no pointer either, and all take it back together")
        func newRowsHeld() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            let before = children(view).count
            for _ in 0..<4 {
                #expect(view.handleKey(UInt32(GDK_KEY_Page_Up), state: GdkModifierType(rawValue: 0)))
                await GTKHarness.pumpUntilPlaced(view)
            }
            #expect(children(view).count > before, "paging made new row views")
            #expect(held(view))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) == 0 })
            parley_hover_release_all()
            #expect(!held(view))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) != 0 })
        }

        @Test("with holdsHoverWhileScrolling off the rows keep the pointer, and turning it off ends a hold")
        func switchedOff() async throws {
            let (view, window) = try await show()
            defer { GTKHarness.close(window) }
            view.step(by: -MessengerView.wheelStep)
            #expect(held(view))
            view.holdsHoverWhileScrolling = false
            #expect(!held(view))
            #expect(children(view).allSatisfy { gtk_widget_get_can_target($0) != 0 })
            view.step(by: -MessengerView.wheelStep)
            await GTKHarness.pumpUntilPlaced(view)
            #expect(!held(view))
            #expect(try rowUnderPointer(view) != nil)
        }

        @Test("a press, a touch, a move, a sideways scroll or a drag ends a hold; the motion GDK makes up at the same place after a layout does not")
        func pointerActivity() {
            let surface = UnsafeMutableRawPointer(bitPattern: 0x1000)
            let other = UnsafeMutableRawPointer(bitPattern: 0x2000)
            func activity(
                _ type: GdkEventType, _ on: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, sideways: Bool = false
            ) -> Bool {
                parley_pointer_event_is_activity(Int32(type.rawValue), on, x, y, sideways, surface, 240, 300)
            }
            #expect(activity(GDK_BUTTON_PRESS, surface, 240, 300))
            #expect(activity(GDK_TOUCH_BEGIN, surface, 240, 300))
            #expect(activity(GDK_MOTION_NOTIFY, surface, 241, 300))
            #expect(activity(GDK_MOTION_NOTIFY, surface, 240, 299.5))
            #expect(activity(GDK_MOTION_NOTIFY, other, 240, 300))
            #expect(!activity(GDK_MOTION_NOTIFY, surface, 240, 300), "made up after a layout")
            #expect(!activity(GDK_SCROLL, surface, 240, 300), "the wheel itself")
            #expect(activity(GDK_SCROLL, surface, 240, 300, sideways: true), "meant for a row that scrolls sideways")
            #expect(activity(GDK_DRAG_ENTER, surface, 240, 300), "a drag looks for a drop target among the rows")
            #expect(!activity(GDK_BUTTON_RELEASE, surface, 240, 300))
            #expect(!activity(GDK_KEY_PRESS, surface, .nan, .nan))
        }
    }
}
