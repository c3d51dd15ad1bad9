import Foundation
import Testing

@testable import ParleyCore

@Suite("Right to left: mirrored rows and composer, text in its own direction")
struct RightToLeftTests {
    let width = 60.0

    func styles() -> (ltr: ChatStyle, rtl: ChatStyle) {
        var ltr = Fixture.cellStyle
        ltr.direction = .leftToRight
        var rtl = ltr
        rtl.direction = .rightToLeft
        return (ltr, rtl)
    }

    func flipped(_ rect: Rect?) -> Rect? {
        rect.map { Rect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
    }

    @Test("an incoming row is the left-to-right row in a mirror: avatar and bubble on the right, corners swapped (#14)")
    func mirrorsRows() {
        let (ltr, rtl) = styles()
        var message = Fixture.message("a", "hello there, a message long enough to wrap at sixty cells")
        message.reactions = [Reaction("👍", by: ["me"])]
        let context = RowContext(side: .incoming, position: .last, showsName: true, showsAvatar: true)
        let left = Fixture.engine(ltr).layout(.message(message), context: context, width: width)
        let right = Fixture.engine(rtl).layout(.message(message), context: context, width: width)
        #expect(!left.isMirrored && right.isMirrored)
        #expect(right.avatar == flipped(left.avatar))
        #expect(right.bubble == flipped(left.bubble))
        #expect(right.nameLabel == flipped(left.nameLabel))
        #expect(right.reactions.map(\.frame) == left.reactions.map { flipped($0.frame)! })
        #expect(right.corners == left.corners.mirrored)
        #expect(right.height == left.height)
        #expect((right.avatar?.minX ?? 0) > width / 2, "incoming avatars sit on the right")
        // Left-to-right text moves with its bubble, unmirrored inside it.
        let dx = right.bubble!.minX - left.bubble!.minX
        #expect(right.content == left.content?.offsetBy(dx: dx, dy: 0))
    }

    @Test("right-to-left text is mirrored inside its bubble too; an outgoing row goes left with its mark (#14)")
    func rightToLeftText() {
        let (ltr, rtl) = styles()
        let message = Fixture.message("b", from: Fixture.me, "مرحبا، كيف حالك اليوم؟")
        let context = RowContext(side: .outgoing, position: .single)
        let left = Fixture.engine(ltr).layout(.message(message), context: context, width: width)
        let right = Fixture.engine(rtl).layout(.message(message), context: context, width: width)
        #expect(right.content == flipped(left.content))
        #expect(right.status == flipped(left.status))
        #expect((right.bubble?.maxX ?? width) < width / 2 + 20, "outgoing bubbles sit on the left")
    }

    @Test("taps hit what is drawn in a mirrored row (#14)")
    func hitTesting() {
        var style = Fixture.cellStyle
        style.direction = .rightToLeft
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("in", "hi")])
        let view = Viewport(conversation: chat, layoutEngine: Fixture.engine(style), size: Size(width: 40, height: 20))
        let row = view.visibleRows().first { $0.id == .message("in") }!
        let avatar = row.layout.avatar!
        #expect(view.event(at: Point(x: avatar.minX, y: row.y + avatar.minY)) == .tapAvatar(Fixture.alice, message: "in"))
        #expect(avatar.minX > 20)
    }

    @Test("the composer mirrors: the send item on the left, the left stack's items on the right (#14)")
    @MainActor
    func mirrorsComposer() {
        let bar = InputBar.iMessage(metrics: .cells)
        bar.direction = .leftToRight
        let left = bar.layout(width: 50, measurer: MonospaceMeasurer())
        bar.direction = .rightToLeft
        let right = bar.layout(width: 50, measurer: MonospaceMeasurer())
        let send = { (layout: InputBarLayout) in layout.itemFrames.first { $0.id == "send" }!.frame }
        let plus = { (layout: InputBarLayout) in layout.itemFrames.first { $0.id == "plus" }!.frame }
        #expect(send(right).minX == 50 - send(left).maxX)
        #expect(send(right).minX < plus(right).minX)
        #expect(right.textFrame.minX == 50 - left.textFrame.maxX)
    }

    @Test("a text's direction is its first letter's: digits, punctuation and emoji do not decide (#14)")
    func textDirection() {
        #expect(TextDirection.of("مرحبا") == .rightToLeft)
        #expect(TextDirection.of("שלום world") == .rightToLeft)
        #expect(TextDirection.of("hello مرحبا") == .leftToRight)
        #expect(TextDirection.of("12: «👍» مرحبا") == .rightToLeft)
        #expect(TextDirection.of("日本語") == .leftToRight)
        #expect(TextDirection.of("123 !?") == nil)
        #expect(TextDirection.of("") == nil)
    }

    @Test("the direction follows the locale's language (#14)")
    func fromLocale() {
        #expect(LayoutDirection.of(Locale(identifier: "ar_EG")) == .rightToLeft)
        #expect(LayoutDirection.of(Locale(identifier: "he_IL")) == .rightToLeft)
        #expect(LayoutDirection.of(Locale(identifier: "en_GB")) == .leftToRight)
    }
}
