internal import CGtk4
import ParleyCore

/// Measuring and placing: the model's layout, the attachment strip above it, and the
/// brief slide of animated stack changes.
extension InputBarView {
    /// The width laid out at before GTK gives one, and the natural width.
    static let defaultWidth = 360.0
    /// The gap between the attachment strip and the bar's content under it.
    static let attachmentGap = 8.0
    /// The narrowest text field GTK may give the bar.
    static let minimumTextWidth = 48.0

    /// The room the attachment strip takes above the bar's content (0 without attachments).
    var attachmentsHeight: Double {
        attachments.isEmpty ? 0 : Double(AttachmentChip.side) + Self.attachmentGap
    }

    /// The room around the text's lines inside the text frame: the text view's margins
    /// (``textInsets``) plus the field's own border and padding (``fieldChrome``).
    var textFrameInsets: EdgeInsets {
        EdgeInsets(
            top: textInsets.top + fieldChrome.top, left: textInsets.left + fieldChrome.left,
            bottom: textInsets.bottom + fieldChrome.bottom, right: textInsets.right + fieldChrome.right)
    }

    /// The model's layout at `width`, measured as the text view draws.
    func layout(width: Double) -> InputBarLayout {
        let textMeasurer = InputTextMeasurer(
            base: measurer, text: model.text, font: model.font, insets: textFrameInsets, maxLines: model.maxLines)
        let result = model.layout(width: width, measurer: textMeasurer)
        if result.isAnimated { animatesNextLayout = true }
        return result
    }

    /// The bar's size request: the layout's height at the width (plus the attachments); in
    /// width, room for the stacks, paddings and a narrow text field.
    func measure(vertical: Bool, forSize: Int) -> (minimum: Int, natural: Int) {
        if vertical {
            let width = forSize >= 0 ? Double(forSize) : (allocatedWidth ?? Self.defaultWidth)
            let height = Int(saturating: (layout(width: width).height + attachmentsHeight).rounded(.up))
            return (height, height)
        }
        let minimum = Int(saturating: minimumWidth().rounded(.up))
        return (minimum, max(minimum, Int(Self.defaultWidth)))
    }

    private func minimumWidth() -> Double {
        func width(of stack: InputBarStack) -> Double {
            if let width = stack.width { return width }
            let sizes = stack.items.map { $0.intrinsicSize(measuredBy: measurer).width }
            return sizes.reduce(0, +) + stack.spacing * Double(max(0, sizes.count - 1))
        }
        return model.padding.horizontal + model.textViewPadding.horizontal + width(of: model.leftStack)
            + width(of: model.rightStack) + Self.minimumTextWidth
    }

