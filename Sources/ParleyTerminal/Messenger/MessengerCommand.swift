/// What the user asked the messenger screen to do, independent of how the terminal
/// encoded it. ``TerminalMessenger`` maps key and mouse events to commands; tests and
/// scripted sessions issue them directly.
public enum MessengerCommand: Equatable, Sendable {
    /// Inserts text at the cursor (typing, or a paste).
    case insert(String)
    /// Sends the composer's text (Enter).
    case send
    /// Inserts a line break (Alt+Enter, Shift+Enter).
    case newline
    /// Deletes the cluster before the cursor.
    case backspace
    /// Deletes the cluster at the cursor; on an empty composer, the selected message (when
    /// `ChatPresenter.canDelete` allows it), which Ctrl-Z can bring back.
    case delete
    /// ↑: moves the cursor a line up in a draft of several lines (to its start from the
    /// first line); on an empty composer, recalls my last message to edit it, and while
    /// editing, from the first line, the one before; otherwise scrolls the list a row.
    case lineUp
    /// ↓: moves the cursor a line down in a draft of several lines (to its end from the
    /// last line); while editing, from the last line, recalls my next message (past the
    /// newest: back to an empty composer); otherwise scrolls the list a row.
    case lineDown
    /// Moves the cursor one cluster left.
    case cursorLeft
    /// Moves the cursor one cluster right.
    case cursorRight
    /// Moves to the start of the line (Home, Ctrl-A).
    case lineStart
    /// Moves to the end of the line (End, Ctrl-E).
    case lineEnd
    /// Deletes the word before the cursor (Ctrl-W).
    case deleteWordBack
    /// Deletes to the start of the line (Ctrl-U).
    case killToLineStart
    /// Deletes to the end of the line (Ctrl-K).
    case killToLineEnd
    /// Scrolls the message list by rows; negative is towards older messages.
    case scroll(Int)
    /// Scrolls by pages; negative is towards older messages.
    case page(Int)
    /// Jumps to the oldest loaded message.
    case scrollToTop
    /// Jumps to the newest message and follows new ones.
    case scrollToBottom
    /// A click (or tap) at a screen cell.
    case click(x: Int, y: Int)
    /// A right click or long press at a screen cell.
    case longPress(x: Int, y: Int)
    /// Selects the message above the selected one (Alt+↑).
    case selectPrevious
    /// Selects the message below (Alt+↓).
    case selectNext
    /// Replies to the selected message, or the newest one from someone else (Alt+R).
    case reply
    /// Adds or takes back a quick reaction (``ChatPresenter/quickReactions``, by index) on
    /// the selected message, or the newest one from someone else (Alt+1 … Alt+6).
    case react(Int)
    /// Cancels what is under way: an edit of a sent message, a reply, then a selection,
    /// then returns to the newest message (Esc).
    case cancel
    /// Completes the "@name" being typed with the first suggestion (Tab).
    case completeMention
    /// Puts back the message deleted last, while "Undo" shows (Ctrl-Z).
    case undo
    /// Puts the text of the selected message, or the newest one, on the clipboard (Alt+C;
    /// ``TerminalRequest/copy(_:)``).
    case copy
    /// Opens search in the conversation (Ctrl-F; or `/search words` sent from the
    /// composer). While it is open, typing edits the query, ↑/↓ (and n/N after Enter)
    /// move through the results, Enter goes to one, Esc ends the search.
    case search
    /// Repaints the whole screen (Ctrl-L).
    case repaint
    /// Leaves the messenger (Ctrl-C, Ctrl-D on an empty composer).
    case quit
}
