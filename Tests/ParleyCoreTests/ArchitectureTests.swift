import Foundation
import ParleyCore
import Testing

/// The rule behind the presenter, checked on the sources: front ends draw what the core
/// decided and do not decide it again (#9).
@Suite("Architecture: front ends only draw (#9)")
struct ArchitectureTests {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift sources under `folder`, with their text.
    static func sources(in folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The lines of `text` that are code, numbered from 1: comment lines left out.
    static func codeLines(_ text: String) -> [(number: Int, code: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? nil : (index + 1, String(line))
        }
    }

    /// Every match of `pattern` (case-insensitive) in `text`.
    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    // MARK: One source of truth

    /// What a front end must not read: the pager's state and place, either history
    /// indicator (`historyIndicator`, `newerHistoryIndicator`, in any case), the unread
    /// count. The frame holds all of them.
    static let secondSources = [
        #"pager\??\.state\b"#, #"pager\??\.isShowingLatest\b"#, #"\w*historyIndicator\w*"#, #"\w*unreadCount\w*\("#,
    ]

    /// The reads of ``secondSources`` in `text`. The type `HistoryIndicator` itself is
    /// allowed: a front end draws the frame's indicator values, which have that type.
    static func secondSourceReads(in text: String) -> [String] {
        secondSources.flatMap { matches(of: $0, in: text) }.filter { $0 != "HistoryIndicator" }
    }

    @Test("the scan for second sources of truth catches every spelling, and not the indicator's type")
    func secondSourceScan() {
        for read in [
            "conversation.newerHistoryIndicator", "chat.historyIndicator", "x.HistoryIndicatorValue", "pager.state",
            "pager?.state", "screen.pager?.state == .idle", "pager?.isShowingLatest", "conversation.unreadCount(after: a)",
            "viewport.newUnreadCount(",
        ] {
            #expect(!Self.secondSourceReads(in: read).isEmpty, "\(read) is not caught")
        }
        for allowed in ["func show(_ indicator: HistoryIndicator)", "case .newerHistory(let indicator)", "frame.unreadCount", "pager.stateless"] {
            #expect(Self.secondSourceReads(in: allowed).isEmpty, "\(allowed) is caught")
        }
    }

    @Test("no front end reads the pager's state, the history indicators or the unread count", arguments: [
        "Sources/ParleyGTK", "Sources/ParleyTerminal",
    ])
    func noSecondSourceOfTruth(folder: String) throws {
        let files = try Self.sources(in: folder)
        #expect(files.count > 10)
        for (path, text) in files {
            for read in Self.secondSourceReads(in: text) {
                Issue.record("\(path) reads \(read): ask the presenter's frame")
            }
        }
    }

    // MARK: Delivery marks

    /// Files of the front ends allowed to hold a delivery mark, and why.
    static let markAllowances: [String: String] = [
        // The Linux console's font has no ✓, ✔ or ◷: the table maps each code point the
        // core drew to the console's nearest glyph (√, ∙). A glyph substitution for any
        // text, not a delivery mark chosen by the front end.
        "Sources/ParleyTerminal/Rendering/GlyphRepertoire.swift": "console stand-ins, by code point"
    ]

    /// The delivery marks written in `text`'s code: any scalar of a mark beyond ASCII,
    /// as itself or escaped (`\u{2713}`), and a mark of ASCII alone (`"!"`) as a whole
    /// string literal. With `standIns`, pairs of glyph and stand-in (`("\u{2713}", "√")`)
    /// are allowed.
    static func marks(in text: String, standIns: Bool = false) -> [String] {
        let glyphs = Set(ChatStrings().statusMarks.values)
        let scalars = Set(glyphs.flatMap(\.unicodeScalars).filter { !$0.isASCII })
        let asciiMarks = glyphs.filter { $0.unicodeScalars.allSatisfy(\.isASCII) }
        var found: [String] = []
        for (number, line) in codeLines(text) {
            var code = line
            if standIns {
                code = code.replacingOccurrences(of: #"\("[^"]*", "[^"]*"\)"#, with: "", options: .regularExpression)
            }
            for scalar in code.unicodeScalars where scalars.contains(scalar) {
                found.append("line \(number): \(scalar)")
            }
            for escape in matches(of: #"\\u\{0*([0-9a-f]+)\}"#, in: code) {
                let hex = escape.dropFirst(3).dropLast().drop { $0 == "0" }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value), scalars.contains(scalar) {
                    found.append("line \(number): \(escape)")
                }
            }
            for mark in asciiMarks where code.contains("\"\(mark)\"") {
                found.append("line \(number): \"\(mark)\"")
            }
        }
        return found
    }

    @Test("the scan for delivery marks catches each status's mark, written or escaped")
    func markScan() {
        for drawn in [
            #"let mark = "✓""#, #"text += "✓✓""#, #"case .read: "✔✔""#, #"case .sending: return "◷""#,
            #"case .failed: return "!""#, #"let check = "\u{2713}""#, #"let read = "\u{2714}\u{2714}""#,
            #"let clock = "\u{25f7}""#, #"let clock = "\u{025F7}""#,
        ] {
            #expect(!Self.marks(in: drawn).isEmpty, "\(drawn) is not caught")
        }
        #expect(Self.marks(in: #"("\u{2713}", "√"), ("⚠", "!"),"#, standIns: true).isEmpty)
        #expect(!Self.marks(in: #"("\u{2713}", "√"), ("⚠", "!"), "✓""#, standIns: true).isEmpty)
        #expect(Self.marks(in: "// ✓ and ✓✓ tell apart\nlet bang = \"!?\"").isEmpty)
    }

    @Test("delivery marks are written in the core only", arguments: ["Sources/ParleyGTK", "Sources/ParleyTerminal"])
    func marksInCore(folder: String) throws {
        for (path, text) in try Self.sources(in: folder) {
            for mark in Self.marks(in: text, standIns: Self.markAllowances[path] != nil) {
                Issue.record("\(path) \(mark): draws its own delivery mark; the core's strings have them")
            }
        }
        let core = try Self.sources(in: "Sources/ParleyCore").filter { !Self.marks(in: $0.text).isEmpty }
        #expect(core.map(\.path) == ["Sources/ParleyCore/Style/ChatStrings.swift"])
    }

    // MARK: Inert output

    /// Ways to write to a terminal around DemoConsole.
    static let rawWrites = ["print(", "FileHandle.standardError", "FileHandle.standardOutput", "fputs(", "puts("]

    /// Each raw write in `text` not made through `DemoConsole.` (nor a function's
    /// declaration, such as DemoConsole's own `func print(`).
    static func rawPrints(in text: String) -> [(number: Int, raw: String)] {
        var found: [(Int, String)] = []
        for (number, code) in codeLines(text) {
            for raw in rawWrites {
                var rest = code[...]
                while let range = rest.range(of: raw) {
                    let before = rest[..<range.lowerBound]
                    rest = rest[range.upperBound...]
                    if let last = before.last, last.isLetter || last.isNumber || last == "_" { continue }  // fputs( in puts(
                    if before.hasSuffix("DemoConsole.") || before.hasSuffix("func ") { continue }
                    found.append((number, raw))
                }
            }
        }
        return found
    }

    /// DemoConsole's own rule: one sink writes to a handle, and every text reaching it
    /// passes through InertText on its way.
    static func demoConsoleProblems(in text: String) -> [String] {
        var problems = rawPrints(in: text).map { "line \($0.number) writes with \($0.raw)" }
        let lines = codeLines(text)
        let sinks = lines.filter { $0.code.contains(".write(") }
        if sinks.count != 1 { problems.append("\(sinks.count) handle writes; one sink expected") }
        for (number, code) in lines where code.contains("write(") && !code.contains(".write(") && !code.contains("func write(") {
            if !code.contains("InertText.") { problems.append("line \(number) writes text that is not made inert") }
        }
        return problems
    }

    @Test("the scan for raw output catches a raw write in DemoConsole itself")
    func demoConsoleScan() throws {
        let file = try #require(try Self.sources(in: "Sources/ParleyDemoKit").first { $0.path.hasSuffix("/DemoConsole.swift") })
        #expect(Self.demoConsoleProblems(in: file.text).isEmpty)
        let raw = file.text.replacingOccurrences(
            of: "    private static func write(",
            with: "    public static func raw(_ text: String) { write(text, to: .standardOutput) }\n    private static func write(")
        #expect(Self.demoConsoleProblems(in: raw).count == 1)
        let leak = file.text.replacingOccurrences(of: "    private static func write(", with: "    public static func leak(_ text: String) { print(text) }\n    private static func write(")
        #expect(Self.demoConsoleProblems(in: leak).count == 1)
        #expect(Self.rawPrints(in: "DemoConsole.print(name)\nfputs(name, stderr)").map(\.number) == [2])
    }

    @Test("the programs print only through DemoConsole, which makes all they print inert (#10)", arguments: [
        "Sources/ParleyDemo", "Sources/ParleyGtkDemo", "Sources/ParleyDemoKit",
    ])
    func inertOutput(folder: String) throws {
        for (path, text) in try Self.sources(in: folder) {
            if path.hasSuffix("/DemoConsole.swift") {
                for problem in Self.demoConsoleProblems(in: text) { Issue.record("\(path): \(problem)") }
                continue
            }
            for (number, raw) in Self.rawPrints(in: text) {
                Issue.record("\(path):\(number) prints with \(raw) around DemoConsole")
            }
        }
    }

    /// What parley-bench prints from outside (a path, an error, a server's answer, a name)
    /// in a raw write's interpolations: each must pass through `InertText.`.
    static func uninertInterpolations(in text: String) -> [(number: Int, value: String)] {
        let outside = #"error|path|url|file|server|name|text|description|reason"#
        var found: [(Int, String)] = []
        var depth = 0  // open parentheses of a raw write spanning lines
        for (number, code) in codeLines(text) {
            var statement = Substring(code)
            if depth == 0 {
                guard let start = rawWrites.compactMap({ code.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
                statement = code[start.lowerBound...]
            }
            depth += statement.filter { $0 == "(" }.count - statement.filter { $0 == ")" }.count
            depth = max(0, depth)
            var rest = Self.removingInertCalls(statement)
            while let open = rest.range(of: #"\("#) {
                // The interpolated expression, to its balanced closing parenthesis.
                var level = 1
                var end = open.upperBound
                while end < rest.endIndex, level > 0 {
                    if rest[end] == "(" { level += 1 } else if rest[end] == ")" { level -= 1 }
                    end = rest.index(after: end)
                }
                let value = rest[open.upperBound..<rest.index(end, offsetBy: level == 0 ? -1 : 0)]
                rest = rest[end...]
                // A URL's text is percent-encoded: it holds no control characters.
                if !value.hasSuffix(".absoluteString"), !matches(of: outside, in: String(value)).isEmpty {
                    found.append((number, String(value)))
                }
            }
        }
        return found
    }

    /// `code` without its `InertText.…(…)` calls, whose arguments are made inert.
    static func removingInertCalls(_ code: Substring) -> Substring {
        var result = ""
        var rest = code
        while let call = rest.range(of: "InertText."), let open = rest[call.upperBound...].firstIndex(of: "(") {
            result += rest[..<call.lowerBound]
            var level = 1
            var end = rest.index(after: open)
            while end < rest.endIndex, level > 0 {
                if rest[end] == "(" { level += 1 } else if rest[end] == ")" { level -= 1 }
                end = rest.index(after: end)
            }
            rest = rest[end...]
        }
        return Substring(result + rest)
    }

    @Test("parley-bench prints paths, errors and servers' answers only through InertText (#10)")
    func benchOutput() throws {
        let files = try Self.sources(in: "Sources/ParleyBench")
        #expect(files.count > 5)
        for (path, text) in files {
            for (number, value) in Self.uninertInterpolations(in: text) {
                Issue.record("\(path):\(number) prints \\(\(value)) raw: a terminal obeys the controls it may hold")
            }
        }
        // The scan itself.
        let sample = """
            print("seeded \\(count) messages into \\(path) in \\(Format.time(seconds))")
            FileHandle.standardError.write("parley-bench: \\(InertText.display("\\(error)"))\\n".data(using: .utf8)!)
            print("a"
                + "\\((error as? MatrixError)?.errorDescription ?? "")")
            print("b: " + InertText.display((error as? MatrixError)?.errorDescription ?? "\\(error)") + "\\(name)")
            print("at \\(homeserver.absoluteString)")
            """
        #expect(Self.uninertInterpolations(in: sample).map(\.number) == [1, 4, 5])
    }

    // MARK: Conversions

    /// The integer conversions in `line` that may trap: the argument, to its balanced
    /// closing parenthesis, has a shape of a Double (a rounded value, a frame's coordinate
    /// or size, a time) and is not made with a saturating, clamping or exact initializer.
    static func trappingConversions(in line: String) -> [String] {
        let shapes = [".rounded(", ".width", ".height", ".minX", ".minY", "seconds *", "* 1e9", "* 1000", "* 255"]
        let integers = ["Int(", "Int8(", "Int16(", "Int32(", "Int64(", "UInt(", "UInt8(", "UInt16(", "UInt32(", "UInt64("]
        var found: [String] = []
        for integer in integers {
            var rest = line[...]
            while let range = rest.range(of: integer) {
                let before = rest[..<range.lowerBound].last
                rest = rest[range.upperBound...]
                guard before.map({ !$0.isLetter && !$0.isNumber }) ?? true else { continue }
                var level = 1
                var end = rest.startIndex
                while end < rest.endIndex, level > 0 {
                    if rest[end] == "(" { level += 1 } else if rest[end] == ")" { level -= 1 }
                    end = rest.index(after: end)
                }
                let argument = rest[..<end]
                guard !["saturating:", "clamping:", "truncatingIfNeeded:", "exactly:", "bitPattern:"].contains(where: argument.hasPrefix)
                else { continue }
                // A frame's field (`.width`) or a bare one (`Int(width)`).
                let bare = shapes.filter { $0.hasPrefix(".") }.contains { argument.hasPrefix($0.dropFirst() + ")") }
                if bare || shapes.contains(where: argument.contains) { found.append(integer + argument) }
            }
        }
        return found
    }

    @Test("the scan for trapping conversions looks inside nested parentheses")
    func conversionScan() {
        for trapping in [
            "UInt32((value * 255).rounded())", "let r = Int((red * 255).rounded())", "Int(frame.width)",
            "UInt64((Double(argument) ?? 0) * 1e9)", ".milliseconds(Int((Double(argument) ?? 1) * 1000))",
            "UInt8(($0 * 255).rounded())",
        ] {
            #expect(!Self.trappingConversions(in: trapping).isEmpty, "\(trapping) is not caught")
        }
        for safe in ["UInt32(saturating: (value * 255).rounded())", "Int(count)", "Int(hash % UInt32(palette.count))", "Int(saturating: size.width)"] {
            #expect(Self.trappingConversions(in: safe).isEmpty, "\(safe) is caught")
        }
    }

    @Test("floating-point values become integers through init(saturating:) in the core, the front ends and the demos (#10)",
        arguments: [
            "Sources/ParleyCore", "Sources/ParleyTerminal", "Sources/ParleyGTK", "Sources/ParleyDemo", "Sources/ParleyGtkDemo",
            "Sources/ParleyDemoKit",
        ])
    func saturatingConversions(folder: String) throws {
        for (path, text) in try Self.sources(in: folder) {
            for (number, code) in Self.codeLines(text) {
                for conversion in Self.trappingConversions(in: code) {
                    Issue.record("\(path):\(number): \(conversion.prefix(50)) may trap; use init(saturating:)")
                }
            }
        }
    }
}
