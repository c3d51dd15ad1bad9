/// The terminal screen's search field while search is open: its text, cursor and mode,
/// and the presenter call under way (internal to ``ChatScreen``).
struct TerminalSearchBar {
    /// What the field holds.
    var text = ""
    /// The field's cursor.
    var editor = LineEditor()
    /// After Enter: n/N move through the results instead of typing.
    var isBrowsing = false
    /// The last search or move started, so tests and the demo can wait for it.
    var task: Task<Void, Never>?
    /// The screen line of each result drawn last, with its index, for a click.
    var resultLines: [(y: Int, index: Int)] = []
}
