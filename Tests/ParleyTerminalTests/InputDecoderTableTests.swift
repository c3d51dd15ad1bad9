import Testing
@testable import ParleyTerminal

private typealias F = InputFixtures

/// Every sequence the decoder understands, each with the events it must give.
enum InputTables {
    static let text: [InputSample] = [
        InputSample("ASCII letter", "a", [.char("a")]),
        InputSample("word", "hello", F.characters("hello")),
        InputSample("space and punctuation", " !~", F.characters(" !~")),
        InputSample("two-byte UTF-8", "é", [.char("é")]),
        InputSample("CJK", "日本", [.char("日"), .char("本")]),
        InputSample("four-byte emoji", "😀", [.char("😀")]),
        InputSample("emoji with skin tone is one grapheme", "👍🏽", [.char("👍🏽")]),
        InputSample("flag is one grapheme", "🇫🇷", [.char("🇫🇷")]),
        InputSample("ZWJ family is one grapheme", "👨‍👩‍👧", [.char("👨‍👩‍👧")]),
        InputSample("combining mark joins its base", "e\u{301}x", [.char("e\u{301}"), .char("x")]),
    ]

    static let keys: [InputSample] = [
        InputSample("Enter CR", "\r", [F.key(.enter)]),
        InputSample("Enter LF", "\n", [F.key(.enter)]),
        InputSample("Alt+Enter", F.esc + "\r", [F.key(.enter, .alt)]),
        InputSample("Shift+Enter kitty/foot CSI u", F.csi + "13;2u", [F.key(.enter, .shift)]),
        InputSample("Shift+Enter modifyOtherKeys", F.csi + "27;2;13~", [F.key(.enter, .shift)]),
        InputSample("Ctrl+Enter CSI u", F.csi + "13;5u", [F.key(.enter, .ctrl)]),
        InputSample("keypad Enter SS3 M", F.ss3 + "M", [F.key(.enter)]),
        InputSample("Tab", "\t", [F.key(.tab)]),
        InputSample("Shift+Tab CSI Z", F.csi + "Z", [F.key(.tab, .shift)]),
        InputSample("Backspace DEL", [0x7F], [F.key(.backspace)]),
        InputSample("Ctrl+Backspace BS", [0x08], [F.key(.backspace, .ctrl)]),
        InputSample("Alt+Backspace", [0x1B, 0x7F], [F.key(.backspace, .alt)]),
        InputSample("Ctrl+Backspace CSI u", F.csi + "127;5u", [F.key(.backspace, .ctrl)]),
        InputSample("Ctrl+A", [0x01], [.char("a", .ctrl)]),
        InputSample("Ctrl+C", [0x03], [.char("c", .ctrl)]),
        InputSample("Ctrl+D", [0x04], [.char("d", .ctrl)]),
        InputSample("Ctrl+L", [0x0C], [.char("l", .ctrl)]),
        InputSample("Ctrl+Z", [0x1A], [.char("z", .ctrl)]),
        InputSample("Ctrl+Space", [0x00], [.char(" ", .ctrl)]),
        InputSample("Ctrl+_", [0x1F], [.char("_", .ctrl)]),
        InputSample("Ctrl+C modifyOtherKeys", F.csi + "27;5;99~", [.char("c", .ctrl)]),
        InputSample("Alt+a", F.esc + "a", [.char("a", .alt)]),
        InputSample("Alt+Shift+A", F.esc + "A", [.char("A", .alt)]),
        InputSample("Alt+é", F.esc + "é", [.char("é", .alt)]),
        InputSample("Ctrl+Alt+A", [0x1B, 0x01], [.char("a", [.ctrl, .alt])]),
        InputSample("Up CSI", F.csi + "A", [F.key(.up)]),
        InputSample("Down CSI", F.csi + "B", [F.key(.down)]),
        InputSample("Right CSI", F.csi + "C", [F.key(.right)]),
        InputSample("Left CSI", F.csi + "D", [F.key(.left)]),
        InputSample("Up SS3", F.ss3 + "A", [F.key(.up)]),
        InputSample("Down SS3", F.ss3 + "B", [F.key(.down)]),
        InputSample("Right SS3", F.ss3 + "C", [F.key(.right)]),
        InputSample("Left SS3", F.ss3 + "D", [F.key(.left)]),
        InputSample("Home CSI H", F.csi + "H", [F.key(.home)]),
        InputSample("End CSI F", F.csi + "F", [F.key(.end)]),
        InputSample("Home SS3 H", F.ss3 + "H", [F.key(.home)]),
        InputSample("End SS3 F", F.ss3 + "F", [F.key(.end)]),
        InputSample("Home CSI 1~", F.csi + "1~", [F.key(.home)]),
        InputSample("End CSI 4~", F.csi + "4~", [F.key(.end)]),
        InputSample("Home CSI 7~ (rxvt)", F.csi + "7~", [F.key(.home)]),
        InputSample("End CSI 8~ (rxvt)", F.csi + "8~", [F.key(.end)]),
        InputSample("Ctrl+Up", F.csi + "1;5A", [F.key(.up, .ctrl)]),
        InputSample("Shift+Down", F.csi + "1;2B", [F.key(.down, .shift)]),
        InputSample("Alt+Right", F.csi + "1;3C", [F.key(.right, .alt)]),
        InputSample("Ctrl+Shift+Left", F.csi + "1;6D", [F.key(.left, [.ctrl, .shift])]),
        InputSample("Ctrl+Alt+Shift+Up", F.csi + "1;8A", [F.key(.up, [.ctrl, .alt, .shift])]),
        InputSample("Ctrl+Home", F.csi + "1;5H", [F.key(.home, .ctrl)]),
        InputSample("Shift+End", F.csi + "1;2F", [F.key(.end, .shift)]),
        InputSample("Ctrl+Up SS3 with modifier", F.ss3 + "5A", [F.key(.up, .ctrl)]),
        InputSample("Shift+Up rxvt", F.csi + "a", [F.key(.up, .shift)]),
        InputSample("Ctrl+Left rxvt", F.ss3 + "d", [F.key(.left, .ctrl)]),
        InputSample("PageUp", F.csi + "5~", [F.key(.pageUp)]),
        InputSample("PageDown", F.csi + "6~", [F.key(.pageDown)]),
        InputSample("Ctrl+PageUp", F.csi + "5;5~", [F.key(.pageUp, .ctrl)]),
        InputSample("Shift+PageDown", F.csi + "6;2~", [F.key(.pageDown, .shift)]),
        InputSample("Ctrl+PageDown rxvt", F.csi + "6^", [F.key(.pageDown, .ctrl)]),
        InputSample("Delete", F.csi + "3~", [F.key(.delete)]),
        InputSample("Shift+Delete", F.csi + "3;2~", [F.key(.delete, .shift)]),
        InputSample("Insert", F.csi + "2~", [F.key(.insert)]),
        InputSample("F1 SS3", F.ss3 + "P", [F.key(.function(1))]),
        InputSample("F2 SS3", F.ss3 + "Q", [F.key(.function(2))]),
        InputSample("F3 SS3", F.ss3 + "R", [F.key(.function(3))]),
        InputSample("F4 SS3", F.ss3 + "S", [F.key(.function(4))]),
        InputSample("Shift+F1 CSI", F.csi + "1;2P", [F.key(.function(1), .shift)]),
        InputSample("Ctrl+F4 CSI", F.csi + "1;5S", [F.key(.function(4), .ctrl)]),
        InputSample("F1 rxvt CSI 11~", F.csi + "11~", [F.key(.function(1))]),
        InputSample("F4 rxvt CSI 14~", F.csi + "14~", [F.key(.function(4))]),
        InputSample("F5", F.csi + "15~", [F.key(.function(5))]),
        InputSample("F6", F.csi + "17~", [F.key(.function(6))]),
        InputSample("F7", F.csi + "18~", [F.key(.function(7))]),
        InputSample("F8", F.csi + "19~", [F.key(.function(8))]),
        InputSample("F9", F.csi + "20~", [F.key(.function(9))]),
        InputSample("F10", F.csi + "21~", [F.key(.function(10))]),
        InputSample("F11", F.csi + "23~", [F.key(.function(11))]),
        InputSample("F12", F.csi + "24~", [F.key(.function(12))]),
        InputSample("Ctrl+F5", F.csi + "15;5~", [F.key(.function(5), .ctrl)]),
        InputSample("F1 Linux console", F.csi + "[A", [F.key(.function(1))]),
        InputSample("F5 Linux console", F.csi + "[E", [F.key(.function(5))]),
        InputSample("Escape via CSI u", F.csi + "27u", [F.key(.escape)]),
    ]

