import Foundation

/// `parley-bench`: measures Parley beside a baseline on the same input and prints tables.
/// See docs/BENCHMARKS.md for the figures and how to reproduce them.
let usage = """
    usage: parley-bench core [--sizes N,N,...] [--steps N] [--baseline-limit N]

      core   the engine: appends, memory per message, grouping, viewport steps and
             jumps, prepends; beside a plain array and an offset-scrolled table.
             Defaults: --sizes 10000,100000,1000000 --steps 1000 --baseline-limit 100000
    """

nonisolated(unsafe) var arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

func integers(_ text: String) -> [Int]? {
    let values = text.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
    return values.contains(nil) || values.isEmpty ? nil : values.compactMap { $0 }.filter { $0 > 0 }
}

switch arguments.first {
case "core":
    arguments.removeFirst()
    let sizes = option("--sizes").flatMap(integers) ?? [10_000, 100_000, 1_000_000]
    let steps = option("--steps").flatMap(Int.init) ?? 1000
    let limit = option("--baseline-limit").flatMap(Int.init) ?? 100_000
    guard arguments.isEmpty, !sizes.isEmpty, steps > 0 else {
        print(usage)
        exit(2)
    }
    CoreBenchmark.run(sizes: sizes, steps: steps, baselineLimit: limit)
case "-h", "--help", "help":
    print(usage)
default:
    FileHandle.standardError.write((usage + "\n").data(using: .utf8)!)
    exit(2)
}
