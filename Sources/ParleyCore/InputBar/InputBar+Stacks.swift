/// The three stacks of items and their widths.
extension InputBar {
    /// The items before the text view. Assigning reports changes without animation.
    public var leftStack: InputBarStack {
        get { left }
        set { replaceStack(at: .left, with: newValue, animated: false) }
    }

    /// The items after the text view (the send item, by default).
    public var rightStack: InputBarStack {
        get { right }
        set { replaceStack(at: .right, with: newValue, animated: false) }
    }

    /// The items under the text view, left to right; its width is always the bar's.
    public var bottomStack: InputBarStack {
        get { bottom }
        set { replaceStack(at: .bottom, with: newValue, animated: false) }
    }

    /// The stack at `position`.
    public func stack(at position: InputBarStack.Position) -> InputBarStack {
        switch position {
        case .left: return left
        case .right: return right
        case .bottom: return bottom
        }
    }

    /// Every item: left, right and bottom stacks in order, then the send item if it is in
    /// none of them.
    public var items: [InputBarItem] {
        // One array, made once: front ends ask for it every frame (#15).
        var all: [InputBarItem] = []
        all.reserveCapacity(left.items.count + right.items.count + bottom.items.count + 1)
        all.append(contentsOf: left.items)
        all.append(contentsOf: right.items)
        all.append(contentsOf: bottom.items)
        if !all.contains(where: { $0 === sendItem }) { all.append(sendItem) }
        return all
    }

    /// The item with `id`, if the bar has one.
    public func item(withID id: String) -> InputBarItem? {
        items.first { $0.id == id }
    }

    /// Replaces the items of the stack at `position`.
    ///
    /// Items taken from another stack (or another bar) leave it. `animated` is reported in
    /// the ``InputBarEvent/itemsChanged(_:animated:)`` event and the next layout.
    public func setItems(
        _ items: [InputBarItem], in position: InputBarStack.Position, animated: Bool = false
    ) {
        var stack = stack(at: position)
        stack.items = items
        replaceStack(at: position, with: stack, animated: animated)
    }

    /// Sets the left stack's width: 0 collapses it, `nil` sizes it to its items.
    public func setLeftStackWidth(_ width: Double?, animated: Bool = false) {
        setStackWidth(width, at: .left, animated: animated)
    }

    /// Sets the right stack's width: 0 collapses it, `nil` sizes it to its items.
    public func setRightStackWidth(_ width: Double?, animated: Bool = false) {
        setStackWidth(width, at: .right, animated: animated)
    }

    /// Sets the width of the left or right stack (the bottom stack's is ignored) and, when
    /// it changes, reports it in a ``InputBarEvent/stackWidthChanged(_:width:animated:)``
    /// event and the next layout, so the front end can animate.
    public func setStackWidth(
        _ width: Double?, at position: InputBarStack.Position, animated: Bool = false
    ) {
        guard position != .bottom else { return }
        var stack = stack(at: position)
        stack.width = width
        replaceStack(at: position, with: stack, animated: animated)
    }

    // MARK: Bookkeeping

    func replaceStack(
        at position: InputBarStack.Position, with newValue: InputBarStack, animated: Bool
    ) {
        var incoming = newValue
        if position == .bottom { incoming.width = nil }
        var unique: [InputBarItem] = []
        for item in incoming.items where !unique.contains(where: { $0 === item }) {
            unique.append(item)
        }
        incoming.items = unique
        let old = stack(at: position)
        guard incoming != old else { return }
        let before = items

        // Take the incoming items out of the other stacks and other bars.
        for item in unique {
            if let owner = item.inputBar, owner !== self { owner.release(item) }
        }
        for other in InputBarStack.Position.allCases where other != position {
            var stack = stack(at: other)
            guard stack.items.contains(where: { incoming.contains($0) }) else { continue }
            stack.items.removeAll { incoming.contains($0) }
            store(stack, at: other)
            broadcaster.yield(.itemsChanged(other, animated: animated))
        }
        store(incoming, at: position)

        let after = items
        for item in before where !after.contains(where: { $0 === item }) {
            item.inputBar = nil
            item.position = nil
        }
        for place in InputBarStack.Position.allCases {
            for item in stack(at: place).items {
                item.inputBar = self
                item.position = place
            }
        }
        if !sendItemIsStacked { sendItem.inputBar = self; sendItem.position = nil }

        if !old.hasSameItems(as: incoming) || old.spacing != incoming.spacing {
            broadcaster.yield(.itemsChanged(position, animated: animated))
        }
        if old.width != incoming.width {
            broadcaster.yield(
                .stackWidthChanged(position, width: incoming.width, animated: animated))
        }
        if animated { pendingAnimation = true }
        refreshHeight()
    }

    /// Removes `item`, which another bar takes, from this bar's stacks.
    func release(_ item: InputBarItem) {
        for position in InputBarStack.Position.allCases where stack(at: position).contains(item) {
            var stack = stack(at: position)
            stack.items.removeAll { $0 === item }
            store(stack, at: position)
            broadcaster.yield(.itemsChanged(position, animated: false))
        }
        item.inputBar = nil
        item.position = nil
        refreshHeight()
    }

    private var sendItemIsStacked: Bool {
        InputBarStack.Position.allCases.contains { stack(at: $0).contains(sendItem) }
    }

    private func store(_ stack: InputBarStack, at position: InputBarStack.Position) {
        switch position {
        case .left: left = stack
        case .right: right = stack
        case .bottom: bottom = stack
        }
    }
}
