import Foundation
import ParleyCore

/// The demos' command line: flags taken one by one, the options both demos share (theme,
/// history), and one way to fail with the usage.
public struct DemoArguments {
    private var remaining: [String]
    private let program: String
    private let usage: String

    /// The arguments after the program's name.
    public init(program: String, usage: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        self.program = program
        self.usage = usage
        self.remaining = arguments
    }

    /// The next flag, or `nil` at the end.
    public mutating func nextFlag() -> String? {
        remaining.isEmpty ? nil : remaining.removeFirst()
    }

    /// The value after `flag`; fails when there is none.
    public mutating func value(of flag: String) -> String {
        guard !remaining.isEmpty, !remaining[0].isEmpty else { fail("\(flag) needs a value\n\(usage)") }
        return remaining.removeFirst()
    }

    /// Takes a flag both demos know (`--theme`, `--history`, `--ephemeral`,
    /// `--transcript`) into `theme` and `history`; returns whether it was one.
    public mutating func takeShared(_ flag: String, theme: inout String?, history: inout DemoHistory.Options) -> Bool {
        switch flag {
        case "--theme":
            let name = value(of: flag)
            guard Self.style(named: name) != nil else { fail("unknown theme “\(name)”\n\(usage)") }
            theme = name
        case "--transcript": history.transcript = value(of: flag)
        case "--history": history.history = value(of: flag)
        case "--ephemeral": history.ephemeral = true
        default: return false
        }
        return true
    }

    /// The built-in theme called `name` (any case).
    public static func style(named name: String) -> ChatStyle? {
        ChatStyle.themes.first { $0.name == name.lowercased() }
    }

    /// Prints `message` as the program's error and exits with status 2.
    public func fail(_ message: String) -> Never {
        DemoConsole.error(message, program: program)
        exit(2)
    }
}
