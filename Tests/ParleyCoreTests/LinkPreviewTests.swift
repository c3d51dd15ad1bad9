import Foundation
import Synchronization
import Testing
@testable import ParleyCore

@Suite("Link previews (#13)")
@MainActor
struct LinkPreviewTests {
    static let page = URL(string: "https://swift.org/blog")!
    static let preview = LinkPreview(
        url: page, title: "Swift.org blog", summary: "News about the Swift language and its tools.", siteName: "Swift")

    /// The layout of one incoming message from Alice, 60 cells wide.
    private func layout(_ message: Message, style: ChatStyle = Fixture.cellStyle, width: Double = 60) -> RowLayout {
        let chat = Conversation(me: Fixture.me, messages: [message])
        return chat.read { rows in Fixture.engine(style).layout(at: 0, in: rows, width: width) }
    }

    private func linked(_ preview: LinkPreview? = LinkPreviewTests.preview, text: String = "see https://swift.org/blog") -> Message {
        var message = Message(id: "1", sender: Fixture.alice, date: Fixture.noon, content: .text(text))
        message.linkPreview = preview
        return message
    }

    // MARK: The model

    @Test("texts are made inert, put on one line, their spaces collapsed and cut to a bound")
    func cleaning() {
        let hostile = LinkPreview(
            url: Self.page, title: "  Hello\u{1B}]0;pwned\u{07}\n\n  world\t ", summary: String(repeating: "word ", count: 100_000),
            siteName: "\u{202E}evil")
        #expect(hostile.title == "Hello␛]0;pwned␇ world")
        #expect(hostile.summary?.count == LinkPreview.maximumSummaryLength)
        #expect(hostile.summary?.hasSuffix("…") == true)
        #expect(hostile.siteName == "\u{FFFD}evil")
        let blank = LinkPreview(url: Self.page, title: " \n ", summary: "", siteName: nil)
        #expect(blank.title == nil && blank.summary == nil && blank.isEmpty)
        #expect(LinkPreview(url: URL(string: "https://www.example.com/a")!, title: "A").displaySite == "example.com")
        #expect(LinkPreview(url: Self.page, title: "A", imageSize: Size(width: .nan, height: 3)).imageSize == nil)
    }

