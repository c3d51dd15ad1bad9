/// Reads one item (a control byte, an escape sequence or a run of text) from the front of
/// a byte buffer. It is stateless: ``InputDecoder`` keeps the bytes of an unfinished
/// item and asks again when more arrive.
enum SequenceParser {
    /// The outcome of reading at one position.
    enum Step {
        /// These events, from this many bytes.
        case events([InputEvent], consumed: Int)
        /// `CSI 200 ~`, this many bytes: paste content follows.
        case pasteStart(consumed: Int)
        /// The bytes so far could be the start of something longer: wait for more.
        case incomplete
        /// A CSI sequence reached the length cap without ending.
        case overlong
    }

    /// Reads the item at `start` (which must be inside `buffer`).
    ///
    /// - Parameters:
    ///   - isFinal: no more bytes are coming soon (``InputDecoder/flush()``), so nothing may
    ///     be `incomplete`: a lone ESC is Escape, a cut UTF-8 sequence is U+FFFD.
    ///   - eraseByte: the byte plain Backspace sends (0x7F or 0x08); the other one is Ctrl+Backspace.
    ///   - cap: the longest escape sequence accepted.
    static func step(
        _ buffer: [UInt8], at start: Int, isFinal: Bool, eraseByte: UInt8, cap: Int
    ) -> Step {
        let byte = buffer[start]
        if byte == 0x1B {
            return escape(buffer, at: start, isFinal: isFinal, eraseByte: eraseByte, cap: cap)
        }
        if byte < 0x20 || byte == 0x7F {
            let (key, modifiers) = controlKey(byte, eraseByte: eraseByte)
            return .events([.key(key, modifiers)], consumed: 1)
        }
        return text(buffer, at: start, isFinal: isFinal)
    }

    /// The key a C0 control byte (or DEL) stands for.
    static func controlKey(_ byte: UInt8, eraseByte: UInt8) -> (Key, KeyModifiers) {
        switch byte {
        case 0x00: return (.character(" "), .ctrl)
        case 0x09: return (.tab, [])
        case 0x0A, 0x0D: return (.enter, [])
        case 0x08: return (.backspace, eraseByte == 0x08 ? [] : .ctrl)
        case 0x7F: return (.backspace, eraseByte == 0x08 ? .ctrl : [])
        case 0x01...0x1A: return (.character(Character(Unicode.Scalar(byte + 0x60))), .ctrl)
        case 0x1B: return (.escape, [])
        case 0x1C: return (.character("\\"), .ctrl)
        case 0x1D: return (.character("]"), .ctrl)
        case 0x1E: return (.character("^"), .ctrl)
        case 0x1F: return (.character("_"), .ctrl)
        default: return (.character(Character(Unicode.Scalar(byte))), [])
        }
    }

    // MARK: - Escape

    /// Everything that starts with ESC: CSI, SS3, Alt+key, or Escape itself.
    private static func escape(
        _ buffer: [UInt8], at start: Int, isFinal: Bool, eraseByte: UInt8, cap: Int
    ) -> Step {
        guard start + 1 < buffer.count else {
            return isFinal ? .events([.key(.escape, [])], consumed: 1) : .incomplete
        }
        let next = buffer[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return csi(buffer, at: start, isFinal: isFinal, cap: cap)
        case UInt8(ascii: "O"):
            return ss3(buffer, at: start, isFinal: isFinal)
        case UInt8(ascii: "]") where start + 2 < buffer.count && (0x30...0x39).contains(buffer[start + 2]):
            return osc(buffer, at: start, isFinal: isFinal, cap: cap)
        case 0x1B:
            // Two Escape presses; the second ESC starts its own item.
            return .events([.key(.escape, [])], consumed: 1)
        case 0x00..<0x20, 0x7F:
            let (key, modifiers) = controlKey(next, eraseByte: eraseByte)
            return .events([.key(key, modifiers.union(.alt))], consumed: 2)
        case 0x20..<0x7F:
            return .events([.char(Character(Unicode.Scalar(next)), .alt)], consumed: 2)
        default:
            switch scalar(buffer, at: start + 1, isFinal: isFinal) {
            case .scalar(let scalar, let length):
                return .events([.char(Character(scalar), .alt)], consumed: 1 + length)
            case .incomplete:
                return .incomplete
            case .invalid:
                // Escape on its own; the bad byte then becomes U+FFFD as text.
                return .events([.key(.escape, [])], consumed: 1)
            }
        }
    }

