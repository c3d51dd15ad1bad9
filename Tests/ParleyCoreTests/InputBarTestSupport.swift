@testable import ParleyCore

/// A measurer in whole cells: one column per character, one unit per line.
let inputBarCells = MonospaceMeasurer(cellWidth: 1, lineHeight: 1)

/// Records everything an ``InputBarDelegate`` hears.
@MainActor
final class InputBarDelegateRecorder: InputBarDelegate {
    var sent: [String] = []
    var failed: [String] = []
    var heights: [Double] = []
    var texts: [String] = []

    func inputBar(_ inputBar: InputBar, didPressSendWith text: String) { sent.append(text) }
    func inputBar(_ inputBar: InputBar, didFailToSend text: String, error: any Error) {
        failed.append(text)
    }
    func inputBar(_ inputBar: InputBar, didChangeIntrinsicHeightTo height: Double) {
        heights.append(height)
    }
    func inputBar(_ inputBar: InputBar, textDidChangeTo text: String) { texts.append(text) }
}

/// Counts hook calls by name.
@MainActor
final class InputBarHookLog {
    var entries: [String] = []

    func count(_ name: String) -> Int { entries.filter { $0 == name }.count }

    /// Installs every hook on `item`, each logging "<id>.<hook>".
    func watch(_ item: InputBarItem) {
        item.onTouchUpInside { [unowned self] in self.entries.append("\($0.id).touch") }
            .onTextChanged { [unowned self] item, text in
                self.entries.append("\(item.id).text(\(text))")
            }
            .onSelected { [unowned self] in self.entries.append("\($0.id).selected") }
            .onDeselected { [unowned self] in self.entries.append("\($0.id).deselected") }
            .onEnabled { [unowned self] in self.entries.append("\($0.id).enabled") }
            .onDisabled { [unowned self] in self.entries.append("\($0.id).disabled") }
            .onEditingBegan { [unowned self] in self.entries.append("\($0.id).began") }
            .onEditingEnded { [unowned self] in self.entries.append("\($0.id).ended") }
    }
}

/// An error a send handler throws.
struct InputBarTestError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// Ends the bar's streams and returns everything `stream` received.
@MainActor
func drain(_ stream: AsyncStream<InputBarEvent>, of bar: InputBar) async -> [InputBarEvent] {
    bar.broadcaster.finish()
    var events: [InputBarEvent] = []
    for await event in stream { events.append(event) }
    return events
}

/// A bar in cells with no padding, no gaps and nothing in its stacks.
@MainActor
func bareInputBar() -> InputBar {
    let bar = InputBar(metrics: .cells)
    bar.padding = .zero
    bar.textViewPadding = .zero
    bar.setItems([], in: .right)
    return bar
}