    static let mouse: [InputSample] = [
        InputSample("left press at origin", F.csi + "<0;1;1M", [F.mouse(.press, .left, 0, 0)]),
        InputSample("left release", F.csi + "<0;10;5m", [F.mouse(.release, .left, 9, 4)]),
        InputSample("middle press", F.csi + "<1;2;3M", [F.mouse(.press, .middle, 1, 2)]),
        InputSample("right press", F.csi + "<2;80;24M", [F.mouse(.press, .right, 79, 23)]),
        InputSample("right release", F.csi + "<2;80;24m", [F.mouse(.release, .right, 79, 23)]),
        InputSample("left drag", F.csi + "<32;3;4M", [F.mouse(.drag, .left, 2, 3)]),
        InputSample("right drag", F.csi + "<34;3;4M", [F.mouse(.drag, .right, 2, 3)]),
        InputSample("motion without button", F.csi + "<35;7;8M", [F.mouse(.move, .none, 6, 7)]),
        InputSample("wheel up", F.csi + "<64;5;6M", [F.mouse(.wheelUp, .none, 4, 5)]),
        InputSample("wheel down", F.csi + "<65;5;6M", [F.mouse(.wheelDown, .none, 4, 5)]),
        InputSample("wheel left", F.csi + "<66;5;6M", [F.mouse(.wheelLeft, .none, 4, 5)]),
        InputSample("Shift+click", F.csi + "<4;1;1M", [F.mouse(.press, .left, 0, 0, .shift)]),
        InputSample("Alt+click", F.csi + "<8;1;1M", [F.mouse(.press, .left, 0, 0, .alt)]),
        InputSample("Ctrl+click", F.csi + "<16;1;1M", [F.mouse(.press, .left, 0, 0, .ctrl)]),
        InputSample("Ctrl+wheel down", F.csi + "<81;1;1M", [F.mouse(.wheelDown, .none, 0, 0, .ctrl)]),
        InputSample("large coordinates", F.csi + "<0;300;200M", [F.mouse(.press, .left, 299, 199)]),
        InputSample("zero coordinates clamp", F.csi + "<0;0;0M", [F.mouse(.press, .left, 0, 0)]),
        InputSample("legacy X10 press", F.csi + "M !!", [F.mouse(.press, .left, 0, 0)]),
        InputSample("legacy X10 release", F.csi + "M#$%", [F.mouse(.release, .none, 3, 4)]),
        InputSample("urxvt 1015 press", F.csi + "32;2;3M", [F.mouse(.press, .left, 1, 2)]),
    ]

