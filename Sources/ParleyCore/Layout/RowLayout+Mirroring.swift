/// Right-to-left rows: the layout engine computes a row left to right, then mirrors it
/// when the style reads right to left (``LayoutDirection``).
extension RowLayout {
    /// This layout mirrored inside a row `width` wide: every frame flips sides, the
    /// corners swap, and ``isMirrored`` tells front ends to draw tails on the other side.
    ///
    /// What is inside the bubble follows the message's own text: it moves with the
    /// bubble as it is for left-to-right text (a caption still starts at the left), and is
    /// mirrored in it only when `contentIsRightToLeft`. Collection cells keep their order.
    func mirrored(width: Double, contentIsRightToLeft: Bool = true) -> RowLayout {
        func flip(_ rect: Rect?) -> Rect? { rect?.mirrored(within: width) }
        var copy = self
        // Inside the bubble: mirrored too, or only carried along with it.
        let shift = bubble.map { $0.mirrored(within: width).minX - $0.minX } ?? 0
        func inner(_ rect: Rect) -> Rect {
            contentIsRightToLeft ? rect.mirrored(within: width) : rect.offsetBy(dx: shift, dy: 0)
        }
        func inner(_ rect: Rect?) -> Rect? { rect.map { inner($0) } }
        copy.isMirrored = !isMirrored
        copy.topLabel = flip(topLabel)
        copy.unreadLine = flip(unreadLine)
        copy.nameLabel = flip(nameLabel)
        copy.timeLabel = flip(timeLabel)
        copy.avatar = flip(avatar)
        copy.bubble = flip(bubble)
        copy.content = inner(content)
        copy.caption = inner(caption)
        copy.editedMark = inner(editedMark)
        copy.timeMark = inner(timeMark)
        copy.bottomLabel = flip(bottomLabel)
        copy.status = flip(status)
        if var more = showMore {
            more.frame = inner(more.frame)
            copy.showMore = more
        }
        if var quote {
            quote.frame = inner(quote.frame)
            quote.bar = inner(quote.bar)
            quote.nameFrame = inner(quote.nameFrame)
            quote.textFrame = inner(quote.textFrame)
            copy.quote = quote
        }
        copy.card = card?.mapped { inner($0) }
        copy.linkPreview = linkPreview?.mapped { inner($0) }
        copy.audio = audio?.mapped(mirrored: contentIsRightToLeft) { inner($0) }
        copy.video = video?.mapped(mirrored: contentIsRightToLeft) { inner($0) }
        copy.reactions = reactions.map { chip in
            var chip = chip
            chip.frame = chip.frame.mirrored(within: width)
            return chip
        }
        if var receipts {
            receipts.frame = receipts.frame.mirrored(within: width)
            receipts.readers = receipts.readers.map { reader in
                var reader = reader
                reader.frame = reader.frame.mirrored(within: width)
                return reader
            }
            receipts.moreFrame = receipts.moreFrame?.mirrored(within: width)
            copy.receipts = receipts
        }
        copy.corners = corners.mirrored
        return copy
    }
}
