import Foundation

/// The ```` ```swift ```` blocks of one Markdown document (the README, a DocC article),
/// turned into one Swift file that a consumer package compiles, so that no guide shows
/// code that does not build.
///
/// The rules, which guide writers rely on:
///
/// - `import` lines are hoisted to the top of the file (each once).
/// - A top-level declaration — a line at column 0 starting with `struct`, `final class`,
///   `class`, `enum`, `actor`, `extension`, `func` or `protocol`, or an attribute line
///   (`@MainActor`) directly followed by one — runs up to its closing `}` at column 0 and
///   goes at file scope.
/// - Every other line of the document's blocks, in order, is the body of one
///   `@MainActor func guide_<name>() async throws { … }`, which is compiled, never called.
///   So a block may use names from an earlier block of the same document, and must not
///   declare one again; top-level type names must be unique across documents.
/// - A block whose first line is `// Package.swift` is a manifest fragment: skipped, and
///   counted in ``skippedManifests``.
public struct GuideSnippets: Equatable, Sendable {
    /// The name of the generated function and file: letters, digits and underscores.
    public let name: String
    /// The `import` lines, each once, in order of appearance.
    public private(set) var imports: [String] = []
    /// The file-scope declarations, each as its lines joined.
    public private(set) var declarations: [String] = []
    /// The lines that form the function's body.
    public private(set) var statements: [String] = []
    /// How many Swift blocks the document has, manifests included.
    public private(set) var blockCount = 0
    /// How many blocks were manifest fragments, left out.
    public private(set) var skippedManifests = 0

    /// The keywords that start a file-scope declaration at column 0.
    public static let declarationKeywords = [
        "struct ", "final class ", "class ", "enum ", "actor ", "extension ", "func ", "protocol ",
    ]

    /// Reads the Swift blocks of `markdown`; `name` names the generated function.
    public init(name: String, markdown: String) {
        self.name = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        for block in Self.swiftBlocks(in: markdown) {
            blockCount += 1
            if block.first?.trimmingCharacters(in: .whitespaces) == "// Package.swift" {
                skippedManifests += 1
                continue
            }
            add(block)
        }
    }

    /// The blocks that compile: every Swift block but the manifests.
    public var compiledBlockCount: Int { blockCount - skippedManifests }

    /// The contents of each ```` ```swift ```` fence (at column 0), line by line.
    public static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil {
                if line.trimmingCharacters(in: .whitespaces) == "```swift", line.hasPrefix("```") { current = [] }
            } else if line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Whether `line` (at column 0) starts a declaration, ignoring leading attributes;
    /// `nil` when the line holds attributes only (the next line decides).
    static func startsDeclaration(_ line: String) -> Bool? {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            // Skip one attribute: `@Name` or `@Name(...)`, then spaces.
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex, rest[index].isLetter || rest[index].isNumber || rest[index] == "_" {
                index = rest.index(after: index)
            }
            if index < rest.endIndex, rest[index] == "(" {
                guard let close = rest[index...].firstIndex(of: ")") else { return false }
                index = rest.index(after: close)
            }
            rest = rest[index...].drop(while: { $0 == " " })
        }
        if rest.isEmpty { return line.hasPrefix("@") ? nil : false }
        return declarationKeywords.contains { rest.hasPrefix($0) }
    }

    private mutating func add(_ block: [String]) {
        var index = 0
        while index < block.count {
            let line = block[index]
            if line.hasPrefix("import ") {
                let module = line.trimmingCharacters(in: .whitespaces)
                if !imports.contains(module) { imports.append(module) }
                index += 1
                continue
            }
            // Attribute lines belong to the declaration that follows them, if one does.
            var start = index
            var verdict = Self.startsDeclaration(line)
            while verdict == nil, start + 1 < block.count {
                start += 1
                verdict = Self.startsDeclaration(block[start])
            }
            guard verdict == true else {
                statements.append(line)
                index += 1
                continue
            }
            var end = start
            let opens = block[start].filter { $0 == "{" }.count
            let closes = block[start].filter { $0 == "}" }.count
            if opens == 0 || opens > closes {
                // Up to the closing brace at column 0 (or the block's end).
                while end + 1 < block.count, !block[end].hasPrefix("}") || end == start { end += 1 }
            }
            declarations.append(block[index...end].joined(separator: "\n"))
            index = end + 1
        }
    }

    /// The Swift file: a header naming `source`, the imports, the declarations, and the
    /// function holding the statements.
    public func file(source: String) -> String {
        var text = "// Generated from \(source) by PackageByVersionTests: the guide's snippets, compiled.\n"
        text += imports.joined(separator: "\n") + "\n"
        for declaration in declarations { text += "\n" + declaration + "\n" }
        text += "\n@MainActor func guide_\(name)() async throws {\n"
        for statement in statements { text += statement.isEmpty ? "\n" : "    " + statement + "\n" }
        text += "}\n"
        return text
    }

    /// The documents whose snippets are compiled, relative to `root`: `README.md` and every
    /// Markdown file in a DocC catalog `Sources/*/*.docc`, sorted.
    public static func documents(in root: URL) -> [String] {
        var paths = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for module in modules.sorted() {
            let moduleFolder = sources.appendingPathComponent(module)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: moduleFolder.path)) ?? []
            for catalog in entries.sorted() where catalog.hasSuffix(".docc") {
                let base = "Sources/\(module)/\(catalog)"
                let found = FileManager.default.enumerator(atPath: root.appendingPathComponent(base).path)
                let markdown = (found?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
                paths += markdown.sorted().map { "\(base)/\($0)" }
            }
        }
        return paths
    }

    /// The generated function's name for the document at `path`: `README` for the README,
    /// `<Module>_<Article>` for an article of `Sources/<Module>/<Module>.docc`.
    public static func name(forDocument path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        let article = (parts.last ?? path).replacingOccurrences(of: ".md", with: "")
        guard parts.count >= 3, parts[0] == "Sources" else { return article }
        return "\(parts[1])_\(article)"
    }
}
