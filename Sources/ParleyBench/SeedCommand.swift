import Foundation
import ParleyCore
import ParleySQLite

/// `parley-bench seed --messages N [--batch B] FILE`: writes a realistic conversation
/// (``SeedConversation``) into a ParleySQLite history, `B` messages per transaction, and
/// prints the rate. Continues after the messages the file already holds.
///
/// The ParleySQLite tests also run it as the writer they kill with SIGKILL mid-batch.
enum SeedCommand {
    /// The outcome of a seed run.
    struct Result {
        var written: Int
        var seconds: Double
        var rate: Double { seconds > 0 ? Double(written) / seconds : 0 }
    }

    /// Appends `count` messages to the history at `path` in transactions of `batch`.
    static func seed(path: String, count: Int, batch: Int) throws -> Result {
        let store = try ConversationStore(path: path)
        defer { store.close() }
        let start = try store.count()
        var written = 0
        let seconds = try Measure.seconds {
            while written < count {
                let size = min(batch, count - written)
                let first = start + written
                try store.insert(contentsOf: (first..<first + size).map(SeedConversation.message))
                written += size
            }
        }
        return Result(written: written, seconds: seconds)
    }

    /// Runs the command and prints what it did.
    static func run(path: String, count: Int, batch: Int) {
        do {
            let result = try seed(path: path, count: count, batch: batch)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            // The path is the user's (a file name may hold escape sequences): shown inert.
            print("seeded \(result.written) messages into \(InertText.singleLine(path)) in \(Format.time(result.seconds)) "
                + "(\(Int(result.rate)) messages/s, batches of \(batch)); file \(Format.bytes(Double(bytes)))")
        } catch {
            // A store's error names the file.
            FileHandle.standardError.write("parley-bench seed: \(InertText.display("\(error)"))\n".data(using: .utf8)!)
            exit(1)
        }
    }
}
