/// Lets the tests that measure the process's peak memory (``peakResidentBytes()``) run one
/// at a time, so that none counts another's allocations or resets the peak under another:
/// tests run in parallel, and the peak is the whole process's.
actor MemoryGate {
    /// The one gate all such tests share.
    static let shared = MemoryGate()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until no other measuring test runs, then holds the gate.
    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the gate to the next waiting test, or opens it.
    func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

/// `body`'s result, run while no other test measuring peak memory runs, with the peak
/// reset to the memory resident as it starts.
func measuringMemory<T>(_ body: () async throws -> T) async rethrows -> T {
    await MemoryGate.shared.enter()
    resetPeakResidentBytes()
    do {
        let result = try await body()
        await MemoryGate.shared.leave()
        return result
    } catch {
        await MemoryGate.shared.leave()
        throw error
    }
}
