internal import CGtk4
internal import CParleyGtk
import Foundation

/// Starting GTK and running its main loop so that Swift concurrency works inside it.
@MainActor
public enum GTK {
    /// Why GTK could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        public var description: String
    }

    private static var isInitialized = false

    /// Initializes GTK once, from the main actor. Throws when there is no display to open
    /// (no `WAYLAND_DISPLAY` or `DISPLAY`; under CI, run inside `xvfb-run`).
    ///
    /// GTK is used from the main actor only. In an application the main actor is the main
    /// thread running the GLib loop; in a test runner (where `dispatch_main` gives the main
    /// queue to worker threads) it is one serial queue, which GTK tolerates.
    public static func initialize() throws {
        guard !isInitialized else { return }
        leavesGLUnloadedUnderCairo()
        guard gtk_init_check() != 0 else {
            throw StartError(
                description: "Cannot open a display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")). "
                    + "Run inside a desktop session, or under Xvfb: xvfb-run -a <command>.")
        }
        isInitialized = true
    }

    /// With `GSK_RENDERER=cairo` nothing is drawn with OpenGL, yet GDK 4.8 loads the GL
    /// driver anyway (on X11, to choose a visual): with Mesa that is about 60 MB resident,
    /// most of the GTK demo's memory. So when cairo is asked for and `GDK_DEBUG` is not set,
    /// GL is turned off (`GDK_DEBUG=gl-disable`) before GTK starts. Called by
    /// ``initialize()`` and ``ParleyApplication/run(_:)``.
    static func leavesGLUnloadedUnderCairo() {
        // getenv, not ProcessInfo: the process may have set these itself just before.
        guard let renderer = getenv("GSK_RENDERER"), String(cString: renderer).lowercased() == "cairo",
            getenv("GDK_DEBUG") == nil
        else { return }
        setenv("GDK_DEBUG", "gl-disable", 0)
    }

    /// Whether the loaded GTK measures every widget it allocates, and warns when one was not
    /// measured first: a build with `G_ENABLE_DEBUG`. Distributions ship release builds,
    /// which do neither. Found out once, by a probe widget.
    static let measuresOnAllocation = parley_gtk_allocation_measures()

    /// Makes the GLib main loop run `@MainActor` tasks and `DispatchQueue.main` work.
    ///
    /// Call before running the loop yourself (`g_application_run`, `g_main_loop_run`);
    /// ``ParleyApplication`` does it for you. Without it, a `Task { @MainActor in }`
    /// started from a GTK signal handler might never run.
    public static func runsMainActorTasks() {
        _ = parley_main_queue_attach()
    }

    /// Runs one iteration of the default main context without blocking; returns whether
    /// anything was dispatched. For tests and benchmarks that drive GTK by hand.
    @discardableResult
    public static func iterate() -> Bool {
        g_main_context_iteration(nil, 0) != 0
    }
}
