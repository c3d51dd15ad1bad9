#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import ParleyCore
@testable import ParleyMatrix
import Testing

/// Event bodies as the core's content, without a server (#16).
@Suite("EventContent: Matrix bodies as message content (#16)")
struct EventContentTests {
    @Test("HTML becomes Markdown-ish text, never markup", arguments: [
        ("<b>bold</b> and <em>it</em>", "**bold** and *it*"),
        ("<a href=\"https://example.org\">a link</a>", "[a link](https://example.org)"),
        ("<mx-reply><blockquote>quoted</blockquote></mx-reply>answer", "answer"),
        ("line<br/>next &amp; &lt;b&gt; &#x1F600;", "line\nnext & <b> 😀"),
        ("<ul><li>one</li><li>two</li></ul>", "- one\n- two"),
        ("<script>alert(1)</script><img src=x onerror=y>", "alert(1)"),
    ])
    func html(_ html: String, _ expected: String) {
        #expect(MatrixHTML.markdown(from: html) == expected)
    }

    @Test("an older client's reply fallback is left out of the body")
    func replyFallback() {
        #expect(EventContent.stripReplyFallback("> <@alice:x> Lunch?\n> more\n\nYes!") == "Yes!")
        #expect(EventContent.stripReplyFallback("> not a fallback") == "> not a fallback")
    }

    @Test("a file keeps its name, size and type; an image without a URL is its body")
    func media() {
        let file = EventContent.message(
            ["msgtype": "m.file", "body": "menu.pdf", "info": ["size": 2048, "mimetype": "application/pdf"]],
            senderName: "Alice", mediaURL: { _ in nil })
        #expect(file == .file(FileContent(name: "menu.pdf", byteCount: 2048, mediaType: "application/pdf")))
        #expect(EventContent.message(["msgtype": "m.image", "body": "x.png"], senderName: "A", mediaURL: { _ in nil }) == .text("x.png"))
        #expect(EventContent.message(["body": "no msgtype"], senderName: "A", mediaURL: { _ in nil }) == nil)
    }

    @Test("the server's error answers become the user's errors")
    func errors() throws {
        let response = try #require(HTTPURLResponse(url: URL(string: "http://x")!, statusCode: 429, httpVersion: nil, headerFields: nil))
        func error(_ status: Int, _ body: String, room: String? = nil) -> MatrixError {
            MatrixClient.error(status: status, body: Data(body.utf8), headers: response, room: room)
        }
        #expect(error(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1500}"#) == .rateLimited(retryAfter: .milliseconds(1500)))
        #expect(error(401, #"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":true}"#) == .unknownToken(softLogout: true))
        #expect(error(403, #"{"errcode":"M_FORBIDDEN","error":"User @a:x not in room !r"}"#, room: "!r") == .roomNotFound("!r"))
        #expect(error(500, "oops") == .server(status: 500, code: nil, message: nil))
        #expect(error(502, "").isTransient)
        #expect(!MatrixError.wrongPassword.isTransient)
    }
}
