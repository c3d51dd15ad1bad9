import Testing
@testable import ParleyTerminal

private typealias F = InputFixtures

@Suite("Input decoder: streams, splits and bad input")
struct InputDecoderStreamTests {
    /// Every table sample back to back.
    static let stream: [UInt8] = InputTables.all.flatMap(\.bytes)
    static let streamEvents: [InputEvent] = InputTables.all.flatMap(\.events)

    /// The same without samples whose graphemes have several scalars, so that no split
    /// point falls inside a cluster and the events must match exactly.
    static let singleScalarSamples = InputTables.all.filter { sample in
        sample.events.allSatisfy { event in
            guard case .key(.character(let character), _) = event else { return true }
            return character.unicodeScalars.count == 1
        }
    }

    @Test("all samples concatenated decode to all their events")
    func wholeStream() {
        #expect(F.decodeWhole(Self.stream) == Self.streamEvents)
    }

    @Test("a split at any byte boundary gives the same events as one feed")
    func everySplitPoint() {
        let bytes = Self.singleScalarSamples.flatMap(\.bytes)
        let expected = Self.singleScalarSamples.flatMap(\.events)
        for split in 0...bytes.count {
            var decoder = InputDecoder()
            let events = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flush()
            #expect(events == expected, "split at \(split)")
            if events != expected { return }
        }
    }

    @Test("splits inside grapheme clusters only split the cluster, never change the text")
    func everySplitPointWithClusters() {
        let expected = F.normalised(Self.streamEvents)
        for split in 0...Self.stream.count {
            var decoder = InputDecoder()
            let events = decoder.feed(Self.stream[..<split]) + decoder.feed(Self.stream[split...]) + decoder.flush()
            #expect(F.normalised(events) == expected, "split at \(split)")
            if F.normalised(events) != expected { return }
        }
    }

    @Test("one byte per read gives the same events")
    func byteAtATime() {
        let bytes = Self.singleScalarSamples.flatMap(\.bytes)
        #expect(F.decodeChunked(bytes, sizes: [1]) == Self.singleScalarSamples.flatMap(\.events))
        #expect(F.normalised(F.decodeChunked(Self.stream, sizes: [1])) == F.normalised(Self.streamEvents))
    }

    @Test("random chunkings give the same events", arguments: 0..<50)
    func randomChunks(seed: Int) {
        var random = InputTestRandom(seed: UInt64(seed))
        let sizes = (0..<20).map { _ in Int.random(in: 1...40, using: &random) }
        let bytes = Self.singleScalarSamples.flatMap(\.bytes)
        #expect(F.decodeChunked(bytes, sizes: sizes) == Self.singleScalarSamples.flatMap(\.events))
    }

    // MARK: Escape and flush

