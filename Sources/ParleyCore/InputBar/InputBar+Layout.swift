/// Frames and the intrinsic height.
extension InputBar {
    /// Lays the bar out at `width` and reports its height.
    ///
    /// - Side stacks are as wide as their ``InputBarStack/width`` or, when `nil`, their
    ///   items plus gaps. Items sit left to right inside; flexible items share leftover
    ///   width, otherwise left-stack items keep to the left and right-stack items to the
    ///   right. A stack narrower than its items squeezes them proportionally (0: all
    ///   empty).
    /// - The text view takes the rest (never less than 0) and grows with the text up to
    ///   ``maxLines``; longer text scrolls. It is at least as tall as the tallest item of
    ///   a side stack that is not collapsed, and side items sit on its bottom edge, so
    ///   buttons stay at the bottom as the text grows.
    /// - The bottom stack spans the bar between the side paddings; its items are laid out
    ///   left to right from its top.
    ///
    /// When the height differs from the last one reported, the delegate and the ``events``
    /// streams hear of it once. The width and measurer are kept, so later changes (text,
    /// items, widths) report height changes without another call.
    ///
    /// - Parameters:
    ///   - width: The bar's width; negative or non-finite widths count as 0.
    ///   - measurer: Measures the text and item titles in the front end's units.
    public func layout(width: Double, measurer: any TextMeasurer) -> InputBarLayout {
        lastWidth = width
        lastMeasurer = measurer
        var result = computeLayout(width: width, measurer: measurer)
        if direction.isRightToLeft { result = result.mirrored() }
        result.isAnimated = pendingAnimation
        pendingAnimation = false
        reportHeight(result.height)
        return result
    }

    /// Recomputes the height at the last layout's width, if there was a layout.
    func refreshHeight() {
        // Every change of content, text, items or metrics comes through here.
        layoutRevision &+= 1
        guard let lastWidth, let lastMeasurer else { return }
        reportHeight(computeLayout(width: lastWidth, measurer: lastMeasurer).height)
    }

    private func reportHeight(_ height: Double) {
        guard height != intrinsicHeight else { return }
        intrinsicHeight = height
        delegate?.inputBar(self, didChangeIntrinsicHeightTo: height)
        broadcaster.yield(.intrinsicHeightChanged(height))
    }

