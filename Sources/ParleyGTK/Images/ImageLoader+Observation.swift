import ParleyCore
import Synchronization

extension ImageLoader {
    /// A registration of ``ImageLoader/observe(_:)``'s handler; the handler is called until
    /// ``cancel()`` or until this token is released, whichever comes first.
    public final class Observation: Sendable {
        private let observers: Observers
        private let key: Int

        init(observers: Observers, key: Int) {
            self.observers = observers
            self.key = key
        }

        /// Stops the calls. Safe to call more than once, from any thread.
        public func cancel() {
            observers.remove(key)
        }

        deinit { observers.remove(key) }
    }

    /// The handlers of one loader, behind a mutex so that a token released on any thread
    /// unregisters at once: no call reaches a handler after its token is gone.
    final class Observers: Sendable {
        private let handlers = Mutex<(next: Int, all: [Int: @MainActor (ImageSource) -> Void])>((0, [:]))

        /// Registers `handler`; returns its key.
        func add(_ handler: @escaping @MainActor (ImageSource) -> Void) -> Int {
            handlers.withLock { handlers in
                handlers.next += 1
                handlers.all[handlers.next] = handler
                return handlers.next
            }
        }

        /// Unregisters the handler under `key`.
        func remove(_ key: Int) {
            _ = handlers.withLock { $0.all.removeValue(forKey: key) }
        }

        /// Calls every handler registered now (and still registered when its turn comes),
        /// oldest first.
        @MainActor
        func notify(_ source: ImageSource) {
            let keys = handlers.withLock { $0.all.keys.sorted() }
            for key in keys {
                guard let handler = handlers.withLock({ $0.all[key] }) else { continue }
                handler(source)
            }
        }
    }
}
