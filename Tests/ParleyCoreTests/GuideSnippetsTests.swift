import Foundation
import ParleyTestSupport
import Testing

/// How guides' code becomes a Swift file (`PackageByVersionTests` compiles the files).
@Suite("Guide snippets: extraction")
struct GuideSnippetsTests {
    static let sample = """
        # A guide

        ```swift
        // Package.swift
        dependencies: [.package(path: "../Parley")],
        ```

        Some text.

        ```swift
        import ParleyCore

        struct Poll: CustomPayload, Equatable {
            static let kind = "poll"
            var summary: String { "Poll" }
        }

        let chat = Conversation(me: Sender(id: "me", name: "Me"))
        ```

        ```swift
        import ParleyCore
        import ParleyTerminal

        @MainActor
        final class Watcher {
            func start() {}
        }
        extension Poll: Codable {}
        chat.append(.text("hi"))
            .description
        ```

        ```sh
        scripts/docs
        ```
        """

    @Test("imports hoisted once, declarations at file scope, statements in order, manifests skipped")
    func extraction() {
        let snippets = GuideSnippets(name: "Sample-Guide", markdown: Self.sample)
        #expect(snippets.name == "Sample_Guide")
        #expect(snippets.blockCount == 3)
        #expect(snippets.skippedManifests == 1)
        #expect(snippets.compiledBlockCount == 2)
        #expect(snippets.imports == ["import ParleyCore", "import ParleyTerminal"])
        #expect(snippets.declarations == [
            "struct Poll: CustomPayload, Equatable {\n    static let kind = \"poll\"\n    var summary: String { \"Poll\" }\n}",
            "@MainActor\nfinal class Watcher {\n    func start() {}\n}",
            "extension Poll: Codable {}",
        ])
        #expect(snippets.statements.filter { !$0.isEmpty } == [
            "let chat = Conversation(me: Sender(id: \"me\", name: \"Me\"))",
            "chat.append(.text(\"hi\"))",
            "    .description",
        ])
        let file = snippets.file(source: "Guide.md")
        #expect(file.contains("\n@MainActor func guide_Sample_Guide() async throws {\n"))
        #expect(file.hasSuffix("        .description\n}\n"))
        #expect(!file.contains("dependencies:"))
    }

    @Test("an attribute on a statement stays with the statement")
    func attributeOnStatement() {
        let snippets = GuideSnippets(name: "A", markdown: "```swift\n@MainActor\nlet x = 1\n```\n")
        #expect(snippets.declarations.isEmpty)
        #expect(snippets.statements == ["@MainActor", "let x = 1"])
    }

    @Test("documents are named by module and article")
    func names() {
        #expect(GuideSnippets.name(forDocument: "README.md") == "README")
        #expect(GuideSnippets.name(forDocument: "Sources/ParleyCore/ParleyCore.docc/Theming.md") == "ParleyCore_Theming")
    }

    @Test("the real guides have their snippets (a broken extraction cannot pass unseen)")
    func realDocuments() throws {
        let documents = GuideSnippets.documents(in: ArchitectureTests.root)
        #expect(documents.first == "README.md")
        for module in ["ParleyCore", "ParleyTerminal", "ParleySQLite", "ParleyGTK", "ParleyImaging"] {
            #expect(documents.contains("Sources/\(module)/\(module).docc/\(module).md"), "\(module)")
        }
        var compiled = 0
        var declarations = 0
        for path in documents {
            let markdown = try String(contentsOf: ArchitectureTests.root.appendingPathComponent(path), encoding: .utf8)
            let snippets = GuideSnippets(name: GuideSnippets.name(forDocument: path), markdown: markdown)
            compiled += snippets.compiledBlockCount
            declarations += snippets.declarations.count
        }
        #expect(documents.count >= 20)
        #expect(compiled >= 60)
        #expect(declarations >= 8)
    }
}