    func computeLayout(width rawWidth: Double, measurer: any TextMeasurer) -> InputBarLayout {
        let width = Self.clamped(rawWidth)
        var pad = Self.clamped(padding)
        let textPad = Self.clamped(textViewPadding)

        // The reply line, across the top; everything else starts under it.
        var banner: ReplyBanner?

        if let replyTarget {
            banner = ReplyBanner(replyTarget, strings: strings, font: font, width: width, padding: pad, measurer: measurer)
            pad.top += banner?.frame.height ?? 0
        }

        // Hidden items take no room: the stacks are laid out without them.
        var left = self.left, right = self.right, bottom = self.bottom
        left.items.removeAll(where: \.isHidden)
        right.items.removeAll(where: \.isHidden)
        bottom.items.removeAll(where: \.isHidden)
        let leftSizes = left.items.map { $0.intrinsicSize(measuredBy: measurer) }
        let rightSizes = right.items.map { $0.intrinsicSize(measuredBy: measurer) }
        let bottomSizes = bottom.items.map { $0.intrinsicSize(measuredBy: measurer) }
        let leftWidth = left.width ?? Self.naturalWidth(leftSizes, spacing: left.spacing)
        let rightWidth = right.width ?? Self.naturalWidth(rightSizes, spacing: right.spacing)

        // Text view.
        let textX = pad.left + leftWidth + textPad.left
        let textWidth = max(0, width - textX - textPad.right - rightWidth - pad.right)
        let metrics = measurer.measure(text, font: font, maxWidth: textWidth)
        let lineCount = max(1, metrics.lineCount)
        let visibleLines = min(lineCount, maxLines)
        let lineHeight = Self.clamped(metrics.size.height) / Double(lineCount)
        let textHeight = lineHeight * Double(visibleLines)
        let tallestLeft = leftWidth > 0 ? leftSizes.map(\.height).max() ?? 0 : 0
        let tallestRight = rightWidth > 0 ? rightSizes.map(\.height).max() ?? 0 : 0
        let rowHeight = max(textHeight, tallestLeft, tallestRight)
        let textFrame = Rect(x: textX, y: pad.top, width: textWidth, height: rowHeight)

        // Side stacks, items on the text view's bottom edge.
        let leftFrame = Rect(x: pad.left, y: pad.top, width: leftWidth, height: rowHeight)
        let rightFrame = Rect(
            x: textFrame.maxX + textPad.right, y: pad.top, width: rightWidth, height: rowHeight)
        var itemFrames: [InputBarLayout.ItemFrame] = []
        func place(_ stack: InputBarStack, _ sizes: [Size], in frame: Rect, trailing: Bool,
                   position: InputBarStack.Position, top: Bool) {
            let slots = Self.distribute(
                sizes.map(\.width), flexible: stack.items.map(\.isFlexible),
                spacing: stack.spacing, in: frame.width, trailing: trailing)
            for (index, item) in stack.items.enumerated() {
                let height = sizes[index].height
                let y = top ? frame.minY : frame.maxY - height
                let rect = Rect(
                    x: frame.minX + slots[index].x, y: y, width: slots[index].width, height: height)
                itemFrames.append(.init(id: item.id, position: position, frame: rect))
            }
        }
        place(left, leftSizes, in: leftFrame, trailing: false, position: .left, top: false)
        place(right, rightSizes, in: rightFrame, trailing: true, position: .right, top: false)

        // Bottom stack.
        let bottomHeight = bottomSizes.map(\.height).max() ?? 0
        let bottomFrame = Rect(
            x: pad.left, y: textFrame.maxY + textPad.bottom,
            width: max(0, width - pad.horizontal), height: bottomHeight)
        place(bottom, bottomSizes, in: bottomFrame, trailing: false, position: .bottom, top: true)

        return InputBarLayout(
            width: width, height: bottomFrame.maxY + pad.bottom,
            leftStackFrame: leftFrame, textFrame: textFrame, rightStackFrame: rightFrame,
            bottomStackFrame: bottomFrame, itemFrames: itemFrames, lineCount: lineCount,
            visibleLineCount: visibleLines, isTextScrollable: lineCount > maxLines,
            showsPlaceholder: text.isEmpty, isAnimated: false, replyBanner: banner)
    }

    /// The width of items side by side with `spacing` between them.
    static func naturalWidth(_ sizes: [Size], spacing: Double) -> Double {
        guard !sizes.isEmpty else { return 0 }
        return sizes.reduce(0) { $0 + $1.width } + spacing * Double(sizes.count - 1)
    }

    /// Horizontal slots for items of `widths` in a stack `available` wide: flexible items
    /// share any extra room (else the items keep to one side); too little room squeezes
    /// items and gaps alike.
    static func distribute(
        _ widths: [Double], flexible: [Bool], spacing: Double, in available: Double,
        trailing: Bool
    ) -> [(x: Double, width: Double)] {
        let natural = naturalWidth(widths.map { Size(width: $0, height: 0) }, spacing: spacing)
        var widths = widths
        var gap = spacing
        var x = 0.0
        if available >= natural {
            let extra = available - natural
            let flexibleCount = flexible.filter { $0 }.count
            if flexibleCount > 0 {
                let share = extra / Double(flexibleCount)
                for index in widths.indices where flexible[index] { widths[index] += share }
            } else if trailing {
                x = extra
            }
        } else {
            let scale = natural > 0 ? available / natural : 0
            widths = widths.map { $0 * scale }
            gap *= scale
        }
        var slots: [(x: Double, width: Double)] = []
        for width in widths {
            slots.append((x, width))
            x += width + gap
        }
        return slots
    }

    private static func clamped(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }

    private static func clamped(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: clamped(insets.top), left: clamped(insets.left),
            bottom: clamped(insets.bottom), right: clamped(insets.right))
    }
}
