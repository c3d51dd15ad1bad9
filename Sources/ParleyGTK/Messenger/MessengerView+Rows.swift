internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// Placing rows, in two steps per frame.
///
/// 1. Before layout (the frame clock's update phase, in ``frame(at:)``), ``updateRows()``
///    asks the presenter for a frame (which rows are visible), takes row views from the pool, fills them
///    (text, CSS classes, which parts show) and puts them in reading order.
/// 2. In the list's size allocation, ``allocate(width:height:)`` only places those views at
///    their frames.
///
/// Filling a row queues resizes up the widget tree. GTK 4 handles that before layout, but
/// a resize queued from inside a size allocation can stay pending on an ancestor that was
/// only passing the allocation down (the GtkBox around the list) after the window's
/// layout is over. GTK then skips that ancestor when drawing ("Trying to snapshot GtkBox
/// … without a current allocation"), and since its render node is not rebuilt afterwards
/// the list can stay blank: `parley-bench gtk` showed it at 10k messages. So nothing in
/// the allocation changes a widget's content. The one exception is the very first
/// allocation, when every ancestor is allocated anew and the rows cannot be filled
/// earlier because the width is not known.
extension MessengerView {
    /// How many idle row views to keep for reuse.
    static let poolLimit = 48

    // MARK: Frames

    /// Brings the rows up to date before the next frame's layout: call after using the
    /// ``presenter``'s verbs directly (the view's own scrolling calls do it).
    public func relayout() {
        needsRowUpdate = true
        scheduleFrame()
    }

    /// Runs ``frame(at:)`` at the next frame (and at every frame while it asks to).
    func scheduleFrame() {
        guard frameTick == nil else { return }
        scrolling.lastTime = nil
        frameTick = TickCallbacks.add(to: list.widget) { [weak self] time in
            guard let self else { return false }
            let more = self.frame(at: time)
            if !more { self.frameTick = nil }
            return more
        }
    }

    /// The per-frame work before layout: scrolling motion, row updates, animations and the
    /// scroll bar. Returns whether the next frame needs it too.
    private func frame(at time: Double) -> Bool {
        let distance = scrolling.step(at: time)
        if distance != 0 {
            holdHover()
            presenter.scroll(by: distance)
            needsRowUpdate = true
        }
        for finished in animator.takeFinishedGhosts() { recycle(finished) }
        // Until the first allocation the width is unknown; that allocation fills the rows.
        if hasAllocated {
            if needsRowUpdate {
                updateRows()
            } else if needsChromeUpdate {
                updateChrome()
            }
        }
        let animating = animator.isAnimating
        if animating { gtk_widget_queue_allocate(list.widget) }
        return scrolling.isMoving || animating || (hasAllocated && (needsRowUpdate || needsChromeUpdate))
    }

    // MARK: Updating

    /// Fills row views with the rows of the presenter's frame and puts them in reading
    /// order; the next allocation places them.
    ///
    /// - Parameter inAllocation: Whether this runs inside the first allocation (the scroll
    ///   bar and the new-messages button then wait for the next frame).
    func updateRows(inAllocation: Bool = false) {
        needsRowUpdate = false
        let frame = presenter.frame(overscan: overscan)
        let searchMatch = presenter.searchMatch
        lastFrame = frame
        placedAnchor = (presenter.viewport.anchor, presenter.viewport.isPinnedToBottom)
        let visible = frame.rows
        animator.begin(visible)
        // Views whose rows left go to the pool after this frame, where a row coming back
        // finds its own. They take a new row now only when no idle view is left and the
        // list holds all the views it keeps, or for an arriving message (see `dequeue`).
        var leaving: [RowView] = []
        if active.count > 0 {
            let ids = Set(visible.map(\.row.id))
            for (id, view) in active where !ids.contains(id) {
                leaving.append(view)
                active[id] = nil
            }
        }
        var next: [RowID: RowView] = [:]
        var placed: [RowID: Double] = [:]
        var order: [(view: RowView, y: Double)] = []
        order.reserveCapacity(visible.count)
        var previous: WidgetPointer?
        // The views of this frame's rows: those placed so far, and those of rows to come
        // that show already. Only their order matters (see `follows`).
        var ordered = Set(active.values.map { $0.frame.widget })
        for row in visible {
            let id = row.row.id
            let view = active.removeValue(forKey: id)
                ?? dequeue(for: row, arriving: arrivals.contains(id), leaving: &leaving, onScreen: visible.count)
            view.configure(row, host: self, scope: sheet.scopeClass)
            view.setHighlighted(frame.highlighted.map { id == .message($0) } ?? false)
            view.setSelected(frame.selected.map { id == .message($0) } ?? false, ring: hasKeyboardFocus)
            view.setSearchMatch(searchMatch)
            let widget = view.frame.widget
            view.setPosition(row.index + 1, of: frame.rowCount)
            let arriving = arrivals.remove(id) != nil
            if !widget.isChildVisible {
                widget.isChildVisible = true
                if !arriving { widget.setAccessibleHidden(false) }
            }
            if arriving { announceArrival(of: view) }
            // Keep the widget order equal to the reading order, for screen readers.
            ordered.insert(widget)
            if !Self.follows(widget, previous, among: ordered) {
                gtk_widget_insert_after(widget, list.widget, previous)
            }
            previous = widget
            next[id] = view
            placed[id] = row.y
            order.append((view, row.y))
        }
        for view in leaving { recycle(view) }
        player.rowsShown(Set(next.keys))
        // Arrivals out of view are not read out; the new-messages button counts them.
        arrivals.removeAll()
        active = next
        lastPlaced = placed
        placements = order
        gtk_widget_queue_allocate(list.widget)
        if inAllocation {
            needsChromeUpdate = true
            scheduleFrame()
        } else {
            updateChrome(frame)
        }
    }