    /// `ESC [ …`: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
    private static func csi(_ buffer: [UInt8], at start: Int, isFinal: Bool, cap: Int) -> Step {
        let end = buffer.count
        var index = start + 2
        guard index < end else {
            return isFinal ? .events([.char("[", .alt)], consumed: 2) : .incomplete
        }
        if buffer[index] == UInt8(ascii: "[") {
            return linuxConsoleFunctionKey(buffer, at: start, isFinal: isFinal)
        }
        let parametersStart = index
        while index < end, (0x30...0x3F).contains(buffer[index]) {
            index += 1
            if index - start >= cap { return .overlong }
        }
        let parametersEnd = index
        while index < end, (0x20...0x2F).contains(buffer[index]) {
            index += 1
            if index - start >= cap { return .overlong }
        }
        guard index < end else {
            return isFinal ? unknown(buffer, start..<end) : .incomplete
        }
        let final = buffer[index]
        guard (0x40...0x7E).contains(final) else {
            // Broken off by a byte that cannot be in a CSI: report what we have and
            // decode that byte afresh. Right after `ESC [` it is most likely Alt+[.
            if index == start + 2 { return .events([.char("[", .alt)], consumed: 2) }
            return unknown(buffer, start..<index)
        }
        let sequence = ControlSequence(
            parameterBytes: buffer[parametersStart..<parametersEnd],
            hasIntermediates: parametersEnd < index, final: final)
        if parametersStart == index, final == UInt8(ascii: "M") {
            return legacyMouse(buffer, at: start, isFinal: isFinal)
        }
        if sequence.isPasteStart {
            return .pasteStart(consumed: index + 1 - start)
        }
        guard let event = sequence.event else { return unknown(buffer, start..<(index + 1)) }
        return .events([event], consumed: index + 1 - start)
    }

