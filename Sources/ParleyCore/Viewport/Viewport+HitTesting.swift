import Foundation

extension Viewport {
    /// A row and the part of it under a point.
    public struct Hit: Sendable {
        /// The row under the point.
        public var row: VisibleRow
        /// The part of that row.
        public var part: RowPart
        /// The point in the row's coordinates.
        public var location: Point
    }

    /// What a gesture is.
    public enum Gesture: Sendable {
        /// A click or tap.
        case tap
        /// A press held long enough for a context menu.
        case longPress
    }

    /// The row and part at `point` (viewport coordinates), or `nil` over empty space.
    public func hitTest(_ point: Point) -> Hit? {
        for row in visibleRows() where point.y >= row.y && point.y < row.y + row.layout.height {
            let location = Point(x: point.x, y: point.y - row.y)
            guard let part = row.layout.part(at: location) else { return nil }
            return Hit(row: row, part: part, location: location)
        }
        return nil
    }

    /// The event a `gesture` at `point` means: a link, a bubble, an avatar, the history
    /// row... `nil` when it means nothing.
    public func event(at point: Point, gesture: Gesture = .tap) -> MessengerEvent? {
        hitTest(point).flatMap { event(for: $0, gesture: gesture) }
    }

    /// The event a `gesture` on `hit` means.
    public func event(for hit: Hit, gesture: Gesture) -> MessengerEvent? {
        switch hit.row.row {
        case .history(let indicator):
            return gesture == .tap && indicator != .loading ? .tapLoadEarlier : nil
        case .newerHistory(let indicator):
            return gesture == .tap && indicator != .loading ? .tapLoadNewer : nil
        case .typing(let typers):
            if case .avatar = hit.part, let first = typers.first, gesture == .tap {
                return .tapAvatar(first, message: nil)
            }
            return nil
        case .message(let message):
            if gesture == .longPress {
                switch hit.part {
                case .content, .bubble, .quote, .linkPreview: return .longPressBubble(message.id)
                default: return nil
                }
            }
            switch hit.part {
            case .avatar: return .tapAvatar(message.sender, message: message.id)
            case .showMore: return .tapShowMore(message.id)
            case .quote:
                guard let quote = hit.row.layout.quote?.quoted else { return .tapBubble(message.id) }
                return .tapQuote(message.id, quoted: quote)
            case .linkPreview:
                guard let url = hit.row.layout.linkPreview?.preview.url else { return .tapBubble(message.id) }
                return .tapLink(message.id, Self.detection(of: url, in: message))
            case .reaction(let key):
                let isOn = !(hit.row.layout.reactions.first { $0.key == key }?.isMine ?? false)
                return .reactionChanged(message.id, key: key, isOn: isOn)
            case .moreReactions: return .tapMoreReactions(message.id)
            case .status: return .tapStatus(message.id)
            case .content(let point):
                if case .text = message.content, let shown = hit.row.layout.text,
                    let detection = link(in: shown, at: point, wrapWidth: hit.row.layout.wrapWidth)
                {
                    return .tapLink(message.id, detection)
                }
                if let target = hit.row.layout.card?.target(at: hit.location) {
                    return Self.cardEvent(target, on: message) ?? .tapBubble(message.id)
                }
                if let event = Self.mediaEvent(at: hit.location, in: hit.row.layout, on: message) { return event }
                return .tapBubble(message.id)
            case .bubble: return .tapBubble(message.id)
            case .name: return .tapAvatar(message.sender, message: message.id)
            case .bottomLabel where message.status == .failed && hit.row.context?.side == .outgoing && !message.isDeleted:
                // "Not delivered · Tap to retry" is the retry target, as big as its words.
                return .tapStatus(message.id)
            case .topLabel, .bottomLabel, .background: return .tapCell(message.id, location: hit.location)
            }
        }
    }

    /// The detection of `url` in `message`'s text, or one that covers nothing when the
    /// text does not show it as a link (a Markdown link, say).
    static func detection(of url: URL, in message: Message) -> TextDetection {
        if case .text(let text) = message.content,
            let found = text.detections.first(where: { $0.target == url })
        {
            return found
        }
        return TextDetection(kind: .link(url), utf8Range: 0..<0)
    }

    func link(in shown: DisplayText, at point: Point, wrapWidth: Double) -> TextDetection? {
        guard !shown.detections.isEmpty else { return nil }
        guard let offset = layoutEngine.measurer.utf8Offset(
            at: point, in: shown, font: layoutEngine.style.bodyFont, maxWidth: wrapWidth)
        else { return nil }
        return shown.detection(atUTF8Offset: offset)
    }
}
