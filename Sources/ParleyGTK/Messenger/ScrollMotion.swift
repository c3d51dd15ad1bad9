import Foundation

/// Scrolling that continues over several frames: wheel and keyboard steps when they glide
/// (``MessengerView/smoothScrolling``; a glide of fixed length that eases out) and kinetic
/// flings (velocity decays).
///
/// A step glides for ``glideDuration``, about four frames at 60 Hz, whatever its distance:
/// measured from outside (scripts/measure-gtk.py), an exponential glide that ran until
/// under half a pixel was left painted 11 frames per wheel click, the last ones moving a
/// pixel or less. A step that comes during a glide adds its distance to what is left and
/// glides the sum from there.
struct ScrollMotion {
    /// Distance asked for and not yet begun, in pixels.
    var pending = 0.0
    /// Fling velocity in pixels per second.
    var velocity = 0.0
    /// The frame time of the last step.
    var lastTime: Double?

    /// The glide under way: when it began, its whole distance and how much is done.
    private var glide: (start: Double, total: Double, done: Double)?

    /// How long a smooth step takes, in seconds.
    static let glideDuration = 0.07
    /// Time constant of a fling's deceleration, in seconds.
    static let friction = 0.35

    /// Whether there is motion left.
    var isMoving: Bool { glide != nil || abs(pending) >= 0.5 || abs(velocity) >= 15 }

    /// Stops all motion.
    mutating func stop() {
        pending = 0
        velocity = 0
        glide = nil
    }

    /// The distance to move in the frame at `time`.
    mutating func step(at time: Double) -> Double {
        let previous = lastTime ?? time - 1.0 / 60
        let elapsed = min(0.05, max(0, time - previous))
        lastTime = time
        var distance = 0.0
        if pending != 0 {
            // A new step: what is left of the glide plus the step, from the last frame on
            // (so that its first frame already moves).
            let left = glide.map { $0.total - $0.done } ?? 0
            glide = (start: max(previous, time - 1.0 / 60), total: left + pending, done: 0)
            pending = 0
        }
        if let current = glide {
            let progress = min(1, max(0, (time - current.start) / Self.glideDuration))
            let eased = 1 - (1 - progress) * (1 - progress)
            // Less than a pixel left goes now: a frame that moves under a pixel shows nothing.
            let finished = progress >= 1 || abs(current.total * (1 - eased)) < 1
            let target = finished ? current.total : current.total * eased
            distance += target - current.done
            glide = finished ? nil : (current.start, current.total, target)
        }
        if velocity != 0 {
            distance += velocity * elapsed
            velocity *= exp(-elapsed / Self.friction)
            if abs(velocity) < 15 { velocity = 0 }
        }
        return distance
    }
}