    @Test("a lone ESC waits, then flush makes it Escape")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.needsFlush)
        #expect(decoder.flush() == [F.key(.escape)])
        #expect(!decoder.needsFlush)
        #expect(decoder.feed(Array("a".utf8)) == [.char("a")])
    }

    @Test("ESC and a letter in one read are Alt+letter; across reads without flush too")
    func escapeThenLetter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}x".utf8)) == [.char("x", .alt)])
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("y".utf8)) == [.char("y", .alt)])
    }

    @Test("ESC split from the rest of its sequence still decodes the sequence")
    func escapeSplitFromSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[1;5".utf8)) == [])
        #expect(decoder.feed(Array("A".utf8)) == [F.key(.up, .ctrl)])
    }

    @Test("two ESCs are two Escape presses")
    func doubleEscape() {
        #expect(F.decodeWhole([0x1B, 0x1B]) == [F.key(.escape), F.key(.escape)])
        #expect(F.decodeWhole([0x1B, 0x1B, 0x5B, 0x41]) == [F.key(.escape), F.key(.up)])
    }

    @Test("flush settles cut sequences", arguments: [
        InputSample("ESC [ is Alt+[", "\u{1B}[", [.char("[", .alt)]),
        InputSample("ESC O is Alt+O", "\u{1B}O", [.char("O", .alt)]),
        InputSample("cut CSI is unknown", "\u{1B}[1;", [.unknown(Array("\u{1B}[1;".utf8))]),
        InputSample("cut SGR mouse is unknown", "\u{1B}[<0;1", [.unknown(Array("\u{1B}[<0;1".utf8))]),
        InputSample("cut UTF-8 is U+FFFD", [0xE6, 0x97], [.char("\u{FFFD}")]),
        InputSample("ESC with cut UTF-8 is Escape and U+FFFD", [0x1B, 0xC3], [F.key(.escape), .char("\u{FFFD}")]),
    ])
    func flushCutSequences(_ sample: InputSample) {
        var decoder = InputDecoder()
        #expect(decoder.feed(sample.bytes) == [])
        #expect(decoder.flush() == sample.events)
        #expect(decoder.feed(Array("ok".utf8)) == F.characters("ok"))
    }

    // MARK: Bad input

    @Test("malformed sequences become unknown and decoding goes on", arguments: [
        InputSample(
            "control byte inside CSI", "\u{1B}[1;\u{01}b",
            [.unknown(Array("\u{1B}[1;".utf8)), .char("a", .ctrl), .char("b")]),
        InputSample(
            "ESC inside CSI", "\u{1B}[12\u{1B}[B", [.unknown(Array("\u{1B}[12".utf8)), F.key(.down)]),
        InputSample("unknown final byte", "\u{1B}[5zq", [.unknown(Array("\u{1B}[5z".utf8)), .char("q")]),
        InputSample(
            "intermediate bytes", "\u{1B}[1 qr", [.unknown(Array("\u{1B}[1 q".utf8)), .char("r")]),
        InputSample(
            "mouse with two parameters", "\u{1B}[<0;1Mz", [.unknown(Array("\u{1B}[<0;1M".utf8)), .char("z")]),
        InputSample(
            "marker in the middle", "\u{1B}[1<2Ay", [.unknown(Array("\u{1B}[1<2A".utf8)), .char("y")]),
        InputSample("ESC [ then UTF-8 is Alt+[", "\u{1B}[é", [.char("[", .alt), .char("é")]),
        InputSample("unknown SS3", "\u{1B}Ozw", [.unknown(Array("\u{1B}Oz".utf8)), .char("w")]),
        InputSample("extra mouse button", "\u{1B}[<128;1;1Mv", [.unknown(Array("\u{1B}[<128;1;1M".utf8)), .char("v")]),
    ])
    func malformed(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
        #expect(F.decodeChunked(sample.bytes, sizes: [1]) == sample.events)
    }

    @Test("an endless CSI is capped, reported once and skipped, in bounded memory")
    func overlongSequence() {
        let parameters = [UInt8](repeating: UInt8(ascii: "1"), count: 10_000)
        let bytes = Array("\u{1B}[".utf8) + parameters + Array("Ahi".utf8)
        let expectedUnknown = Array(bytes[..<InputDecoder.maximumSequenceLength])
        let expected: [InputEvent] = [.unknown(expectedUnknown), .char("h"), .char("i")]
        #expect(F.decodeWhole(bytes) == expected)

        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var largest = 0
        for byte in bytes {
            events += decoder.feed([byte])
            largest = max(largest, decoder.bufferedByteCount)
        }
        events += decoder.flush()
        #expect(events == expected)
        #expect(largest <= InputDecoder.maximumSequenceLength)
    }

    @Test("a capped CSI that never ends stops being skipped at flush")
    func overlongThenQuiet() {
        var decoder = InputDecoder()
        let bytes = Array("\u{1B}[".utf8) + [UInt8](repeating: UInt8(ascii: ";"), count: 1_000)
        #expect(decoder.feed(bytes).count == 1)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("ab".utf8)) == F.characters("ab"))
    }

    @Test("random garbage never traps, stays bounded, and decoding recovers", arguments: 0..<20)
    func garbage(seed: Int) {
        var random = InputTestRandom(seed: UInt64(1000 + seed))
        // Bias towards bytes that start and continue sequences.
        let alphabet: [UInt8] = [0x1B, 0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x31, 0x32, 0x7E, 0x4D, 0x6D, 0x41, 0xC3, 0xE6, 0x9F, 0xFF, 0x0D, 0x00, 0x7F]
        var decoder = InputDecoder()
        for _ in 0..<200 {
            let count = Int.random(in: 1...64, using: &random)
            let chunk = (0..<count).map { _ in
                Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            _ = decoder.feed(chunk)
            #expect(decoder.bufferedByteCount <= InputDecoder.maximumSequenceLength + 64 || decoder.isPasting)
        }
        // End any paste the garbage opened, settle what is left, then check recovery.
        _ = decoder.feed(Array("\u{1B}[201~".utf8))
        _ = decoder.flush()
        #expect(decoder.feed(Array("ok\r".utf8)) == F.characters("ok") + [F.key(.enter)])
    }

    // MARK: UTF-8

    @Test("invalid UTF-8 in typed text becomes U+FFFD", arguments: [
        InputSample("stray continuation byte", [0x61, 0x80, 0x62], [.char("a"), .char("\u{FFFD}"), .char("b")]),
        InputSample("invalid byte", [0xFF, 0x61], [.char("\u{FFFD}"), .char("a")]),
        InputSample("overlong encoding", [0xC0, 0xAF], [.char("\u{FFFD}"), .char("\u{FFFD}")]),
        InputSample("surrogate", [0xED, 0xA0, 0x80], [.char("\u{FFFD}"), .char("\u{FFFD}"), .char("\u{FFFD}")]),
        InputSample("cut by a control", [0xE6, 0x97, 0x0D], [.char("\u{FFFD}"), F.key(.enter)]),
    ])
    func invalidText(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
    }

    @Test("a UTF-8 character split across reads is decoded whole")
    func splitCharacter() {
        var decoder = InputDecoder()
        let bytes = Array("x😀".utf8)
        #expect(decoder.feed(bytes[..<3]) == [.char("x")])
        #expect(decoder.feed(bytes[3..<4]) == [])
        #expect(decoder.feed(bytes[4...]) == [.char("😀")])
    }

    @Test("invalid UTF-8 inside a paste becomes U+FFFD and the paste goes on")
    func invalidPaste() {
        let bytes = Array("\u{1B}[200~a".utf8) + [0xE2, 0x82, 0x78, 0xFF] + Array("b\u{1B}[201~".utf8)
        #expect(F.decodeWhole(bytes) == [.paste("a\u{FFFD}x\u{FFFD}b")])
    }

    // MARK: Paste

    /// A megabyte of text with line breaks, multi-byte characters and escape sequences.
    static let megabytePaste: String = {
        let line = "line with ünïcödé 日本語 😀 and \u{1B}[31mcolour\u{1B}[0m and \u{1B}[201 almost\r\n"
        let count = (1 << 20) / line.utf8.count + 1
        return String(repeating: line, count: count)
    }()

    @Test("a 1 MB paste in odd-sized chunks arrives exactly")
    func megabyte() {
        let bytes = Array("k\u{1B}[200~".utf8) + Array(Self.megabytePaste.utf8) + Array("\u{1B}[201~z".utf8)
        #expect(bytes.count > 1 << 20)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 4093)
            events += decoder.feed(bytes[start..<end])
            start = end
            #expect(decoder.isPasting || start == bytes.count || events.count < 2)
        }
        events += decoder.flush()
        #expect(events.count == 3)
        #expect(events.first == .char("k"))
        #expect(events.last == .char("z"))
        #expect(events.dropFirst().first == .paste(Self.megabytePaste))
    }

    @Test("a paste split one byte at a time arrives exactly")
    func pasteByteAtATime() {
        let content = String(Self.megabytePaste.prefix(20_000))
        let bytes = Array("\u{1B}[200~".utf8) + Array(content.utf8) + Array("\u{1B}[201~".utf8)
        #expect(F.decodeChunked(bytes, sizes: [1]) == [.paste(content)])
    }

    @Test("a paste longer than the chunk limit comes in pieces that join to the content")
    func pasteChunks() {
        let content = String(Self.megabytePaste.prefix(3_000))
        let bytes = Array("\u{1B}[200~".utf8) + Array(content.utf8) + Array("\u{1B}[201~".utf8)
        let decoder = InputDecoder(pasteChunkLimit: 100)
        for sizes in [[bytes.count], [1], [7, 13, 1]] {
            let events = F.decodeChunked(bytes, sizes: sizes, decoder: decoder)
            var pieces: [String] = []
            for event in events {
                guard case .paste(let piece) = event else { Issue.record("not a paste: \(event)"); continue }
                pieces.append(piece)
            }
            #expect(pieces.count > 10)
            #expect(pieces.joined() == content)
            #expect(!pieces.joined().contains("\u{FFFD}"))
        }
    }

    @Test("flush inside a paste keeps the paste open")
    func flushDuringPaste() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
        #expect(!decoder.needsFlush)
        #expect(decoder.flush() == [])
        #expect(decoder.isPasting)
        #expect(decoder.feed(Array("1~d".utf8)) == [.paste("abc"), .char("d")])
    }
}
