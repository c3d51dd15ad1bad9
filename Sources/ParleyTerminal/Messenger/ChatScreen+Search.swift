import ParleyCore

/// Search in the conversation, in cells: Ctrl-F or `/search words` opens a field on the
/// list's last line with the results above it (sender, date, snippet with the match
/// reversed); the presenter does the searching and the going (``ChatPresenter/search(_:)``).
extension ChatScreen {
    /// The word that opens search from the composer: `/search lunch friday`.
    public static let searchCommand = "/search"

    /// The most results listed above the field at once.
    static let searchListLength = 5

    /// Opens search with `text` in the field (searching for it at once when not empty).
    public func openSearch(_ text: String = "") {
        presenter.beginSearch()
        searchBar = TerminalSearchBar()
        searchBar.text = text
        searchBar.editor.moveToEnd(of: text)
        if !text.isEmpty { startSearch() }
    }

    /// Waits for the search or move under way (for tests and scripted sessions).
    public func searchSettled() async {
        await searchBar.task?.value
    }

    /// The words after `/search` when `text` is that command, else `nil`.
    static func searchWords(in text: String) -> String? {
        let trimmed = text.drop { $0 == " " }
        guard trimmed.hasPrefix(searchCommand) else { return nil }
        let rest = trimmed.dropFirst(searchCommand.count)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return String(rest.drop { $0 == " " })
    }

    /// Handles `command` while search is open; `nil` leaves it to the screen (scrolling,
    /// clicks, quitting).
    func performSearch(_ command: MessengerCommand) -> Bool? {
        var text = searchBar.text
        searchBar.editor.clamp(to: text)
        switch command {
        case .insert("n") where searchBar.isBrowsing: move { await $0.nextResult() }
        case .insert("N") where searchBar.isBrowsing: move { await $0.previousResult() }
        case .insert(let string):
            let line = string.filter { $0 != "\n" && $0 != "\r" }
            searchBar.editor.insert(line, into: &text)
        case .backspace: searchBar.editor.backspace(in: &text)
        case .delete: searchBar.editor.delete(in: &text)
        case .deleteWordBack: searchBar.editor.deleteWordBack(in: &text)
        case .killToLineStart: searchBar.editor.killToLineStart(in: &text)
        case .killToLineEnd: searchBar.editor.killToLineEnd(in: &text)
        case .cursorLeft: searchBar.editor.left(in: text)
        case .cursorRight: searchBar.editor.right(in: text)
        case .lineStart: searchBar.editor.lineStart(in: text)
        case .lineEnd: searchBar.editor.lineEnd(in: text)
        case .lineDown, .selectNext: move { await $0.nextResult() }
        case .lineUp, .selectPrevious: move { await $0.previousResult() }
        case .send, .newline:
            searchBar.isBrowsing = true
            if let current = presenter.search?.current {
                move { await $0.goToResult(at: current) }
            } else {
                move { await $0.nextResult() }
            }
        case .cancel:
            // The field is gone with its text: nothing below may start a search again.
            closeSearch()
            return true
        case .search:
            searchBar.isBrowsing = false
        default:
            return nil
        }
        if text != searchBar.text {
            searchBar.text = text
            searchBar.isBrowsing = false
            startSearch()
        }
        return true
    }

    /// Ends search; the list stays where it went.
    func closeSearch() {
        searchBar.task?.cancel()
        searchBar = TerminalSearchBar()
        presenter.endSearch()
    }

    private func startSearch() {
        let text = searchBar.text
        let presenter = self.presenter
        searchBar.task = Task { @MainActor in _ = await presenter.search(text) }
    }

    /// Goes to result `index`, as a click on its line does.
    func goToSearchResult(_ index: Int) {
        searchBar.isBrowsing = true
        move { await $0.goToResult(at: index) }
    }

    private func move(_ body: @escaping @MainActor (ChatPresenter) async -> Bool) {
        let presenter = self.presenter
        let previous = searchBar.task
        searchBar.task = Task { @MainActor in
            await previous?.value
            _ = await body(presenter)
        }
    }

