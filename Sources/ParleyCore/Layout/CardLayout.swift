/// The geometry of a file, location or contact card (``RowLayout/card``): its icon, its
/// lines of text, a picture, a progress bar and buttons, in row coordinates.
///
/// The core decides every text on the card too (inert, cut to fit), so front ends draw
/// ``CardLine/text`` as it is, at its frame, and find taps with ``target(at:)``.
public struct CardLayout: Hashable, Sendable {
    /// The whole card (the message's content frame).
    public var frame: Rect
    /// What the icon shows.
    public var icon: CardIcon
    /// Where the icon goes.
    public var iconFrame: Rect
    /// A location's picture, when the app supplied one (``LocationContent/picture``).
    public var picture: Rect?
    /// The lines of text, the title first.
    public var lines: [CardLine]
    /// A file's download progress while it downloads.
    public var progress: CardProgress?
    /// The buttons (a file's Open and Save), in reading order.
    public var buttons: [CardButton]
    /// The card read out as one line ("File: report.pdf, 2.4 MB").
    public var accessibleName: String

    /// Creates a card layout; the layout engine makes them.
    public init(
        frame: Rect, icon: CardIcon, iconFrame: Rect, picture: Rect? = nil, lines: [CardLine],
        progress: CardProgress? = nil, buttons: [CardButton] = [], accessibleName: String
    ) {
        self.frame = frame
        self.icon = icon
        self.iconFrame = iconFrame
        self.picture = picture
        self.lines = lines
        self.progress = progress
        self.buttons = buttons
        self.accessibleName = accessibleName
    }

    /// What a tap at `point` (row coordinates) means: a button, a tappable line, else the
    /// card itself; `nil` outside the card.
    public func target(at point: Point) -> CardTarget? {
        if let button = buttons.first(where: { $0.frame.contains(point) }) { return button.target }
        if let line = lines.first(where: { $0.target != nil && $0.frame.contains(point) }) { return line.target }
        return frame.contains(point) ? .card : nil
    }

    /// The same card with every frame passed through `transform` (moving, mirroring).
    func mapped(_ transform: (Rect) -> Rect) -> CardLayout {
        var copy = self
        copy.frame = transform(frame)
        copy.iconFrame = transform(iconFrame)
        copy.picture = picture.map(transform)
        copy.lines = lines.map { line in
            var line = line
            line.frame = transform(line.frame)
            return line
        }
        if var progress {
            progress.bar = transform(progress.bar)
            progress.labelFrame = transform(progress.labelFrame)
            copy.progress = progress
        }
        copy.buttons = buttons.map { button in
            var button = button
            button.frame = transform(button.frame)
            return button
        }
        return copy
    }
}

/// The icon of a card; ``symbol`` is what both front ends draw.
public enum CardIcon: Hashable, Sendable {
    /// A file of a kind.
    case file(FileKind)
    /// A place.
    case location
    /// A person.
    case contact

    /// The icon as one emoji (two terminal cells wide).
    public var symbol: String {
        switch self {
        case .file(.document): return "📄"
        case .file(.image): return "🌄"
        case .file(.audio): return "🎵"
        case .file(.video): return "🎬"
        case .file(.archive): return "📦"
        case .file(.code): return "📜"
        case .file(.other): return "📎"
        case .location: return "📍"
        case .contact: return "👤"
        }
    }
}

/// One line of text on a card.
public struct CardLine: Hashable, Sendable {
    /// Where it goes, in row coordinates.
    public var frame: Rect
    /// What it says, inert and cut to fit its frame.
    public var text: String
    /// How it is styled.
    public var role: Role
    /// What tapping it means (a contact's phone or e-mail); `nil` for the card's.
    public var target: CardTarget?
    /// What a screen reader says for it, when it differs from ``text`` ("Call +44…").
    public var accessibleName: String?

    /// Creates a line.
    public init(frame: Rect, text: String, role: Role, target: CardTarget? = nil, accessibleName: String? = nil) {
        self.frame = frame
        self.text = text
        self.role = role
        self.target = target
        self.accessibleName = accessibleName
    }

    /// The styles of card line.
    public enum Role: Hashable, Sendable {
        /// The card's title (a file's name), in the body font.
        case title
        /// Secondary text (a size, coordinates), in the label font.
        case detail
        /// A tappable detail (a phone number, an address), drawn as a link.
        case link
        /// A failure ("Download failed"), drawn as an error.
        case failure
    }
}

/// A file's download progress on its card.
public struct CardProgress: Hashable, Sendable {
    /// The bar's track; the front end fills ``fraction`` of it from its leading edge.
    public var bar: Rect
    /// How much is done, 0…1.
    public var fraction: Double
    /// Where the percentage goes, after the bar.
    public var labelFrame: Rect
    /// The percentage ("42%").
    public var label: String

    /// Creates a progress bar's layout.
    public init(bar: Rect, fraction: Double, labelFrame: Rect, label: String) {
        self.bar = bar
        self.fraction = fraction
        self.labelFrame = labelFrame
        self.label = label
    }
}

/// A button on a card.
public struct CardButton: Hashable, Sendable {
    /// Where it is, in row coordinates.
    public var frame: Rect
    /// Its label ("Open").
    public var label: String
    /// What pressing it means.
    public var target: CardTarget

    /// Creates a button's layout.
    public init(frame: Rect, label: String, target: CardTarget) {
        self.frame = frame
        self.label = label
        self.target = target
    }
}

/// What a tap on a card means; ``Viewport/event(for:gesture:)`` turns it into the
/// message kind's event.
public enum CardTarget: Hashable, Sendable {
    /// The card itself.
    case card
    /// A file's Open button.
    case open
    /// A file's Save button.
    case save
    /// A contact's phone number.
    case phone
    /// A contact's e-mail address.
    case email
}
