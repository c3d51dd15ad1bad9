/// Lays out the card of a file, location or contact message, in content coordinates (the
/// card's top-left is 0, 0): the part of ``RowLayoutBuilder`` behind ``CardLayout``.
///
/// The card is at most ``widthInCharacters`` characters of body text wide. The icon
/// stands beside the title and the first detail line; a file's progress bar and buttons
/// come under them, a location's picture above.
struct CardLayoutBuilder {
    let style: ChatStyle
    let measurer: any TextMeasurer

    /// How wide a card is, in characters of body text, when the bubble has room.
    static let widthInCharacters = 28.0
    /// The part of a file name kept whatever its length: a 5000-character name is cut
    /// to this before it is measured.
    static let boundedLength = 256

    private var strings: CardStrings { style.strings.cards }
    private var isCells: Bool { style.metrics.unitAspect > 1 }
    private var units: ContentUnits { ContentUnits(style: style, measurer: measurer) }

    /// The card for `content`, at most `maxWidth` wide; `nil` for other kinds.
    func layout(_ content: MessageContent, maxWidth: Double) -> CardLayout? {
        switch content {
        case .file(let file): return fileCard(file, maxWidth: maxWidth)
        case .location(let location): return locationCard(location, maxWidth: maxWidth)
        case .contact(let contact): return contactCard(contact, maxWidth: maxWidth)
        default: return nil
        }
    }

    // MARK: Kinds

    private func fileCard(_ file: FileContent, maxWidth: Double) -> CardLayout {
        var frame = Frame(builder: self, maxWidth: maxWidth)
        let name = strings.name(of: file)
        let detail = strings.size(of: file) ?? Self.extensionLabel(of: file.name) ?? ""
        var lines = [frame.line(name, role: .title, font: style.bodyFont, cut: .middle)]
        lines.append(frame.line(detail, role: .detail, font: style.labelFont, cut: .end))
        frame.endBlock()
        var progress: CardProgress?
        switch file.transfer {
        case .idle: break
        case .downloading:
            progress = frame.progress(file.transfer.fraction ?? 0)
        case .failed:
            lines.append(frame.fullLine(strings.downloadFailed, role: .failure, font: style.labelFont))
        }
        let buttons = frame.buttons([(strings.open, .open), (strings.save, .save)])
        let summary = strings.fileSummary(name, strings.size(of: file))
        return frame.card(icon: .file(file.kind), lines: lines, progress: progress, buttons: buttons, name: summary)
    }

    private func locationCard(_ location: LocationContent, maxWidth: Double) -> CardLayout {
        var frame = Frame(builder: self, maxWidth: maxWidth)
        let picture = location.picture.map { _ in frame.picture() }
        let title = strings.title(of: location)
        let coordinates = strings.coordinates(of: location)
        let lines = [
            frame.line(title, role: .title, font: style.bodyFont, cut: .end),
            frame.line(coordinates, role: location.isValid ? .detail : .failure, font: style.labelFont, cut: .end),
        ]
        let name = strings.locationSummary(CardStrings.shown(location.title) ?? "", coordinates)
        return frame.card(icon: .location, picture: picture, lines: lines, name: name)
    }

    private func contactCard(_ contact: ContactContent, maxWidth: Double) -> CardLayout {
        var frame = Frame(builder: self, maxWidth: maxWidth)
        let name = strings.name(of: contact)
        var lines = [frame.line(name, role: .title, font: style.bodyFont, cut: .end)]
        let phone = strings.detail(contact.phone), email = strings.detail(contact.email)
        if let phone {
            lines.append(frame.line(phone, role: .link, font: style.labelFont, cut: .end, target: .phone, spoken: strings.call(phone)))
        }
        if let email {
            lines.append(frame.line(email, role: .link, font: style.labelFont, cut: .middle, target: .email, spoken: strings.writeTo(email)))
        }
        if phone == nil, email == nil {
            lines.append(frame.line(strings.noContactDetails, role: .detail, font: style.labelFont, cut: .end))
        }
        let summary = strings.contactSummary(name, [phone, email].compactMap { $0 })
        return frame.card(icon: .contact, lines: lines, name: summary)
    }

    /// "PDF" for "report.pdf": a short extension, upper-cased, inert.
    static func extensionLabel(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        guard (1...8).contains(ext.count), ext.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return InertText.singleLine(ext.uppercased())
    }

    // MARK: Text

    /// Where a line too long for its frame is cut.
    enum Cut {
        /// "report-of-the…2026.pdf": keeps a file's extension.
        case middle
        /// "Trafalgar Squ…"
        case end
    }

