import CHeapStats
import Foundation

/// Wall-clock timing and heap accounting for the benchmarks.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Per-call durations of `body` run `count` times, in seconds.
    static func samples(_ count: Int, _ body: (Int) -> Void) -> [Double] {
        (0..<count).map { index in seconds { body(index) } }
    }

    /// Bytes currently allocated on the heap (glibc's count), or nil where unknown.
    static func heapBytes() -> Int? {
        let bytes = parley_heap_bytes_in_use()
        return bytes == 0 ? nil : Int(bytes)
    }

    /// Resident set size in bytes, from /proc on Linux.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}

/// Summary statistics of samples.
struct Stats {
    let median: Double
    let p99: Double
    let mean: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }
}

/// Formats durations and sizes for tables.
enum Format {
    static func time(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: return String(format: "%.0f ns", seconds * 1e9)
        case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
        case ..<1: return String(format: "%.1f ms", seconds * 1e3)
        default: return String(format: "%.2f s", seconds)
        }
    }

    static func bytes(_ value: Double) -> String {
        switch value {
        case ..<10_000: return String(format: "%.0f B", value)
        case ..<10_000_000: return String(format: "%.1f KB", value / 1e3)
        default: return String(format: "%.1f MB", value / 1e6)
        }
    }

    static func count(_ value: Int) -> String {
        value >= 1_000_000 ? "\(value / 1_000_000)M" : value >= 1_000 ? "\(value / 1_000)k" : "\(value)"
    }

    /// Prints rows as a Markdown table, columns padded.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        print(line(header))
        print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows { print(line(row)) }
    }
}
