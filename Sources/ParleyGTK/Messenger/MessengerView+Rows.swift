import CGtk4
import ParleyCore

/// Placing rows: the viewport says which rows are visible and where; row views are taken
/// from the pool, configured, placed, and returned to the pool when they scroll away.
extension MessengerView {
    /// How many idle row views to keep for reuse.
    static let poolLimit = 48

    func allocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        if size != viewport.size { viewport.resize(to: size) }
        let visible = viewport.visibleRows(overscan: overscan)
        animator.begin(visible)
        var next: [RowID: RowView] = [:]
        var placed: [RowID: Double] = [:]
        var previous: WidgetPointer?
        for row in visible {
            let id = row.row.id
            let view = active.removeValue(forKey: id) ?? dequeue()
            view.configure(row, host: self, scope: sheet.scopeClass)
            let widget = view.frame.widget
            if !widget.isChildVisible { widget.isChildVisible = true }
            // Keep the widget order equal to the reading order, for screen readers.
            if gtk_widget_get_prev_sibling(widget) != previous {
                gtk_widget_insert_after(widget, list.widget, previous)
            }
            previous = widget
            gtk_widget_set_opacity(widget, animator.opacity(for: id))
            widget.place(x: 0, y: row.y + animator.offset(for: id), width: width, height: row.layout.height)
            next[id] = view
            placed[id] = row.y
        }
        for view in active.values { recycle(view) }
        active = next
        lastPlaced = placed
        for ghost in animator.ghosts {
            gtk_widget_set_opacity(ghost.view.frame.widget, ghost.opacity(at: animator.now))
            ghost.view.frame.widget.place(x: 0, y: ghost.y, width: width, height: ghost.view.layout.height)
        }
        for finished in animator.takeFinishedGhosts() { recycle(finished) }
        menu.present()
        // Showing, hiding or relabelling widgets beside the list must wait until this
        // layout is over.
        if !chromeUpdateScheduled {
            chromeUpdateScheduled = true
            Idle.once { [weak self] in
                guard let self else { return }
                self.chromeUpdateScheduled = false
                self.updateScrollbar()
                self.updateNewMessagesButton()
            }
        }
        if animator.isAnimating { startTicking() }
    }

    private func dequeue() -> RowView {
        if let view = pool.popLast() { return view }
        let view = RowView()
        list.add(view.frame.widget)
        return view
    }

    func recycle(_ view: RowView) {
        view.frame.widget.isChildVisible = false
        gtk_widget_set_opacity(view.frame.widget, 1)
        if pool.count < Self.poolLimit {
            pool.append(view)
        } else {
            list.remove(view.frame.widget)
        }
    }

    /// The row views on screen, top to bottom (for tests and accessibility checks).
    var visibleRowViews: [RowView] {
        active.values.sorted { (lastPlaced[$0.id!] ?? 0) < (lastPlaced[$1.id!] ?? 0) }
    }

    // MARK: Chrome

    func updateScrollbar() {
        let indicator = viewport.scrollIndicator
        isUpdatingScrollbar = true
        gtk_adjustment_configure(adjustment, indicator.position, 0, 1, 0.01, indicator.length, indicator.length)
        isUpdatingScrollbar = false
        let needed = indicator.length < 0.999
        if scrollbar.isShown != needed { scrollbar.isShown = needed }
    }

    func updateNewMessagesButton() {
        let show = !viewport.isPinnedToBottom && !viewport.isAtBottom
        if show {
            let unread = viewport.unreadCount()
            let title = unread == 0 ? "↓" : unread == 1 ? "↓ 1 new message" : "↓ \(unread) new messages"
            if String(cString: gtk_button_get_label(newMessagesButton.ptr())) != title {
                gtk_button_set_label(newMessagesButton.ptr(), title)
                parley_set_label(newMessagesButton, unread == 0 ? "Scroll to the newest message" : String(title.dropFirst(2)))
            }
        }
        if newMessagesButton.isShown != show { newMessagesButton.isShown = show }
    }
}