    /// Places everything at `width`: the attachment strip on top, then the text field,
    /// the placeholder and the item buttons where the layout (or the running animation)
    /// puts them.
    func allocate(width: Double, height: Double) {
        allocatedWidth = width
        mentionPopover?.present()
        let target = layout(width: width)
        let now = TickCallbacks.now(of: root)
        if animatesNextLayout {
            animatesNextLayout = false
            startAnimation(towards: target, now: now)
        }
        var shown = target
        if let animation, let now { shown = animation.layout(at: now, towards: target) }
        shownLayout = shown

        let top = attachmentsHeight
        if !attachments.isEmpty {
            let padding = model.padding
            Self.place(
                attachmentStrip,
                Rect(x: padding.left, y: padding.top, width: max(0, width - padding.horizontal),
                     height: Double(AttachmentChip.side)))
        }

        if let banner = shown.replyBanner {
            Self.place(replyLabel, banner.textFrame.offsetBy(dx: 0, dy: top))
            Self.place(replyCancel, banner.cancelFrame.offsetBy(dx: 0, dy: top))
        }
        let textFrame = shown.textFrame.offsetBy(dx: 0, dy: top)
        // The scrollbar (and its minimum height) only when the text is longer than the
        // field shows.
        let policy = target.isTextScrollable ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL
        var current = GTK_POLICY_NEVER
        gtk_scrolled_window_get_policy(field.opaque, nil, &current)
        if current != policy { gtk_scrolled_window_set_policy(field.opaque, GTK_POLICY_NEVER, policy) }
        let fieldSize = Self.place(field, textFrame)
        measureFieldChrome(allocated: fieldSize)
        let inset = textFrameInsets
        let lineHeight = measurer.measure("", font: model.font, maxWidth: 1).size.height
        Self.place(
            placeholderLabel,
            Rect(x: textFrame.minX + inset.left, y: textFrame.minY + inset.top,
                 width: max(0, textFrame.width - inset.horizontal), height: lineHeight))

        for button in buttons {
            let slot = button.slot.widget
            guard let item = shown.itemFrames.first(where: { $0.id == button.item.id }),
                item.frame.width >= 0.5, item.frame.height >= 0.5
            else {
                // Out of the drawing, picking and focus chain, without a relayout.
                if gtk_widget_get_child_visible(slot) != 0 { gtk_widget_set_child_visible(slot, 0) }
                continue
            }
            if gtk_widget_get_child_visible(slot) == 0 { gtk_widget_set_child_visible(slot, 1) }
            // Squeezed items (a stack collapsing) fade with their width.
            let natural = button.item.intrinsicSize(measuredBy: measurer).width
            let opacity = natural > 0 ? min(1, item.frame.width / natural) : 1
            gtk_widget_set_opacity(slot, opacity)
            Self.place(slot, item.frame.offsetBy(dx: 0, dy: top))
        }
    }

    /// Learns how much room the field's CSS (border, padding) takes around the text view
    /// from the allocation just made; when it changes, the bar is measured again.
    private func measureFieldChrome(allocated: (width: Double, height: Double)) {
        let width = Double(gtk_widget_get_width(textView))
        let height = Double(gtk_widget_get_height(textView))
        guard width > 0, height > 0 else { return }
        let horizontal = max(0, allocated.width - width)
        // The text view's own vertical margins are part of ``textInsets``, not chrome.
        let margins = Double(gtk_widget_get_margin_top(textView) + gtk_widget_get_margin_bottom(textView))
        let vertical = max(0, allocated.height - height - margins)
        let chrome = EdgeInsets(top: vertical / 2, left: horizontal / 2, bottom: vertical / 2, right: horizontal / 2)
        guard chrome != fieldChrome else { return }
        fieldChrome = chrome
        gtk_widget_queue_resize(root)
    }

    /// Starts sliding from the frames on screen towards `target`, if anything moves.
    private func startAnimation(towards target: InputBarLayout, now: Double?) {
        guard let now, let from = shownLayout, from.width == target.width,
            InputBarAnimation.framesDiffer(from, target)
        else {
            animation = nil
            return
        }
        animation = InputBarAnimation(from: from, start: now)
        guard !isTicking else { return }
        isTicking = true
        TickCallbacks.add(to: root) { [weak self] time in
            guard let self else { return false }
            gtk_widget_queue_allocate(self.root)
            guard let animation = self.animation, !animation.isFinished(at: time) else {
                self.animation = nil
                self.isTicking = false
                return false
            }
            return true
        }
    }

    /// Allocates `child` at `rect` (pixels from the bar's top-left), measuring it first
    /// as GTK requires; never below its minimum size. Returns the size given.
    @discardableResult
    static func place(_ child: WidgetPointer, _ rect: Rect) -> (width: Double, height: Double) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = max(Double(minimum), rect.width.rounded())
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, Int32(saturating: width), &minimum, &natural, nil, nil)
        let height = max(Double(minimum), rect.height.rounded())
        var origin = graphene_point_t(x: Float(rect.minX.rounded()), y: Float(rect.minY.rounded()))
        gtk_widget_allocate(child, Int32(saturating: width), Int32(saturating: height), -1, gsk_transform_translate(nil, &origin))
        return (width, height)
    }
}
