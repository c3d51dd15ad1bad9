import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Adds to `actions` a close of every descriptor above standard error that this process
/// has open, so that a child started with `posix_spawn` holds none of them.
///
/// All the tests run in one process. A descriptor a child inherits stays open for the
/// child's life: a pipe another test reads to its end (tmux's output, a program's) then
/// gives no end of file until that child exits, and a server started for one test can
/// keep it open for minutes. Closing an unopened descriptor is ignored, so a few above
/// the highest open one are closed too, for those opened meanwhile.
public func closeInheritedDescriptors(in actions: inout posix_spawn_file_actions_t) {
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
    for descriptor in 3...max(3, (open.max() ?? 0) + 16) {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
}
