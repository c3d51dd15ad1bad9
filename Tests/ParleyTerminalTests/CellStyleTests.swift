import Testing
@testable import ParleyTerminal

/// A cell style is one packed word (#15): each part reads back as it was set, setting one
/// part leaves the others, and equal styles are equal words.
@Suite("CellStyle: colours and attributes in one word")
struct CellStyleTests {
    static let colors: [TerminalColor] = [
        .default, .indexed(0), .indexed(7), .indexed(255), .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3), .rgb(255, 0, 128),
    ]
    static let attributeSets: [CellStyle.Attributes] = [
        [], .bold, .dim, [.italic, .underline], [.reverse, .strikethrough], CellStyle.Attributes(rawValue: 0xFF),
    ]

    @Test("every colour and attribute set reads back exactly")
    func roundTrip() {
        for foreground in Self.colors {
            for background in Self.colors {
                for attributes in Self.attributeSets {
                    let style = CellStyle(foreground: foreground, background: background, attributes: attributes)
                    #expect(style.foreground == foreground)
                    #expect(style.background == background)
                    #expect(style.attributes == attributes)
                }
            }
        }
    }

    @Test("setting one part leaves the others as they were")
    func independentParts() {
        for attributes in Self.attributeSets {
            var style = CellStyle(foreground: .rgb(9, 8, 7), background: .indexed(200), attributes: attributes)
            for color in Self.colors {
                style.foreground = color
                #expect(style.foreground == color && style.background == .indexed(200) && style.attributes == attributes)
            }
            for color in Self.colors {
                style.background = color
                #expect(style.background == color && style.foreground == Self.colors.last && style.attributes == attributes)
            }
            style.attributes.insert(.bold)
            #expect(style.attributes == attributes.union(.bold) && style.background == Self.colors.last)
            style.attributes = []
            #expect(style == CellStyle(foreground: Self.colors.last!, background: Self.colors.last!))
        }
    }

    @Test("styles are equal, and hash alike, exactly when their parts are")
    func equality() {
        var styles: [CellStyle] = []
        for foreground in Self.colors {
            for background in [TerminalColor.default, .indexed(0), .rgb(0, 0, 0)] {
                for attributes in Self.attributeSets { styles.append(CellStyle(foreground: foreground, background: background, attributes: attributes)) }
            }
        }
        #expect(Set(styles).count == styles.count)
        for style in styles {
            let rebuilt = CellStyle().foreground(style.foreground).background(style.background).adding(style.attributes)
            #expect(rebuilt == style && rebuilt.hashValue == style.hashValue)
        }
        // Index 0 and black, the default and index 0: different colours, different styles.
        #expect(CellStyle(foreground: .indexed(0)) != CellStyle(foreground: .rgb(0, 0, 0)))
        #expect(CellStyle(foreground: .indexed(0)) != CellStyle.plain)
        #expect(CellStyle(background: .indexed(0)) != CellStyle(foreground: .indexed(0)))
    }
}

/// The pen changes a renderer keeps are the ones ``GraphicRendition`` works out (#15).
@Suite("PenChanges: SGR worked out once per pair")
struct PenChangesTests {
    @Test("the bytes kept are GraphicRendition's, asked once or many times")
    func sameAsWorkedOut() {
        let styles: [CellStyle?] = [
            nil, .plain, CellStyle(foreground: .indexed(1), attributes: .bold), CellStyle(attributes: [.bold, .dim]),
            CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(250, 251, 252), attributes: [.italic, .underline]),
            CellStyle(background: .indexed(4), attributes: .reverse),
        ]
        var memo = PenChanges()
        for _ in 0..<2 {
            for current in styles {
                for case let target? in styles {
                    let parameters = GraphicRendition.parameters(from: current, to: target)
                    let expected = parameters.isEmpty ? [] : AnsiFrameWriter.csi(parameters, "m")
                    #expect(memo.bytes(from: current, to: target) == expected)
                }
            }
        }
    }

    @Test("with hundreds of styles sharing its recent table's slots, every change is still GraphicRendition's")
    func crowdedSlots() {
        var random = RenderRandom(seed: 64)
        let styles: [CellStyle?] = [nil] + (0..<300).map { _ in RenderRandomTests.style(&random) }
        var memo = PenChanges()
        for _ in 0..<5_000 {
            let current = styles[Int(random.next() % UInt64(styles.count))]
            guard let target = styles[Int(random.next() % UInt64(styles.count))] else { continue }
            let parameters = GraphicRendition.parameters(from: current, to: target)
            #expect(memo.bytes(from: current, to: target) == (parameters.isEmpty ? [] : AnsiFrameWriter.csi(parameters, "m")))
        }
    }

    @Test("past its capacity the memo starts again and stays right")
    func capacity() {
        var memo = PenChanges()
        for index in 0..<(PenChanges.capacity * 2 + 7) {
            let target = CellStyle(foreground: .rgb(UInt8(index % 256), UInt8(index / 256), 0))
            #expect(memo.bytes(from: .plain, to: target) == AnsiFrameWriter.csi(GraphicRendition.parameters(from: .plain, to: target), "m"))
        }
    }
}