    /// The Linux console's `ESC [ [ A` … `ESC [ [ E` for F1–F5.
    private static func linuxConsoleFunctionKey(_ buffer: [UInt8], at start: Int, isFinal: Bool) -> Step {
        let keyIndex = start + 3
        guard keyIndex < buffer.count else {
            return isFinal ? unknown(buffer, start..<buffer.count) : .incomplete
        }
        let byte = buffer[keyIndex]
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "E"):
            return .events([.key(.function(Int(byte - UInt8(ascii: "A")) + 1), [])], consumed: 4)
        case 0x40...0x7E:
            return unknown(buffer, start..<(keyIndex + 1))
        default:
            return unknown(buffer, start..<keyIndex)
        }
    }

    /// X10 mouse, `ESC [ M b x y` with each value a byte offset by 32 (1-based coordinates).
    private static func legacyMouse(_ buffer: [UInt8], at start: Int, isFinal: Bool) -> Step {
        let first = start + 3
        guard first + 3 <= buffer.count else {
            return isFinal ? unknown(buffer, start..<buffer.count) : .incomplete
        }
        let b = Int(buffer[first]) - 32
        let x = Int(buffer[first + 1]) - 33
        let y = Int(buffer[first + 2]) - 33
        guard let mouse = MouseEvent(buttonCode: b, column: x, row: y, released: false) else {
            return unknown(buffer, start..<(first + 3))
        }
        return .events([.mouse(mouse)], consumed: 6)
    }

    /// `ESC O x` (SS3): application-mode arrows, Home/End, F1–F4, keypad Enter; an
    /// optional decimal modifier (`ESC O 5 A`) is accepted, as some terminals send it.
    private static func ss3(_ buffer: [UInt8], at start: Int, isFinal: Bool) -> Step {
        let end = buffer.count
        var index = start + 2
        guard index < end else {
            return isFinal ? .events([.char("O", .alt)], consumed: 2) : .incomplete
        }
        var modifierParameter: Int?
        while index < end, (0x30...0x39).contains(buffer[index]), index - start < 6 {
            modifierParameter = (modifierParameter ?? 0) * 10 + Int(buffer[index] - 0x30)
            index += 1
        }
        guard index < end else {
            return isFinal ? unknown(buffer, start..<end) : .incomplete
        }
        let final = buffer[index]
        guard (0x40...0x7E).contains(final) else {
            if index == start + 2 { return .events([.char("O", .alt)], consumed: 2) }
            return unknown(buffer, start..<index)
        }
        let modifiers = KeyModifiers(xtermParameter: modifierParameter)
        let key: Key
        var extra: KeyModifiers = []
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        case UInt8(ascii: "M"): key = .enter
        // rxvt: Ctrl+arrows.
        case UInt8(ascii: "a"): key = .up; extra = .ctrl
        case UInt8(ascii: "b"): key = .down; extra = .ctrl
        case UInt8(ascii: "c"): key = .right; extra = .ctrl
        case UInt8(ascii: "d"): key = .left; extra = .ctrl
        default: return unknown(buffer, start..<(index + 1))
        }
        return .events([.key(key, modifiers.union(extra))], consumed: index + 1 - start)
    }

    /// An `.unknown` event for `range`, consuming it.
    /// `ESC ] digits … BEL` or `… ESC \`: an operating system command, which a terminal
    /// sends only to answer a query (a colour report arriving late). It is dropped as
    /// ``InputEvent/unknown(_:)``, never typed; cut off unfinished, it was Alt+].
    private static func osc(_ buffer: [UInt8], at start: Int, isFinal: Bool, cap: Int) -> Step {
        var index = start + 2
        while index < buffer.count {
            if index - start >= cap { return .overlong }
            if buffer[index] == 0x07 { return unknown(buffer, start..<(index + 1)) }
            if buffer[index] == 0x1B {
                guard index + 1 < buffer.count else { break }
                if buffer[index + 1] == UInt8(ascii: "\\") { return unknown(buffer, start..<(index + 2)) }
                return .events([.char("]", .alt)], consumed: 2)
            }
            index += 1
        }
        return isFinal ? .events([.char("]", .alt)], consumed: 2) : .incomplete
    }

    private static func unknown(_ buffer: [UInt8], _ range: Range<Int>) -> Step {
        .events([.unknown(Array(buffer[range]))], consumed: range.count)
    }

    // MARK: - Text

    /// A run of printable bytes, one key event per grapheme cluster. Invalid UTF-8 becomes
    /// U+FFFD; a UTF-8 sequence cut off by the end of the buffer waits for its remaining bytes.
    private static func text(_ buffer: [UInt8], at start: Int, isFinal: Bool) -> Step {
        let end = buffer.count
        var index = start
        while index < end, buffer[index] >= 0x20, buffer[index] != 0x7F { index += 1 }
        if index == end, !isFinal, let cut = incompleteTail(buffer, start..<end) {
            if cut == start { return .incomplete }
            index = cut
        }
        let string = String(decoding: buffer[start..<index], as: UTF8.self)
        return .events(string.map { .key(.character($0), []) }, consumed: index - start)
    }

    /// Where a UTF-8 sequence that `range` cuts short begins, if its last bytes are one.
    static func incompleteTail(_ buffer: [UInt8], _ range: Range<Int>) -> Int? {
        var index = range.upperBound - 1
        var continuations = 0
        while index >= range.lowerBound, continuations < 3, buffer[index] & 0xC0 == 0x80 {
            index -= 1
            continuations += 1
        }
        guard index >= range.lowerBound else { return nil }
        let needed = sequenceLength(lead: buffer[index])
        return needed > continuations + 1 ? index : nil
    }

    /// How many bytes a UTF-8 sequence starting with `lead` has (0 if `lead` cannot start one).
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// The outcome of reading one Unicode scalar.
    private enum ScalarRead {
        case scalar(Unicode.Scalar, length: Int)
        case incomplete
        case invalid
    }

    /// Reads one UTF-8 encoded scalar at `start`.
    private static func scalar(_ buffer: [UInt8], at start: Int, isFinal: Bool) -> ScalarRead {
        let length = sequenceLength(lead: buffer[start])
        guard length > 0 else { return .invalid }
        guard start + length <= buffer.count else {
            let available = buffer[(start + 1)...]
            let plausible = available.allSatisfy { $0 & 0xC0 == 0x80 }
            return plausible && !isFinal ? .incomplete : .invalid
        }
        var iterator = buffer[start..<(start + length)].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded) where encoded.count == length:
            return .scalar(Unicode.UTF8.decode(encoded), length: length)
        default:
            return .invalid
        }
    }
}
