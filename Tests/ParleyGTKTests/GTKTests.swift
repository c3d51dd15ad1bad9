import Testing

/// Every GTK test runs on the main actor, one at a time: GTK has one main context.
@Suite("GTK", .serialized, .enabled(if: GTKHarness.hasDisplay, "needs a display (scripts/test starts Xvfb)"))
@MainActor
struct GTKTests {}