    static let other: [InputSample] = [
        InputSample("focus in", F.csi + "I", [.focus(true)]),
        InputSample("focus out", F.csi + "O", [.focus(false)]),
        InputSample("paste", F.csi + "200~hello" + F.csi + "201~", [.paste("hello")]),
        InputSample("empty paste", F.csi + "200~" + F.csi + "201~", [.paste("")]),
        InputSample(
            "paste keeps newlines, tabs and UTF-8", F.csi + "200~a\r\nb\tc\n日😀" + F.csi + "201~",
            [.paste("a\r\nb\tc\n日😀")]),
        InputSample(
            "paste keeps escape sequences as data", F.csi + "200~x\u{1B}[31my\u{1B}[201z\u{1B}" + F.csi + "201~",
            [.paste("x\u{1B}[31my\u{1B}[201z\u{1B}")]),
        InputSample(
            "paste then keys", F.csi + "200~p" + F.csi + "201~q" + F.csi + "A",
            [.paste("p"), .char("q"), F.key(.up)]),
        InputSample("unknown tilde key", F.csi + "99~", [.unknown(Array((F.csi + "99~").utf8))]),
        InputSample("device attributes reply", F.csi + "?1;2c", [.unknown(Array((F.csi + "?1;2c").utf8))]),
        InputSample("stray paste end", F.csi + "201~", [.unknown(Array((F.csi + "201~").utf8))]),
        InputSample("huge parameter saturates", F.csi + "99999999999999999999999;5A", [F.key(.up, .ctrl)]),
        InputSample("kitty private-use key", F.csi + "57399u", [.unknown(Array((F.csi + "57399u").utf8))]),
    ]

    /// Samples that are complete on their own and mean the same when concatenated.
    static let all: [InputSample] = text + keys + mouse + other
}

@Suite("Input decoder: sequence tables")
struct InputDecoderTableTests {
    @Test("text", arguments: InputTables.text)
    func text(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
    }

    @Test("keys", arguments: InputTables.keys)
    func keys(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
    }

    @Test("mouse", arguments: InputTables.mouse)
    func mouse(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
    }

    @Test("focus, paste and unknown sequences", arguments: InputTables.other)
    func other(_ sample: InputSample) {
        #expect(F.decodeWhole(sample.bytes) == sample.events)
    }

    @Test("complete sequences need no flush", arguments: InputTables.all)
    func noFlushNeeded(_ sample: InputSample) {
        var decoder = InputDecoder()
        #expect(decoder.feed(sample.bytes) == sample.events)
        #expect(!decoder.needsFlush)
    }

    @Test("with erase byte ^H, BS is Backspace and DEL is Ctrl+Backspace")
    func eraseByteControlH() {
        let decoder = InputDecoder(eraseByte: 0x08)
        #expect(F.decodeWhole([0x08, 0x7F], decoder: decoder) == [F.key(.backspace), F.key(.backspace, .ctrl)])
    }

    @Test("Ctrl+letters cover 0x01–0x1A except Tab, Enter and Backspace")
    func controlLetters() {
        for byte in UInt8(0x01)...0x1A {
            let events = F.decodeWhole([byte])
            switch byte {
            case 0x08: #expect(events == [F.key(.backspace, .ctrl)])
            case 0x09: #expect(events == [F.key(.tab)])
            case 0x0A, 0x0D: #expect(events == [F.key(.enter)])
            default:
                let letter = Character(Unicode.Scalar(byte + 0x60))
                #expect(events == [.char(letter, .ctrl)], "byte \(byte)")
            }
        }
    }
}
