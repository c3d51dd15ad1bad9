import Foundation
import Testing

/// Runs the built parley-demo without a terminal and returns its exit status and output.
func runDemo(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: demoBinary)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("parley-demo headless")
struct DemoHeadlessTests {
    @Test("a scripted session renders frames: the bot replies, history loads")
    func scripted() throws {
        let (status, output) = try runDemo(["--headless", "--size", "80x24", "--script", "type:hello;send;wait:1;page:-30;wait:0.5;frame"])
        #expect(status == 0)
        #expect(output.contains("── frame 1: start"))
        #expect(output.contains("I'm the Parley bot"))
        let last = output.components(separatedBy: "── frame").last ?? ""
        #expect(!last.contains("Booking the garden café"))  // scrolled far up into history
    }

    @Test("a transcript opens as history; bad lines are counted, not fatal")
    func transcript() throws {
        let path = NSTemporaryDirectory() + "parley-transcript-\(UUID().uuidString).tsv"
        let lines = (0..<300).map { "\(1_700_000_000 + $0 * 60)\t\($0 % 2 == 0 ? "Ann" : "Ben")\tline \($0)" }
            + ["not a line", "123\tno text field", "\u{1B}]0;x\u{07}\tEve\tescape in the time"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try runDemo(["--headless", "--transcript", path, "--size", "60x20", "--script", "wait:0.5;frame"])
        #expect(status == 0)
        #expect(output.contains("Opened 300 messages"))
        #expect(output.contains("3 lines skipped"))
        #expect(output.contains("line 299"))
    }

    @Test("a missing transcript or a bad flag is a clear error")
    func errors() throws {
        let missing = try runDemo(["--headless", "--transcript", "/nonexistent/chat.tsv"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("cannot open /nonexistent/chat.tsv"))
        let flag = try runDemo(["--frobnicate"])
        #expect(flag.status == 2)
        #expect(flag.output.contains("unknown option"))
    }
}
