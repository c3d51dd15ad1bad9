internal import CLibXML2
import Foundation
import ParleyCore

/// What a web page says about itself in its head: its Open Graph tags (`og:title`,
/// `og:description`, `og:site_name`, `og:image` with its size), Twitter's, the plain
/// `description` and `<title>`, read by libxml2's forgiving HTML parser.
///
/// The parser never fetches anything (no DTDs, no entities from outside) and takes
/// whatever bytes it gets: broken markup, another encoding (from the page's `charset`),
/// or something that is no page at all, which has no tags and so nothing to show. At most
/// ``maximumNodes`` elements are looked at.
struct PageMetadata: Equatable {
    var title: String?
    var summary: String?
    var siteName: String?
    var image: URL?
    var imageSize: Size?

    /// The most elements looked at in one page.
    static let maximumNodes = 20_000

    /// libxml2's global state, set up once before the first parse (after which parsing
    /// separate documents on several threads is safe).
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The metadata of the page `html` fetched from `url` (relative picture addresses are
    /// resolved against it).
    init(html: Data, url: URL) {
        guard Self.initialized, !html.isEmpty, html.count < Int(Int32.max) else { return }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue)
        let document = html.withUnsafeBytes { raw in
            htmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), url.absoluteString, nil, options)
        }
        guard let document else { return }
        defer { xmlFreeDoc(document) }
        var tags: [String: String] = [:]
        var pageTitle: String?
        var pending: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { pending.append(root) }
        var seen = 0
        while let node = pending.popLast(), seen < Self.maximumNodes {
            seen += 1
            if node.pointee.type == XML_ELEMENT_NODE, let rawName = node.pointee.name {
                let name = String(cString: rawName).lowercased()
                if name == "meta" {
                    let key = (Self.attribute("property", of: node) ?? Self.attribute("name", of: node))?.lowercased()
                    if let key, tags[key] == nil, let content = Self.attribute("content", of: node) {
                        tags[key] = content
                    }
                } else if name == "title", pageTitle == nil {
                    pageTitle = Self.text(of: node)
                } else if name == "body" && !tags.isEmpty {
                    // What a page says about itself is in its head; a body is only searched
                    // for tags a broken head spilled into it.
                    continue
                }
            }
            // Children pushed last first, so that the document is read in order.
            var child = node.pointee.last
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { pending.append(current) }
                child = current.pointee.prev
            }
        }
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { tags[$0] }.first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }
        title = first("og:title", "twitter:title") ?? pageTitle
        summary = first("og:description", "twitter:description", "description")
        siteName = first("og:site_name", "application-name")
        if let address = first("og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src") {
            image = URL(string: address.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: url)?.absoluteURL
            if let scheme = image?.scheme?.lowercased(), scheme != "http" && scheme != "https" { image = nil }
        }
        if let width = first("og:image:width").flatMap(Double.init), let height = first("og:image:height").flatMap(Double.init),
            width > 0, height > 0, width.isFinite, height.isFinite
        {
            imageSize = Size(width: width, height: height)
        }
    }

    /// The preview these make for `url`, or `nil` when there is nothing to show.
    func preview(for url: URL) -> LinkPreview? {
        let preview = LinkPreview(
            url: url, title: title, summary: summary, siteName: siteName, image: image.map(ImageSource.url), imageSize: imageSize)
        return preview.title == nil && preview.summary == nil ? nil : preview
    }

    private static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { parley_xml_free(value) }
        return String(cString: value)
    }

    private static func text(of node: xmlNodePtr) -> String? {
        guard let value = xmlNodeGetContent(node) else { return nil }
        defer { parley_xml_free(value) }
        return String(cString: value)
    }
}