    @Test("the link previewed is the text's first web link: not an address, a phone or another kind")
    func previewableLink() {
        #expect(MessageContent.text("mail a@b.com or call +44 20 7946 0958, then https://swift.org and http://x.org").previewableLink
            == URL(string: "https://swift.org"))
        #expect(MessageContent.text("no link here, only ftp://files.example.com").previewableLink == nil)
        #expect(MessageContent.markdown("**Read** [the post](https://swift.org/blog/post)").previewableLink
            == URL(string: "https://swift.org/blog/post"))
        #expect(MessageContent.image(.file(path: "/tmp/a.png")).previewableLink == nil)
        #expect(MessageContent.deleted.previewableLink == nil)
    }

    // MARK: The conversation

    @Test("set, replaced, taken away; a deletion and an edit of the link take it away, other edits keep it")
    func conversation() throws {
        let chat = Conversation(me: Fixture.me, messages: [linked(nil)])
        try chat.setLinkPreview(Self.preview, for: "1")
        #expect(chat.message("1")?.linkPreview == Self.preview)
        try chat.setLinkPreview(LinkPreview(url: Self.page), for: "1")  // nothing to show: not kept
        #expect(chat.message("1")?.linkPreview == nil)
        #expect(throws: ConversationError.unknownID("nope")) { try chat.setLinkPreview(Self.preview, for: "nope") }

        try chat.setLinkPreview(Self.preview, for: "1")
        try chat.edit("1", to: .text("see https://swift.org/blog (the news)"))
        #expect(chat.message("1")?.linkPreview == Self.preview, "the same link: the preview stays")
        try chat.edit("1", to: .text("see https://example.com instead"))
        #expect(chat.message("1")?.linkPreview == nil, "another link: the old page's preview goes")

        try chat.setLinkPreview(LinkPreview(url: URL(string: "https://example.com")!, title: "Example"), for: "1")
        try chat.markDeleted("1")
        #expect(chat.message("1")?.linkPreview == nil)
        try chat.setLinkPreview(Self.preview, for: "1")
        #expect(chat.message("1")?.linkPreview == nil, "a deleted message shows no preview")
    }

    @Test("setting a preview changes the message's revision, so its row is laid out again")
    func revision() throws {
        let chat = Conversation(me: Fixture.me, messages: [linked(nil)])
        let engine = Fixture.engine()
        let before = chat.read { engine.layout(at: 0, in: $0, width: 60) }
        try chat.setLinkPreview(Self.preview, for: "1")
        let after = chat.read { engine.layout(at: 0, in: $0, width: 60) }
        #expect(before.linkPreview == nil)
        #expect(after.linkPreview != nil)
        #expect(after.height > before.height)
    }

    // MARK: Layout

    @Test("cells: under the text, a bar beside site, title and summary, the bubble widened to the preview")
    func cellsLayout() throws {
        let row = layout(linked())
        let text = try #require(row.content)
        let preview = try #require(row.linkPreview)
        // The text "see https://swift.org/blog" (26 cells) at the bubble's padding, under the name.
        #expect(text == Rect(x: 8, y: 4, width: 26, height: 1))
        // One row of spacing under the text. The preview asks for 44 cells, the bubble
        // has 33 inside: 2 for the bar and its gap, 31 for the lines, and the summary
        // "News about the Swift language and its tools." (45) wraps to two lines of at
        // most 29.
        #expect(preview.frame == Rect(x: 8, y: 6, width: 31, height: 4))
        #expect(preview.bar == Rect(x: 8, y: 6, width: 1, height: 4))
        #expect(preview.siteFrame == Rect(x: 10, y: 6, width: 5, height: 1))
        #expect(preview.titleFrame == Rect(x: 10, y: 7, width: 14, height: 1))
        #expect(preview.summaryFrame == Rect(x: 10, y: 8, width: 29, height: 2))
        #expect(try #require(row.bubble).width == 31 + 4, "widened from the text's 26 to the preview's 31")
        #expect(preview.imageFrame == nil)
        #expect(try #require(row.bubble).maxY >= preview.frame.maxY + 1, "the bubble's padding stays under the preview")
        #expect(preview.accessibleName == "Link preview: Swift, Swift.org blog")
        #expect(preview.titleFont.weight == .bold)
    }

    @Test("a summary longer than its lines takes only those lines; a picture follows as wide as the text column")
    func boundedLines() throws {
        let long = LinkPreview(
            url: Self.page, title: String(repeating: "Title ", count: 40), summary: String(repeating: "summary ", count: 80),
            image: .url(URL(string: "https://swift.org/og.png")!), imageSize: Size(width: 1200, height: 600))
        let preview = try #require(layout(linked(long)).linkPreview)
        let metrics = ChatMetrics.cells
        #expect(preview.titleFrame?.height == Double(metrics.linkPreviewTitleLines))
        #expect(preview.summaryFrame?.height == Double(metrics.linkPreviewSummaryLines))
        let image = try #require(preview.imageFrame)
        // 1200 × 600 pixels are 2 : 1, so 4 : 1 in cells (a cell is twice as tall as
        // wide): the height limit (6) decides, and the width follows.
        #expect(image.height == metrics.linkPreviewImageHeight)
        #expect(image.width == 24)
        #expect(image.minY == preview.summaryFrame!.maxY)
        #expect(preview.frame.maxY == image.maxY)
    }

    @Test("pixels: a wide picture as wide as the text column, no taller than the limit")
    func pixelLayout() throws {
        var style = ChatStyle.light
        style.grouping = Fixture.rules
        let preview = LinkPreview(url: Self.page, title: "Swift.org", image: .url(URL(string: "https://swift.org/og.png")!))
        let row = layout(linked(preview), style: style, width: 460)
        let laidOut = try #require(row.linkPreview)
        let image = try #require(laidOut.imageFrame)
        let column = laidOut.frame.width - style.metrics.quoteBarWidth - style.metrics.quoteGap
        // The Open Graph shape (1200 × 628) when the size is not known.
        #expect(image.width == column.rounded(.down) || image.height == style.metrics.linkPreviewImageHeight)
        #expect(abs(image.width / image.height - 1200.0 / 628) < 0.02)
        #expect(image.height <= style.metrics.linkPreviewImageHeight)
        #expect(image.minX == laidOut.frame.minX + style.metrics.quoteBarWidth + style.metrics.quoteGap)
        #expect(laidOut.frame.width <= style.metrics.linkPreviewWidth)
    }

    @Test("a reply's quote moves the preview down with the text")
    func underQuote() throws {
        var message = linked()
        message.replyTo = ReplyQuote(id: "0", senderName: "Bob", summary: "Any news?")
        let plain = try #require(layout(linked()).linkPreview)
        let row = layout(message)
        let quote = try #require(row.quote)
        let preview = try #require(row.linkPreview)
        #expect(preview.frame.minY > quote.frame.maxY)
        #expect(preview.frame.minY - plain.frame.minY == row.content!.minY - layout(linked()).content!.minY)
    }

    @Test("only text shows a preview; a deleted message none")
    func onlyText() {
        var image = Message(id: "1", sender: Fixture.alice, date: Fixture.noon, content: .image(.file(path: "/x.png")))
        image.linkPreview = Self.preview
        #expect(layout(image).linkPreview == nil)
        var deleted = linked()
        deleted.content = .deleted
        #expect(layout(deleted).linkPreview == nil)
    }

    @Test("right to left: the preview is mirrored with its bubble")
    func mirrored() throws {
        var style = Fixture.cellStyle
        style.direction = .rightToLeft
        let message = linked(text: "ראו https://swift.org/blog")
        let forward = try #require(layout(message).linkPreview)
        let row = layout(message, style: style)
        let mirrored = try #require(row.linkPreview)
        #expect(mirrored.frame == forward.frame.mirrored(within: 60))
        #expect(mirrored.bar == forward.bar.mirrored(within: 60))
        #expect(mirrored.bar.minX == mirrored.frame.maxX - 1, "the bar on the preview's leading (right) edge")
    }

    // MARK: Taps and names

    @Test("tapping the preview is a tap on its link; pressing it holds the bubble")
    func tap() throws {
        let chat = Conversation(me: Fixture.me, messages: [linked()])
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 20))
        let frame = presenter.frame()
        let row = try #require(frame.rows.first { $0.layout.linkPreview != nil })
        let preview = try #require(row.layout.linkPreview)
        let point = Point(x: preview.frame.midX, y: row.y + preview.frame.midY)
        guard case .tapLink(let id, let detection)? = presenter.tap(at: point) else {
            Issue.record("no link tap")
            return
        }
        #expect(id == "1")
        #expect(detection.target == Self.page)
        #expect(detection.utf8Range == 4..<26, "the link as detected in the text")
        #expect(presenter.longPress(at: point) == .longPressBubble("1"))
        #expect(presenter.accessibleLabel(for: row).hasSuffix("see https://swift.org/blog (Link preview: Swift, Swift.org blog)"))
    }

    // MARK: Fetching through the presenter

    /// Answers with a preview for each link, counting what it was asked.
    final class Provider: LinkPreviewProviding {
        let asked = Mutex<[URL]>([])
        let answers: Bool
        init(answers: Bool = true) { self.answers = answers }
        func linkPreview(for url: URL) async -> LinkPreview? {
            asked.withLock { $0.append(url) }
            return answers ? LinkPreview(url: url, title: "Title of \(url.host ?? "")") : nil
        }
        var count: Int { asked.withLock { $0.count } }
    }

    @Test("the presenter asks for the links on screen, once each, and sets what comes back")
    func presenterFetches() async throws {
        let chat = Conversation(me: Fixture.me, messages: [
            Fixture.message("a", "first https://a.example/x"), Fixture.message("b", from: Fixture.bob, minutes: 1, "no link"),
            Fixture.message("c", minutes: 2, "mail c@d.com or https://c.example"),
        ])
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 40))
        let provider = Provider()
        _ = presenter.frame()
        #expect(provider.count == 0, "opt-in: nothing is fetched without a provider")
        presenter.linkPreviews = provider
        _ = presenter.frame()
        try await waitUntil { chat.message("a")?.linkPreview != nil && chat.message("c")?.linkPreview != nil }
        #expect(chat.message("a")?.linkPreview?.title == "Title of a.example")
        #expect(chat.message("c")?.linkPreview?.url == URL(string: "https://c.example"))
        #expect(chat.message("b")?.linkPreview == nil)
        for _ in 0..<5 { _ = presenter.frame() }
        await Task.yield()
        #expect(Set(provider.asked.withLock { $0 }) == [URL(string: "https://a.example/x")!, URL(string: "https://c.example")!])
        #expect(provider.count == 2, "each link asked once")
    }

    @Test("a link without a preview is not asked again; an edited link is asked afresh")
    func presenterRemembers() async throws {
        let chat = Conversation(me: Fixture.me, messages: [Fixture.message("a", "see https://a.example")])
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 20))
        let provider = Provider(answers: false)
        presenter.linkPreviews = provider
        _ = presenter.frame()
        try await waitUntil { provider.count == 1 && presenter.previewRequests.inFlight == 0 }
        for _ in 0..<5 { _ = presenter.frame() }
        await Task.yield()
        #expect(provider.count == 1)
        try chat.edit("a", to: .text("see https://b.example"))
        _ = presenter.frame()
        try await waitUntil { provider.count == 2 }
        #expect(provider.asked.withLock { $0.last } == URL(string: "https://b.example"))
        #expect(chat.message("a")?.linkPreview == nil)
    }

    @Test("at most four fetches run at once; the rest wait their turn and all finish")
    func presenterBounded() async throws {
        let messages = (0..<12).map { Fixture.message("m\($0)", minutes: Double($0), "https://site\($0).example") }
        let chat = Conversation(me: Fixture.me, messages: messages)
        let presenter = ChatPresenter(
            conversation: chat, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(), size: Size(width: 60, height: 80))
        let provider = Provider()
        presenter.linkPreviews = provider
        _ = presenter.frame()
        #expect(presenter.previewRequests.inFlight == LinkPreviewRequests.maximumInFlight)
        try await waitUntil { messages.allSatisfy { chat.message($0.id)?.linkPreview != nil } }
        #expect(provider.count == 12)
    }

    private func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
