import ParleyCore

/// ↑ and ↓ in the composer: moving through a draft of several lines, and recalling my
/// own messages to edit them, as chat clients do.
///
/// On an empty composer ↑ puts my last text message in the composer (``ChatScreen/editing``
/// names it, and the list's last line says "Editing message"); Enter replaces the
/// message through `Conversation.edit(_:to:at:animated:)` and calls
/// ``ChatScreen/onEdit``; Esc gives up. While editing, ↑ from the first line goes to my
/// message before, ↓ from the last line to the one after, and past the newest back to an
/// empty composer.
extension ChatScreen {
    /// The composer's text as drawn: wrapped at the text view's width, with where each
    /// line starts and ends in the shown (inert) text.
    private func composerLines(_ text: String) -> (shown: String, offsets: [Int], lines: [LineBreaker.Line])? {
        guard let bar = lastBarLayout, !text.isEmpty else { return nil }
        let shown = InertText.display(text)
        let offsets = InertText.displayOffsets(of: text)
        let width = CellRect(bar.textFrame).width
        return (shown, offsets, measurer.wrap(shown, maxWidth: Double(max(1, width))))
    }

    /// Moves the cursor `delta` lines (-1 up, 1 down) at the same column; from the first
    /// line up it goes to the start, from the last down to the end. Returns `false` when
    /// the draft has one line only or the cursor is already at that end, so the key means
    /// something else.
    func moveCursorVertically(by delta: Int, in text: String) -> Bool {
        editor.clamp(to: text)
        guard let (shown, offsets, lines) = composerLines(text), lines.count > 1 else { return false }
        let cursor = offsets[min(editor.cursor, offsets.count - 1)]
        let current = lines.lastIndex { $0.utf8Range.lowerBound <= cursor } ?? 0
        let target = current + delta
        if target < 0 {
            guard editor.cursor == 0 else {
                editor.move(to: 0, in: text)
                return true
            }
            return false
        }
        if target >= lines.count {
            guard editor.cursor == text.utf8.count else {
                editor.move(to: text.utf8.count, in: text)
                return true
            }
            return false
        }
        // The same column on the target line, by display width.
        let column = TerminalWidth.columns(of: Self.slice(shown, lines[current].utf8Range.lowerBound, cursor))
        let line = lines[target]
        var offset = line.utf8Range.lowerBound
        var used = 0
        for character in TerminalMeasurer.text(of: line, in: shown) {
            let width = TerminalWidth.columns(of: String(character))
            if used + width > column || character == "\n" { break }
            used += width
            offset += character.utf8.count
        }
        let raw = offsets.firstIndex { $0 >= offset } ?? text.utf8.count
        editor.move(to: raw, in: text)
        return true
    }

    private static func slice(_ text: String, _ start: Int, _ end: Int) -> String {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: max(0, min(start, utf8.count)))
        let to = utf8.index(utf8.startIndex, offsetBy: max(0, min(max(start, end), utf8.count)))
        return String(text[from..<to])
    }

    /// ↑ with nowhere to go in the draft.
    func lineUp(_ text: String) {
        if let editing {
            if let earlier = ownMessage(before: editing) { recall(earlier) }
        } else if text.isEmpty, let last = ownMessage(before: nil) {
            recall(last)
        } else {
            perform(.scroll(-1))
        }
    }

    /// ↓ with nowhere to go in the draft.
    func lineDown(_ text: String) {
        if let editing {
            if let later = ownMessage(after: editing) { recall(later) } else { cancelEditing() }
        } else {
            perform(.scroll(1))
        }
    }

    /// Puts my message `message` in the composer to edit.
    private func recall(_ message: Message) {
        guard case .text(let content) = message.content else { return }
        editing = message.id
        inputBar.text = content.string
        editor.moveToEnd(of: inputBar.text)
        presenter.scrollToBottom()
    }

    /// Replaces the message being edited with the composer's text (Enter while editing).
    /// Blank text changes nothing; the composer empties either way.
    func finishEditing() {
        guard let id = editing else { return }
        let text = inputBar.text
        if !inputBar.isTextBlank, conversation.message(id)?.content != .text(text) {
            let content = MessageContent.text(text)
            if (try? conversation.edit(id, to: content)) != nil { onEdit?(id, content) }
        }
        cancelEditing()
    }

    /// Leaves editing and empties the composer (Esc).
    func cancelEditing() {
        editing = nil
        inputBar.text = ""
        editor.clamp(to: "")
    }

    /// My newest text message older than `id` (or the newest of all for `nil`).
    private func ownMessage(before id: MessageID?) -> Message? {
        let mine = editableMessages()
        guard let id else { return mine.last }
        guard let index = mine.firstIndex(where: { $0.id == id }), index > 0 else { return nil }
        return mine[index - 1]
    }

    /// My oldest text message newer than `id`.
    private func ownMessage(after id: MessageID) -> Message? {
        let mine = editableMessages()
        guard let index = mine.firstIndex(where: { $0.id == id }), index + 1 < mine.count else { return nil }
        return mine[index + 1]
    }

    /// My loaded text messages, oldest first (the newest 200 at most). Looked for once
    /// per version of the conversation: ↑ on an empty composer asks on every press, and
    /// in a long history of others' messages the walk covers every loaded row.
    private func editableMessages() -> [Message] {
        let version = conversation.version
        if let known = editableMessagesFound, known.version == version { return known.messages }
        let me = conversation.me.id
        let found = conversation.read { rows in
            var found: [Message] = []
            var index = rows.count - 1
            while index >= 0, found.count < 200 {
                if let message = rows.message(at: index), message.sender.id == me, !message.isDeleted,
                    case .text = message.content
                {
                    found.append(message)
                }
                index -= 1
            }
            return Array(found.reversed())
        }
        editableMessagesFound = (version, found)
        return found
    }
}
