import ParleyCore

/// The terminal's answers to the queries of ``TerminalSession/queryCanvas(timeout:)``:
/// OSC 10 (text colour) and OSC 11 (background), the cursor position report (DSR 6) that
/// tells whether a repeat (REP) was carried out, the mode report (DECRQM) for synchronized
/// output (DEC mode 2026), then the DA1 reply that every terminal sends, which marks the
/// end whether or not the others were answered.
///
/// Colours come as `rgb:R/G/B` with 1 to 4 hex digits a channel; anything else in the
/// bytes (keys typed meanwhile) is kept in ``rest``, in order, to be read as input.
struct CanvasReply: Equatable {
    /// The reported text colour.
    var foreground: Color?
    /// The reported background.
    var background: Color?
    /// The column (from 1) of a cursor position report.
    var cursorColumn: Int?
    /// The state the terminal reported for DEC mode 2026 (`ESC[?2026;Ps$y`): 0 when it does
    /// not know the mode, 1 set, 2 reset, 3 permanently set, 4 permanently reset.
    var synchronizedOutputState: Int?
    /// Whether the DA1 reply arrived: nothing more will.
    var isComplete = false
    /// The bytes that were not part of a reply.
    var rest: [UInt8] = []

    /// The replies found in `bytes`. An unfinished reply at the end is kept in ``rest``.
    static func parse(_ bytes: [UInt8]) -> CanvasReply {
        var reply = CanvasReply()
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]"),
                let (end, body) = osc(bytes, from: index + 2)
            {
                let text = String(decoding: body, as: UTF8.self)
                if text.hasPrefix("10;") { reply.foreground = color(String(text.dropFirst(3))) }
                if text.hasPrefix("11;") { reply.background = color(String(text.dropFirst(3))) }
                index = end
                continue
            }
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
                !reply.isComplete, reply.cursorColumn == nil, let (end, column) = positionReport(bytes, from: index + 2)
            {
                // The first report before DA1 answers the probe; a later one is a key
                // (Ctrl+F3 is `ESC[1;5R`), kept for the decoder.
                reply.cursorColumn = column
                index = end
                continue
            }
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
                bytes[index + 2] == UInt8(ascii: "?"), let (end, mode, state) = modeReport(bytes, from: index + 3)
            {
                if mode == 2026 { reply.synchronizedOutputState = state }
                index = end
                continue
            }
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
                bytes[index + 2] == UInt8(ascii: "?"), let end = da1(bytes, from: index + 3)
            {
                reply.isComplete = true
                index = end
                continue
            }
            reply.rest.append(bytes[index])
            index += 1
        }
        return reply
    }

    /// The body of an OSC string from `start` and the index after its terminator (BEL or
    /// ST), or `nil` when it has not ended (or runs past 64 bytes, and is no reply).
    private static func osc(_ bytes: [UInt8], from start: Int) -> (Int, ArraySlice<UInt8>)? {
        var index = start
        while index < bytes.count, index - start < 64 {
            if bytes[index] == 0x07 { return (index + 1, bytes[start..<index]) }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                return (index + 2, bytes[start..<index])
            }
            index += 1
        }
        return nil
    }

    /// The numbers of a control sequence's parameters (digits and `;`) from `start`, and
    /// the index of the first byte after them; `nil` when the bytes end first or the
    /// parameters run past `limit` bytes.
    private static func parameters(_ bytes: [UInt8], from start: Int, limit: Int = 16) -> (numbers: [Int], end: Int)? {
        var index = start
        var numbers: [Int] = [0]
        while index < bytes.count, index - start < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                numbers.append(0)
            } else if (0x30...0x39).contains(byte) {
                if numbers[numbers.count - 1] < 100_000 {
                    numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
                }
            } else {
                return (numbers, index)
            }
            index += 1
        }
        return nil
    }

    /// The index after a cursor position report (`row;column R`) from `start` and its
    /// column, or `nil` when the bytes there are not one.
    private static func positionReport(_ bytes: [UInt8], from start: Int) -> (Int, Int)? {
        guard let (numbers, end) = parameters(bytes, from: start), bytes[end] == UInt8(ascii: "R"),
            numbers.count == 2, numbers[1] > 0
        else { return nil }
        return (end + 1, numbers[1])
    }

    /// The index after a DEC private mode report (`mode;state$y`) from `start`, with its
    /// mode and state, or `nil` when the bytes there are not one.
    private static func modeReport(_ bytes: [UInt8], from start: Int) -> (Int, Int, Int)? {
        guard let (numbers, end) = parameters(bytes, from: start), end + 1 < bytes.count,
            bytes[end] == UInt8(ascii: "$"), bytes[end + 1] == UInt8(ascii: "y"), numbers.count == 2
        else { return nil }
        return (end + 2, numbers[0], numbers[1])
    }

    /// The index after a DA1 reply's final `c` (parameters are digits and `;`).
    private static func da1(_ bytes: [UInt8], from start: Int) -> Int? {
        guard let (_, end) = parameters(bytes, from: start, limit: 64), bytes[end] == UInt8(ascii: "c") else { return nil }
        return end + 1
    }

    /// `rgb:RRRR/GGGG/BBBB` (1–4 hex digits a channel) as a colour.
    static func color(_ text: String) -> Color? {
        guard text.hasPrefix("rgb:") else { return nil }
        let channels = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values: [Double] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            let maximum = Double((1 << (4 * channel.count)) - 1)
            values.append(Double(value) / maximum)
        }
        return Color(red: values[0], green: values[1], blue: values[2])
    }
}
