import Foundation
import ParleyTestSupport
@testable import ParleyTerminal

/// The suite's seeded generator (same seed, same sequence).
typealias RenderRandom = SeededRandom

/// One renderer writing into one headless terminal, as an application would.
struct RenderHarness {
    var renderer: AnsiRenderer
    let terminal: VTermScreen
    /// Bytes of each frame shown so far.
    private(set) var frameSizes: [Int] = []

    init(rows: Int, cols: Int, renderer: AnsiRenderer = AnsiRenderer()) {
        self.renderer = renderer
        terminal = VTermScreen(rows: rows, cols: cols)
    }

    /// Renders `buffer` and feeds the bytes to the terminal; returns them.
    @discardableResult
    mutating func show(
        _ buffer: CellBuffer, cursor: (x: Int, y: Int)? = nil, scrollHint: (rows: Range<Int>, by: Int)? = nil
    ) -> [UInt8] {
        let bytes = renderer.render(buffer, cursor: cursor, scrollHint: scrollHint)
        terminal.feed(bytes)
        frameSizes.append(bytes.count)
        return bytes
    }
}

/// Builders for test frames.
enum RenderFixture {
    /// A buffer of `lines` padded to `width` columns.
    static func buffer(_ lines: [String], width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { buffer.put(line, x: 0, y: row) }
        return buffer
    }

    /// A chat-like screen: numbered message lines above a fixed input bar on the last row.
    static func chat(width: Int, height: Int, firstMessage: Int, input: String = "> hello") -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for row in 0..<(height - 1) {
            let number = firstMessage + row
            let style = number % 3 == 0 ? CellStyle(foreground: .rgb(30, 120, 200), attributes: .bold) : .plain
            buffer.put("message \(number): 午饭吃什么? lunch at noon 😀", x: number % 2 == 0 ? 1 : 4, y: row, style: style)
        }
        buffer.fill(CellRect(x: 0, y: height - 1, width: width, height: 1), style: CellStyle(background: .indexed(236)))
        buffer.put(input, x: 0, y: height - 1, style: CellStyle(background: .indexed(236)))
        return buffer
    }

    /// The bytes as text with ESC shown as `␛`, for readable failure messages.
    static func readable(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    /// Whether the UTF-8 bytes of `needle` occur in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return true
        }
        return false
    }

    /// Everything in `bytes` that is not printable text or one of the renderer's own
    /// sequences (CSI with numeric parameters ending in a cursor, erase, SGR, scroll or
    /// mode final; a carriage return): empty when a frame could not do anything else.
    static func foreignControls(in bytes: [UInt8]) -> [String] {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\u{1B}" {
                guard index < scalars.count, scalars[index] == "[" else {
                    found.append("ESC not followed by [")
                    continue
                }
                index += 1
                if index < scalars.count, scalars[index] == "?" { index += 1 }
                while index < scalars.count, "0123456789;".unicodeScalars.contains(scalars[index]) { index += 1 }
                if index < scalars.count, "HGCDABJKXmSTrhl".unicodeScalars.contains(scalars[index]) {
                    index += 1
                } else {
                    found.append("CSI ending in \(index < scalars.count ? String(scalars[index]) : "nothing")")
                }
            } else if scalar != "\r", PrintableSymbol.isForbidden(scalar) {
                found.append(String(format: "U+%04X", scalar.value))
            }
        }
        return found
    }

    /// The rows that differ, as code points, for failures that look alike on screen.
    static func scalarDiff(_ actual: [String], _ expected: [String]) -> String {
        zip(actual, expected).enumerated().filter { !$0.element.0.unicodeScalars.elementsEqual($0.element.1.unicodeScalars) }
            .map { row, pair in
                let dump = { (text: String) in text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
                return "row \(row)\n  actual:   \(dump(pair.0))\n  expected: \(dump(pair.1))"
            }
            .joined(separator: "\n")
    }
}
