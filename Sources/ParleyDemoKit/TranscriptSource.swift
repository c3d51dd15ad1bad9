import Foundation
import ParleyCore

/// A ``HistorySource`` over a plain chat log: one message a line, `epoch seconds`, `sender`,
/// `text`, separated by tabs. Lines that do not parse are skipped and counted.
public struct TranscriptSource: HistorySource {
    let source: ArrayHistorySource
    /// Messages read.
    public let count: Int
    /// Lines that did not parse.
    public let skipped: Int

    /// Reads `path`. Invalid UTF-8 is replaced, never fatal.
    public init(path: String, me: Sender) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        var messages: [Message] = []
        var skipped = 0
        var senders: [String: Sender] = [:]
        var lineNumber = 0
        // Any line ending: LF, CR LF (a Windows export; one Character in Swift) or CR.
        for line in text.split(whereSeparator: \.isNewline) {
            lineNumber += 1
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let seconds = Double(fields[0].trimmingCharacters(in: .whitespaces)), seconds.isFinite else {
                skipped += 1
                continue
            }
            let name = String(fields[1])
            let sender = name == me.name ? me : senders[name, default: Sender(id: "t:" + name, name: name)]
            senders[name] = sender
            messages.append(Message(
                id: MessageID("line-\(lineNumber)"), sender: sender, date: Date(timeIntervalSince1970: seconds),
                content: .text(String(fields[2]))))
        }
        self.source = ArrayHistorySource(messages)
        self.count = messages.count
        self.skipped = skipped
    }

    /// The page before `cursor`.
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        try await source.page(before: cursor, limit: limit)
    }
}
