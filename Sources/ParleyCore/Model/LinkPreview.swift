import Foundation

/// What a web page says about itself, shown under a message that links to it: the site's
/// name, the page's title, a short description and a picture.
///
/// An app supplies one it already has (its server made it, say) with
/// ``Conversation/setLinkPreview(_:for:animated:)``, or lets a
/// ``LinkPreviewProviding`` fetch it (``ChatPresenter/linkPreviews``). Every text is made
/// inert, put on one line and cut to a bounded length when the preview is made, so a
/// hostile page can neither steer a terminal nor make a row enormous.
///
/// ```swift
/// chat.setLinkPreview(LinkPreview(url: URL(string: "https://swift.org")!, title: "Swift.org",
///     summary: "Swift is a general-purpose programming language.", siteName: "Swift"), for: id)
/// ```
public struct LinkPreview: Hashable, Sendable {
    /// The page previewed: the link in the message's text.
    public var url: URL
    /// The page's title, or `nil`.
    public var title: String?
    /// A sentence or two about the page, or `nil`.
    public var summary: String?
    /// The site's name ("Wikipedia"); front ends show the link's host when it is `nil`.
    public var siteName: String?
    /// The page's picture, or `nil`.
    public var image: ImageSource?
    /// That picture's pixel size when known, so that its space is right before it loads.
    public var imageSize: Size?

    /// The most characters of a title kept.
    public static let maximumTitleLength = 300
    /// The most characters of a summary kept.
    public static let maximumSummaryLength = 600
    /// The most characters of a site name kept.
    public static let maximumSiteNameLength = 80

    /// Creates a preview; texts are cleaned up and bounded (see the type's notes), and an
    /// empty text counts as none.
    public init(
        url: URL, title: String? = nil, summary: String? = nil, siteName: String? = nil,
        image: ImageSource? = nil, imageSize: Size? = nil
    ) {
        self.url = url
        self.title = Self.cleaned(title, limit: Self.maximumTitleLength)
        self.summary = Self.cleaned(summary, limit: Self.maximumSummaryLength)
        self.siteName = Self.cleaned(siteName, limit: Self.maximumSiteNameLength)
        self.image = image
        self.imageSize = imageSize.flatMap { size in
            size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0 ? size : nil
        }
    }

    /// Whether there is anything to show: a title, a summary or a picture.
    public var isEmpty: Bool { title == nil && summary == nil && image == nil }

    /// The name shown above the title: ``siteName``, else the link's host without "www.".
    public var displaySite: String {
        if let siteName { return siteName }
        let host = url.host ?? url.absoluteString
        return Self.cleaned(host.hasPrefix("www.") ? String(host.dropFirst(4)) : host, limit: Self.maximumSiteNameLength) ?? ""
    }

    /// `text` inert, on one line, its runs of white space made one space, trimmed and cut
    /// (with "…") to `limit` characters; `nil` when nothing is left.
    static func cleaned(_ text: String?, limit: Int) -> String? {
        guard let text else { return nil }
        var result = ""
        var count = 0
        var pendingSpace = false
        // Looks at no more than a few times the limit: a 10 MB title costs what its start costs.
        for character in text.prefix(limit * 4 + 16) {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < limit else {
                result = String(result.dropLast()) + "…"
                return InertText.singleLine(result)
            }
            result.append(character)
            count += 1
        }
        return result.isEmpty ? nil : InertText.singleLine(result)
    }
}

/// Fetches link previews for ``ChatPresenter/linkPreviews``: ParleyImaging's
/// `LinkPreviewFetcher` reads the page's Open Graph tags; an app can ask its own server.
///
/// Called off the main actor, at most once per link and message while the presenter lives.
/// Return `nil` for a page that has nothing to show or could not be fetched: the message
/// then shows no preview, and no error.
public protocol LinkPreviewProviding: Sendable {
    /// The preview of `url`, or `nil`.
    func linkPreview(for url: URL) async -> LinkPreview?
}
