import Foundation

/// Matrix's `org.matrix.custom.html` bodies as Markdown-ish text: never rendered as HTML.
///
/// Emphasis, code, links, line breaks, paragraphs, list items and block quotes become
/// their Markdown forms; every other tag is dropped with its attributes (its text stays);
/// a reply's `<mx-reply>` quote is dropped entirely (the quote is drawn from the reply's
/// relation). Entities are decoded. The result goes through ParleyMarkdown's parser like
/// any Markdown message, so nothing in it is live markup.
enum MatrixHTML {
    static func markdown(from html: String) -> String {
        var output = ""
        var index = html.startIndex
        var skipDepth = 0
        var href: [String?] = []
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close]
                index = html.index(after: close)
                let closing = tag.hasPrefix("/")
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
                if name == "mx-reply" {
                    skipDepth += closing ? -1 : 1
                    skipDepth = max(0, skipDepth)
                    continue
                }
                guard skipDepth == 0 else { continue }
                switch (name, closing) {
                case ("b", _), ("strong", _): output += "**"
                case ("i", _), ("em", _): output += "*"
                case ("del", _), ("s", _), ("strike", _): output += "~~"
                case ("code", _): output += "`"
                case ("br", _): output += "\n"
                case ("p", true), ("div", true), ("ul", true), ("ol", true), ("blockquote", true), ("pre", true):
                    output += "\n\n"
                case ("h1", false), ("h2", false), ("h3", false), ("h4", false), ("h5", false), ("h6", false):
                    output += "**"
                case ("h1", true), ("h2", true), ("h3", true), ("h4", true), ("h5", true), ("h6", true):
                    output += "**\n\n"
                case ("li", false): output += "\n- "
                case ("blockquote", false): output += "\n> "
                case ("a", false):
                    href.append(attribute("href", in: String(tag)))
                    output += "["
                case ("a", true):
                    let target = href.popLast() ?? nil
                    output += target.map { "](\($0))" } ?? "]"
                default: break
                }
                continue
            }
            index = html.index(after: index)
            guard skipDepth == 0 else { continue }
            output.append(character)
        }
        var text = decodeEntities(output)
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of `name="…"` (or `'…'`) in a tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: "\(name)=\(quote)") else { continue }
            let rest = tag[start.upperBound...]
            guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
            let value = decodeEntities(String(rest[..<end]))
            return value.contains(where: { $0 == " " || $0 == ")" || $0 == "\n" }) ? nil : value
        }
        return nil
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semi = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semi]
            if let decoded = decode(entity) {
                result += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func decode(_ entity: Substring) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return "\u{a0}"
        default:
            let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            guard entity.hasPrefix("#"), let value = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return String(Character(scalar))
        }
    }
}
