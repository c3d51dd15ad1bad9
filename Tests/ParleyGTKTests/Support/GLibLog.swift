import CGtk4
import Foundation
import Synchronization

/// Collects GLib warnings and criticals (GTK's complaints about misuse) so that tests can
/// fail on them instead of scrolling past them in the log.
enum GLibLog {
    private static let collected = Mutex<[String]>([])
    private static let installed = Mutex(false)

    /// Starts collecting (once per process); messages still reach stderr.
    static func install() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        g_log_set_writer_func({ level, fields, count, _ in
            if level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue) != 0, let fields {
                var message = ""
                var domain = ""
                for index in 0..<Int(count) {
                    let field = fields[index]
                    guard let key = field.key, let value = field.value else { continue }
                    let name = String(cString: key)
                    if name == "MESSAGE" { message = String(cString: value.assumingMemoryBound(to: CChar.self)) }
                    if name == "GLIB_DOMAIN" { domain = String(cString: value.assumingMemoryBound(to: CChar.self)) }
                }
                // The session bus of Xvfb runs has no accessibility daemon at times.
                if !message.contains("AT-SPI") && !message.contains("a11y") {
                    GLibLog.collected.withLock { $0.append("\(domain): \(message)") }
                }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }

    /// The messages collected since the last call, cleared.
    static func take() -> [String] {
        collected.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }
}