    /// Whether `widget` comes after `previous` (first when `nil`) with no other view of
    /// `ordered` between them.
    ///
    /// Views waiting in the pool, or leaving, may sit anywhere among the rows: they are out
    /// of sight and out of the accessibility tree. Moving a widget among its siblings
    /// queues a resize of the list (up to the window) and moves its CSS node, so a row is
    /// moved only when the reading order needs it: had the rows to sit side by side, the
    /// first row would move on every step that sends a row to the pool.
    static func follows(_ widget: WidgetPointer, _ previous: WidgetPointer?, among ordered: Set<WidgetPointer>) -> Bool {
        var sibling = gtk_widget_get_prev_sibling(widget)
        while let current = sibling, current != previous {
            if ordered.contains(current) { return false }
            sibling = gtk_widget_get_prev_sibling(current)
        }
        return sibling == previous
    }

    /// A view for `row`.
    ///
    /// First the idle view that showed this very row last: it still holds the row's text
    /// laid out and its widgets styled, so a row that scrolls back in (a wheel turned back,
    /// a page up and down again) is only drawn again, not filled. Otherwise an idle view,
    /// oldest first, preferably styled like the row already (restyling a row's widgets is
    /// much of what filling it costs). With no idle view, and while the list holds fewer
    /// views than twice the rows on screen, a new one: the views of the rows that just left
    /// then wait in the pool for their rows. Else one of those, which is also where an
    /// arriving message goes, since a screen reader announces a row only in a view it has
    /// met (see ``announceArrival(of:)``).
    private func dequeue(for row: VisibleRow, arriving: Bool, leaving: inout [RowView], onScreen: Int) -> RowView {
        let id = row.row.id
        if let index = pool.lastIndex(where: { $0.id == id }) { return pool.remove(at: index) }
        let classes = RowStateClasses(row: row.row, context: row.context)
        let takesLeaving = arriving || (pool.isEmpty && rowViewCount >= 2 * onScreen)
        if takesLeaving, !leaving.isEmpty {
            return leaving.remove(at: leaving.lastIndex(where: { $0.stateClasses == classes }) ?? leaving.count - 1)
        }
        if let index = pool.firstIndex(where: { $0.stateClasses == classes }) { return pool.remove(at: index) }
        if !pool.isEmpty { return pool.removeFirst() }
        let view = RowView()
        list.add(view.frame.widget)
        parley_hover_adopt(list.widget.raw, view.frame.widget.raw)
        rowViewCount += 1
        return view
    }

    /// Tells a screen reader that `view`'s row is a new item of the log: GTK 4.8 has no
    /// announcement call, but AT-SPI's `children-changed:add` on a `log` is how a live
    /// region reports an addition, so the row leaves the accessibility tree and comes back
    /// with its name already set. (GTK reports it only for a row a screen reader has met
    /// before; recycled views are, which is why rows come from the pool.)
    func announceArrival(of view: RowView) {
        view.frame.widget.setAccessibleHidden(true)
        view.frame.widget.setAccessibleHidden(false)
    }

    func recycle(_ view: RowView) {
        view.releaseMedia()
        view.frame.widget.isChildVisible = false
        // A recycled row stays a child of the list: keep screen readers from reading it.
        view.frame.widget.setAccessibleHidden(true)
        gtk_widget_set_opacity(view.frame.widget, 1)
        // Idle views are kept in the order they left, the oldest let go when there are
        // too many: the rows seen last are the likeliest to come back.
        pool.append(view)
        if pool.count > Self.poolLimit {
            list.remove(pool.removeFirst().frame.widget)
            rowViewCount -= 1
        }
    }

    // MARK: Allocation

