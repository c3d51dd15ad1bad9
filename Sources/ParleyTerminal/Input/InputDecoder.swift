/// Turns the bytes a terminal sends into ``InputEvent``s.
///
/// Feed it whatever each read returned; it keeps an unfinished escape sequence, UTF-8
/// character or paste across reads. Typed text comes out as one
/// `.key(.character(c), [])` per grapheme cluster (no separate text event), a bracketed
/// paste as one ``InputEvent/paste(_:)``.
///
/// ESC is ambiguous: alone it is the Escape key, followed by more bytes it starts a
/// sequence or means Alt. Bytes that arrive together are read together (ESC `a` is Alt+a);
/// a lone ESC at the end of a read is kept until the next read or ``flush()``, which the
/// caller invokes after a short quiet period (25–50 ms; see ``needsFlush``).
///
/// Nothing is lost and nothing grows without bound: an unrecognised sequence becomes
/// ``InputEvent/unknown(_:)``, a CSI longer than ``maximumSequenceLength`` is reported
/// (its first bytes) and the rest skipped, and a paste longer than `pasteChunkLimit` is
/// delivered as several consecutive `.paste` events.
///
/// ```swift
/// var decoder = InputDecoder()
/// for event in decoder.feed(bytes) { handle(event) }
/// ```
public struct InputDecoder: Sendable {
    /// The longest escape sequence kept while waiting for its end.
    public static let maximumSequenceLength = 256

    /// The byte plain Backspace sends: 0x7F (DEL, nearly every terminal) or 0x08 (BS).
    /// The other of the two is reported as Ctrl+Backspace, which is what terminals send for
    /// it. ``TerminalSession`` sets this from the terminal's erase character.
    public var eraseByte: UInt8

    /// Pastes longer than this many bytes are delivered in pieces of about this size.
    public let pasteChunkLimit: Int

    /// What the decoder is in the middle of.
    private enum Mode: Sendable {
        /// Keys, mouse and other sequences.
        case normal
        /// Inside a bracketed paste.
        case pasting
        /// Skipping the rest of an over-long CSI sequence.
        case discardingSequence
    }

    private var mode = Mode.normal
    /// Bytes of an unfinished item (at most about ``maximumSequenceLength`` between feeds).
    private var pending: [UInt8] = []
    private var paste = PasteCollector()

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - eraseByte: see ``eraseByte``.
    ///   - pasteChunkLimit: see ``pasteChunkLimit``; at least 64.
    public init(eraseByte: UInt8 = 0x7F, pasteChunkLimit: Int = 16 << 20) {
        self.eraseByte = eraseByte
        self.pasteChunkLimit = max(64, pasteChunkLimit)
    }

    /// Whether bytes are waiting that only ``flush()`` can resolve (a lone ESC, a cut
    /// sequence). The caller should call ``flush()`` if no more input comes shortly.
    /// An open paste does not count: it only ends with its end marker.
    public var needsFlush: Bool {
        mode == .discardingSequence || (mode == .normal && !pending.isEmpty)
    }

    /// Whether a bracketed paste has started and not yet ended.
    public var isPasting: Bool { mode == .pasting }

    /// How many bytes the decoder holds between feeds (for tests of its memory bound).
    var bufferedByteCount: Int { pending.count + paste.bytes.count }

    /// Decodes `bytes` (appended to anything left from earlier reads) and returns the
    /// events they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decode(isFinal: false)
    }

    /// Resolves what is left after a quiet period: a lone ESC becomes Escape, `ESC [` or
    /// `ESC O` become Alt+`[` / Alt+`O`, a cut UTF-8 character becomes U+FFFD, and a cut
    /// sequence becomes ``InputEvent/unknown(_:)``. An open paste stays open.
    public mutating func flush() -> [InputEvent] {
        if mode == .discardingSequence { mode = .normal }
        let events = decode(isFinal: true)
        if mode == .discardingSequence { mode = .normal }
        return events
    }

    /// Ends an open bracketed paste whose end marker never came: what it gathered is
    /// delivered as a ``InputEvent/paste(_:)`` (nothing when it gathered nothing) and the
    /// bytes after it are keys again. ``TerminalSession`` calls this after
    /// ``TerminalSession/Options/pasteTimeout`` of silence.
    public mutating func endPaste() -> [InputEvent] {
        guard mode == .pasting else { return [] }
        mode = .normal
        let text = paste.takeAll()
        return text.isEmpty ? [] : [.paste(text)]
    }

    /// Decodes as much of ``pending`` as possible.
    private mutating func decode(isFinal: Bool) -> [InputEvent] {
        var buffer: [UInt8] = []
        swap(&buffer, &pending)
        var events: [InputEvent] = []
        var index = 0
        decoding: while index < buffer.count {
            switch mode {
            case .pasting:
                let (next, finished) = paste.consume(buffer, from: index, limit: pasteChunkLimit)
                index = next
                if finished {
                    events.append(.paste(paste.takeAll()))
                    mode = .normal
                } else if paste.bytes.count >= pasteChunkLimit, paste.matched == 0 {
                    events.append(.paste(paste.takeChunk()))
                }
            case .discardingSequence:
                let byte = buffer[index]
                if (0x20...0x3F).contains(byte) {
                    index += 1
                } else {
                    if (0x40...0x7E).contains(byte) { index += 1 }
                    mode = .normal
                }
            case .normal:
                switch SequenceParser.step(
                    buffer, at: index, isFinal: isFinal, eraseByte: eraseByte,
                    cap: Self.maximumSequenceLength)
                {
                case .events(let decoded, let consumed):
                    events.append(contentsOf: decoded)
                    index += consumed
                case .pasteStart(let consumed):
                    mode = .pasting
                    index += consumed
                case .overlong:
                    let end = index + Self.maximumSequenceLength
                    events.append(.unknown(Array(buffer[index..<end])))
                    index = end
                    mode = .discardingSequence
                case .incomplete:
                    break decoding
                }
            }
        }
        if index < buffer.count {
            buffer.removeFirst(index)
            pending = buffer
        }
        return events
    }
}
