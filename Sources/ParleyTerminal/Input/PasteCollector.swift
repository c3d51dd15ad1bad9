/// Gathers the content of a bracketed paste until `ESC [ 201 ~`, in time linear in its
/// length however it is split across reads.
///
/// Bytes are copied in bulk up to the next ESC; only around an ESC are they looked at one
/// by one, matching the end marker. The marker's only ESC is its first byte, so a failed
/// match restarts at 0, or at 1 when the failing byte is itself an ESC.
struct PasteCollector: Sendable {
    /// The end of a paste.
    static let terminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Content gathered so far (including any bytes of a partly matched terminator).
    private(set) var bytes: [UInt8] = []
    /// How many bytes of ``terminator`` the end of ``bytes`` matches.
    private(set) var matched = 0

    /// Takes bytes from `buffer` starting at `start`, stopping at the end of the paste, at the
    /// end of the buffer, or once ``bytes`` holds `limit` bytes.
    ///
    /// - Returns: the index after the last byte taken, and whether the paste ended.
    mutating func consume(_ buffer: [UInt8], from start: Int, limit: Int) -> (next: Int, finished: Bool) {
        var index = start
        let end = buffer.count
        while index < end, bytes.count < limit || matched > 0 {
            if matched == 0 {
                let room = max(1, limit - bytes.count)
                let stop = min(end, index + room)
                let run = buffer[index..<stop].firstIndex(of: 0x1B) ?? stop
                bytes.append(contentsOf: buffer[index..<run])
                index = run
                if index == stop { continue }
            }
            let byte = buffer[index]
            bytes.append(byte)
            index += 1
            if byte == Self.terminator[matched] {
                matched += 1
                if matched == Self.terminator.count {
                    bytes.removeLast(matched)
                    matched = 0
                    return (index, true)
                }
            } else {
                matched = byte == 0x1B ? 1 : 0
            }
        }
        return (index, false)
    }

    /// Removes and returns the content so far as text, keeping back a UTF-8 sequence cut at
    /// the end and any partly matched terminator. Invalid UTF-8 becomes U+FFFD.
    mutating func takeChunk() -> String {
        var cut = bytes.count - matched
        if let tail = SequenceParser.incompleteTail(bytes, 0..<cut) { cut = tail }
        let text = String(decoding: bytes[..<cut], as: UTF8.self)
        bytes.removeFirst(cut)
        return text
    }

    /// Removes and returns everything gathered as text (the paste has ended).
    mutating func takeAll() -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        bytes = []
        matched = 0
        return text
    }
}