/// The writer moves the cursor by the shortest sequence, weighed before it writes (#15).
@Suite("AnsiFrameWriter: the shortest cursor move")
struct CursorMoveTests {
    typealias Position = AnsiFrameWriter.Position

    @Test("each move is the shortest, the first on a tie, and costs what it writes", arguments: [
        (Position?.none, Position(x: 0, y: 0), "␛[H"),
        (nil, Position(x: 0, y: 9), "␛[10H"),
        (nil, Position(x: 4, y: 0), "␛[1;5H"),
        (nil, Position(x: 119, y: 49), "␛[50;120H"),
        (Position(x: 7, y: 3), Position(x: 0, y: 3), "\r"),
        (Position(x: 7, y: 3), Position(x: 8, y: 3), "␛[C"),
        (Position(x: 7, y: 3), Position(x: 6, y: 3), "␛[D"),
        (Position(x: 7, y: 3), Position(x: 19, y: 3), "␛[20G"),  // a tie with ␛[12C: the column move comes first
        (Position(x: 7, y: 3), Position(x: 10, y: 3), "␛[3C"),
        (Position(x: 150, y: 3), Position(x: 3, y: 3), "␛[4G"),
        (Position(x: 7, y: 3), Position(x: 7, y: 4), "␛[B"),
        (Position(x: 7, y: 30), Position(x: 7, y: 2), "␛[28A"),
        (Position(x: 0, y: 3), Position(x: 0, y: 0), "␛[H"),
        (Position(x: 0, y: 5), Position(x: 0, y: 4), "␛[A"),
        (Position(x: 7, y: 3), Position(x: 9, y: 8), "␛[9;10H"),
        (Position(x: 7, y: 3), Position(x: 7, y: 3), ""),
    ])
    func shortest(from cursor: Position?, to target: Position, expected: String) {
        var writer = AnsiFrameWriter(depth: .trueColor, columns: 200, cursor: cursor, pen: .plain, region: .whole)
        let cost = writer.moveCost(to: target)
        writer.move(to: target)
        #expect(RenderFixture.readable(writer.bytes) == expected)
        #expect(cost == writer.bytes.count)
        #expect(writer.cursor == target)
    }

    @Test("no move up or down crosses the edge of a scroll region, where CUU and CUD stop (#15)", arguments: [
        (Position(x: 7, y: 5), Position(x: 7, y: 6), "␛[B"),  // inside
        (Position(x: 7, y: 5), Position(x: 7, y: 12), "␛[13;8H"),  // out through the bottom edge
        (Position(x: 7, y: 12), Position(x: 7, y: 14), "␛[2B"),  // below it
        (Position(x: 7, y: 12), Position(x: 7, y: 5), "␛[7A"),  // into it from below
        (Position(x: 7, y: 5), Position(x: 7, y: 1), "␛[2;8H"),  // out through the top edge
        (Position(x: 7, y: 1), Position(x: 7, y: 0), "␛[A"),  // above it
        (Position(x: 7, y: 0), Position(x: 7, y: 5), "␛[5B"),  // into it from above
    ])
    func region(from cursor: Position, to target: Position, expected: String) {
        var writer = AnsiFrameWriter(depth: .trueColor, columns: 200, cursor: cursor, pen: .plain, region: .rows(2..<10))
        writer.move(to: target)
        #expect(RenderFixture.readable(writer.bytes) == expected)
        // With the region not known, only absolute moves are trusted.
        var unknown = AnsiFrameWriter(depth: .trueColor, columns: 200, cursor: cursor, pen: .plain)
        unknown.move(to: target)
        #expect(RenderFixture.readable(unknown.bytes).hasSuffix("H"))
    }
}