    /// Draws the field on the list's last line and the results above it; returns where
    /// the cursor goes.
    func drawSearch(_ state: SearchState, palette: TerminalPalette, top: Int, height: Int, into screen: inout CellBuffer)
        -> (x: Int, y: Int)?
    {
        searchBar.resultLines = []
        guard height > 0 else { return nil }
        let strings = style.strings
        let y = top + height - 1
        screen.fill(CellRect(x: 0, y: y, width: columns, height: 1), style: palette.chrome)
        var x = screen.put(" ⌕ ", x: 0, y: y, style: palette.accent, maxWidth: columns)
        let status = state.status(strings)
        let statusWidth = status.isEmpty ? 0 : min(columns / 2, TerminalWidth.columns(of: status) + 2)
        let fieldWidth = max(0, columns - x - statusWidth)
        let cursor: (x: Int, y: Int)
        if searchBar.text.isEmpty {
            screen.put(strings.search, x: x, y: y, style: palette.chrome.adding(.italic).adding(.dim), maxWidth: fieldWidth)
            cursor = (x, y)
        } else {
            let shown = InertText.singleLine(searchBar.text)
            let before = InertText.singleLine(String(searchBar.text.utf8.prefix(searchBar.editor.cursor)) ?? shown)
            screen.put(shown, x: x, y: y, style: palette.chrome.adding(.bold), maxWidth: fieldWidth)
            cursor = (min(x + TerminalWidth.columns(of: before), x + max(0, fieldWidth - 1)), y)
        }
        if statusWidth > 0 {
            screen.put(status, x: columns - statusWidth + 1, y: y, style: palette.label, maxWidth: statusWidth - 1)
        }
        x = 0
        // The results, a window of them around the current one, newest at the top.
        let rows = min(state.results.count, Self.searchListLength, height - 1)
        listOverlays.append(CellRect(x: 0, y: y - max(0, rows), width: columns, height: max(0, rows) + 1))
        guard rows > 0 else { return cursor }
        let current = state.current ?? 0
        let first = min(max(0, current - rows / 2), state.results.count - rows)
        for line in 0..<rows {
            let index = first + line
            let result = state.results[index]
            let rowY = y - rows + line
            searchBar.resultLines.append((rowY, index))
            let isCurrent = index == state.current
            let base = isCurrent ? palette.accent : palette.chrome
            screen.fill(CellRect(x: 0, y: rowY, width: columns, height: 1), style: base)
            var column = screen.put(isCurrent ? " › " : "   ", x: 0, y: rowY, style: base, maxWidth: columns)
            let name = InertText.singleLine(result.sender.name) + " · "
            var head = name + presenter.dateText(of: result) + " · "
            // A narrow line keeps room for the words found: the date goes first.
            if columns - column - TerminalWidth.columns(of: head) < Self.leastSnippetColumns { head = name }
            column += screen.put(head, x: column, y: rowY, style: base.adding(.bold), maxWidth: columns - column)
            // On a narrow line the match is brought into view rather than clipped away.
            let snippet = result.snippet.fitting(width: max(0, columns - column), measuring: TerminalWidth.columns(of:))
            column += drawSnippet(snippet, x: column, y: rowY, style: base, into: &screen)
        }
        return cursor
    }

    /// The fewest columns a result's snippet keeps before its date is left out.
    static let leastSnippetColumns = 16

    /// The snippet with its matches reversed; returns the columns used.
    private func drawSnippet(_ snippet: SearchSnippet, x: Int, y: Int, style: CellStyle, into screen: inout CellBuffer) -> Int {
        var column = x
        var offset = 0
        var marks = snippet.matches[...]
        for character in snippet.text where column < columns {
            while let mark = marks.first, mark.upperBound <= offset { marks.removeFirst() }
            let isMatch = marks.first.map { $0.contains(offset) } ?? false
            column += screen.put(
                String(character), x: column, y: y, style: isMatch ? style.adding([.reverse, .bold]) : style,
                maxWidth: columns - column)
            offset += character.utf8.count
        }
        return column - x
    }
}
