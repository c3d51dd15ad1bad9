import ParleyCore
import ParleySQLite

/// Turns a store's save states into the line a demo shows beside its title: nothing
/// while everything is on disk, "Saving 2 messages…" when a write takes longer than a
/// moment, and at once when the file is locked by another program or cannot be written.
///
/// A write normally takes milliseconds; flashing "Saving…" for each would be noise, so
/// ``SaveState/saving(pending:)`` shows only once it has lasted ``delay``.
@MainActor
public final class SaveStatusLine {
    /// How long a plain "saving" must last before it shows.
    public let delay: Duration
    private var task: Task<Void, Never>?
    /// Waits ``delay`` before showing a plain "saving"; one at a time, however many
    /// writes come and go meanwhile.
    private var pending: Task<Void, Never>?
    private var latest: SaveState = .saved
    private var shown: String?

    /// Follows `states`, calling `show` with the line to show (`nil`: none).
    public init(states: AsyncStream<SaveState>, delay: Duration = .milliseconds(500), show: @escaping @MainActor (String?) -> Void) {
        self.delay = delay
        task = Task { @MainActor [weak self] in
            for await state in states {
                guard let self else { return }
                self.latest = state
                switch state {
                case .saved, .closed(unsaved: 0):
                    self.pending?.cancel()
                    self.pending = nil
                    self.update(nil, show)
                case .saving:
                    guard self.pending == nil else { continue }
                    self.pending = Task { @MainActor [weak self] in
                        try? await Task.sleep(for: delay)
                        guard let self, !Task.isCancelled else { return }
                        self.pending = nil
                        if case .saving = self.latest { self.update(self.latest.description, show) }
                    }
                case .retrying, .failing, .closed:
                    self.update(state.description, show)
                }
            }
        }
    }

    /// Stops following the states.
    public func cancel() {
        task?.cancel()
        task = nil
        pending?.cancel()
        pending = nil
    }

    private func update(_ line: String?, _ show: @MainActor (String?) -> Void) {
        guard line != shown else { return }
        shown = line
        show(line.map(InertText.singleLine))
    }
}
