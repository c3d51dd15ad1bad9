import Foundation

/// Scrolling that continues over several frames: smooth wheel and keyboard steps (the
/// distance still to go shrinks exponentially) and kinetic flings (velocity decays).
struct ScrollMotion {
    /// Distance still to scroll smoothly, in pixels.
    var pending = 0.0
    /// Fling velocity in pixels per second.
    var velocity = 0.0
    /// The frame time of the last step.
    var lastTime: Double?

    /// Time constant of smooth steps (63% of the distance in this time), in seconds.
    static let smoothing = 0.045
    /// Time constant of a fling's deceleration, in seconds.
    static let friction = 0.35

    /// Whether there is motion left.
    var isMoving: Bool { abs(pending) >= 0.5 || abs(velocity) >= 15 }

    /// Stops all motion.
    mutating func stop() {
        pending = 0
        velocity = 0
    }

    /// The distance to move in the frame at `time`.
    mutating func step(at time: Double) -> Double {
        let elapsed = min(0.05, max(0, time - (lastTime ?? time - 1.0 / 60)))
        lastTime = time
        var distance = 0.0
        if pending != 0 {
            let part = abs(pending) < 0.5 ? pending : pending * (1 - exp(-elapsed / Self.smoothing))
            distance += part
            pending -= part
        }
        if velocity != 0 {
            distance += velocity * elapsed
            velocity *= exp(-elapsed / Self.friction)
            if abs(velocity) < 15 { velocity = 0 }
        }
        return distance
    }
}