    /// `text` (one line, inert) cut with "…" to fit `width` in `font`, and its width.
    ///
    /// - Complexity: O(log n) measurements of at most ``boundedLength`` characters.
    func fit(_ text: String, width: Double, font: FontSpec, cut: Cut) -> (text: String, width: Double) {
        func measure(_ candidate: String) -> Double {
            measurer.measure(candidate, font: font, maxWidth: .infinity).size.width.rounded(.up)
        }
        let characters = Array(text.prefix(Self.boundedLength + 1))
        let bounded = characters.count > Self.boundedLength
        if !bounded {
            let whole = measure(text)
            if whole <= width { return (text, whole) }
        }
        let tail = bounded ? Array(text.suffix(Self.boundedLength / 2)) : []
        func candidate(keeping count: Int) -> String {
            switch cut {
            case .end: return String(characters.prefix(count)) + "…"
            case .middle:
                let back = count / 2, front = count - back
                let ending = bounded ? tail.suffix(back) : characters.suffix(back)
                return String(characters.prefix(front)) + "…" + String(ending)
            }
        }
        var low = 0, high = min(characters.count - 1, Self.boundedLength)
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(candidate(keeping: middle)) <= width { low = middle } else { high = middle - 1 }
        }
        let shown = candidate(keeping: low)
        return (shown, min(width, measure(shown)))
    }

    // MARK: Frames

    /// Places a card's parts from top to bottom.
    struct Frame {
        let builder: CardLayoutBuilder
        let width: Double
        let lineHeight: Double
        let labelHeight: Double
        /// The space between stacked parts (none in cells).
        let gap: Double
        /// The space between parts side by side.
        let hgap: Double
        let iconFrame: Rect
        let textX: Double
        /// Where the next block starts.
        var y = 0.0
        /// Where the next line beside the icon starts.
        var lineY = 0.0

        init(builder: CardLayoutBuilder, maxWidth: Double) {
            self.builder = builder
            let units = builder.units
            let cells = builder.isCells
            width = max(1, min(maxWidth, units.width(characters: CardLayoutBuilder.widthInCharacters)))
            lineHeight = units.lineHeight.rounded(.up)
            labelHeight = builder.measurer.measure("Ag", font: builder.style.labelFont, maxWidth: .infinity).size.height.rounded(.up)
            gap = cells ? 0 : (units.lineGap / 2).rounded(.up)
            hgap = cells ? 1 : units.characterWidth.rounded(.up)
            let iconHeight = lineHeight + gap + labelHeight
            let iconWidth = cells ? 2 : iconHeight
            iconFrame = Rect(x: 0, y: 0, width: iconWidth, height: iconHeight)
            textX = iconWidth + hgap
        }

        /// A line beside the icon.
        mutating func line(
            _ text: String, role: CardLine.Role, font: FontSpec, cut: Cut, target: CardTarget? = nil,
            spoken: String? = nil
        ) -> CardLine {
            let available = max(1, width - textX)
            let fitted = builder.fit(text, width: available, font: font, cut: cut)
            let height = font == builder.style.bodyFont ? lineHeight : labelHeight
            let line = CardLine(
                frame: Rect(x: textX, y: lineY, width: fitted.width, height: height), text: fitted.text, role: role,
                target: target, accessibleName: spoken)
            lineY += height + gap
            return line
        }

        /// Ends the lines beside the icon: what follows goes under both.
        mutating func endBlock() {
            y = max(y + iconFrame.height, lineY - gap) + gap
            lineY = y
        }

        /// A line across the card under the icon block.
        mutating func fullLine(_ text: String, role: CardLine.Role, font: FontSpec) -> CardLine {
            let fitted = builder.fit(text, width: width, font: font, cut: .end)
            let line = CardLine(frame: Rect(x: 0, y: y, width: fitted.width, height: labelHeight), text: fitted.text, role: role)
            y += labelHeight + gap
            return line
        }

        /// The location's picture across the top, half as high as wide (in pixels).
        mutating func picture() -> Rect {
            let height = max(1, (width / 2 / builder.style.metrics.unitAspect).rounded(.down))
            let rect = Rect(x: 0, y: 0, width: width, height: height)
            y = height + gap
            lineY = y
            return rect
        }

        /// A progress bar across the card with its percentage after it.
        mutating func progress(_ fraction: Double) -> CardProgress {
            let label = builder.style.strings.cards.percent(fraction)
            let widest = builder.measurer.measure(builder.style.strings.cards.percent(1), font: builder.style.labelFont, maxWidth: .infinity)
            let labelWidth = widest.size.width.rounded(.up)
            let barHeight = builder.isCells ? 1 : max(2, (labelHeight / 3).rounded())
            let bar = Rect(
                x: 0, y: y + ((labelHeight - barHeight) / 2).rounded(.down),
                width: max(1, width - labelWidth - hgap), height: barHeight)
            let labelFrame = Rect(x: width - labelWidth, y: y, width: labelWidth, height: labelHeight)
            y += labelHeight + gap
            return CardProgress(bar: bar, fraction: fraction, labelFrame: labelFrame, label: label)
        }

        /// Buttons on one line under the rest, from the leading edge.
        mutating func buttons(_ specs: [(String, CardTarget)]) -> [CardButton] {
            let padding = builder.isCells ? 1.0 : 12
            let height = builder.isCells ? 1 : labelHeight + 12
            var x = 0.0
            var result: [CardButton] = []
            for (label, target) in specs {
                let measured = builder.measurer.measure(label, font: builder.style.labelFont, maxWidth: .infinity)
                let buttonWidth = min(max(0, width - x), measured.size.width.rounded(.up) + 2 * padding)
                guard buttonWidth > 0 else { break }
                result.append(CardButton(frame: Rect(x: x, y: y, width: buttonWidth, height: height), label: label, target: target))
                x += buttonWidth + hgap
            }
            y += height
            return result
        }

        /// The finished card; its height is what was placed.
        func card(
            icon: CardIcon, picture: Rect? = nil, lines: [CardLine], progress: CardProgress? = nil,
            buttons: [CardButton] = [], name: String
        ) -> CardLayout {
            let besideIcon = iconFrame.offsetBy(dx: 0, dy: picture.map { $0.maxY + gap } ?? 0)
            let bottom = max(
                besideIcon.maxY, lines.map(\.frame.maxY).max() ?? 0, progress?.labelFrame.maxY ?? 0,
                buttons.map(\.frame.maxY).max() ?? 0, picture?.maxY ?? 0)
            return CardLayout(
                frame: Rect(x: 0, y: 0, width: width, height: bottom), icon: icon, iconFrame: besideIcon,
                picture: picture, lines: lines, progress: progress, buttons: buttons, accessibleName: name)
        }
    }
}