    func allocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        let resized = size != presenter.size
        if resized { presenter.resize(to: size) }
        if !hasAllocated {
            hasAllocated = true
            // Heard now, at the real width (a resize has settled the rows already).
            let early = changesBeforeAllocation
            changesBeforeAllocation = (nil, nil)
            if let history = early.history {
                presenter.conversationChanged(history)
            } else if let last = early.last, !resized {
                presenter.conversationChanged(last)
            }
            if selectsOnAllocation, hasKeyboardFocus, presenter.selection == nil { presenter.selectPrevious() }
            selectsOnAllocation = false
            updateRows(inAllocation: true)
        } else if resized {
            refit()
        }
        for (view, y) in placements {
            let widget = view.frame.widget
            guard let id = view.id else { continue }
            gtk_widget_set_opacity(widget, animator.opacity(for: id))
            widget.place(x: 0, y: y + animator.offset(for: id), width: width, height: view.layout.height)
        }
        let time = animator.now
        for ghost in animator.ghosts {
            gtk_widget_set_opacity(ghost.view.frame.widget, ghost.opacity(at: time))
            ghost.view.frame.widget.place(x: 0, y: ghost.y, width: width, height: ghost.view.layout.height)
        }
        menu.present()
        if animator.isAnimating { scheduleFrame() }
    }

    /// After a resize: the rows already filled take their layouts at the new size; rows
    /// that need filling (they scrolled in, or look different at this width) wait for the
    /// next frame, since filling them here could leave an ancestor unallocated.
    private func refit() {
        let frame = presenter.frame(overscan: overscan)
        lastFrame = frame
        let visible = frame.rows
        var order: [(view: RowView, y: Double)] = []
        var placed: [RowID: Double] = [:]
        var complete = true
        for row in visible {
            if let view = active[row.row.id], view.adopt(row, scope: sheet.scopeClass) {
                order.append((view, row.y))
                placed[row.row.id] = row.y
            } else {
                complete = false
            }
        }
        // Rows that left the screen stay out of sight until the update recycles them.
        for (id, view) in active where placed[id] == nil {
            view.frame.widget.place(x: 0, y: -2 * presenter.size.height - view.layout.height, width: presenter.size.width, height: view.layout.height)
        }
        placements = order
        lastPlaced = placed
        if !complete { needsRowUpdate = true }
        needsChromeUpdate = true
        scheduleFrame()
    }

    /// The row views on screen, top to bottom (for tests and accessibility checks).
    var visibleRowViews: [RowView] {
        active.values.sorted { (lastPlaced[$0.id!] ?? 0) < (lastPlaced[$1.id!] ?? 0) }
    }

    // MARK: Chrome

    /// Brings the scroll bar, the new-messages button and the empty state up to date
    /// with `frame` (a fresh one when `nil`), outside allocation: showing or hiding them
    /// resizes the list.
    func updateChrome(_ frame: ChatFrame? = nil) {
        needsChromeUpdate = false
        let frame = frame ?? presenter.frame(overscan: overscan)
        lastFrame = frame
        updateScrollbar(frame.scrollIndicator)
        updateNewMessagesButton(frame.badge)
        updateUndoBar(frame.undo, notice: frame.notice)
        updateEmptyState(frame.emptyText)
        onChrome?(frame)
    }

    /// Shows the frame's empty text over the list.
    func updateEmptyState(_ text: String?) {
        if let text, String(cString: gtk_label_get_text(emptyLabel.ptr())) != text {
            gtk_label_set_text(emptyLabel.ptr(), text)
        }
        let empty = text != nil
        if emptyLabel.isShown != empty { emptyLabel.isShown = empty }
    }

    func updateScrollbar(_ indicator: ScrollIndicator) {
        if indicator != appliedIndicator {
            appliedIndicator = indicator
            isUpdatingScrollbar = true
            gtk_adjustment_configure(adjustment, indicator.position, 0, 1, 0.01, indicator.length, indicator.length)
            isUpdatingScrollbar = false
        }
        let needed = indicator.length < 0.999
        if scrollbar.isShown != needed { scrollbar.isShown = needed }
    }

    /// Shows "Message deleted · Undo" while the presenter can undo a deletion, or else
    /// `notice` in the same bar without its button.
    func updateUndoBar(_ undo: UndoNotice?, notice: String?) {
        if let undo {
            LabelText(undoLabel).show(undo.text, font: measurer.description(style.labelFont))
            if String(cString: gtk_button_get_label(undoButton.ptr())) != undo.action {
                gtk_button_set_label(undoButton.ptr(), undo.action)
            }
        } else if let notice {
            LabelText(undoLabel).show(notice, font: measurer.description(style.labelFont))
        }
        if undoButton.isShown != (undo != nil) {
            undoButton.isShown = undo != nil
            undoBar.setClass("notice", undo == nil)
        }
        let show = undo != nil || notice != nil
        if undoBar.isShown != show { undoBar.isShown = show }
    }

    func updateNewMessagesButton(_ badge: NewMessagesBadge?) {
        if let badge, String(cString: gtk_button_get_label(newMessagesButton.ptr())) != badge.text {
            gtk_button_set_label(newMessagesButton.ptr(), badge.text)
            newMessagesButton.setAccessibleLabel(badge.accessibleLabel)
        }
        let show = badge != nil
        if newMessagesButton.isShown != show { newMessagesButton.isShown = show }
    }
}
