internal import CGtk4
import Foundation
import ParleyCore

/// Short, interruptible animations of rows (NMessenger's add / remove / replace): rows
/// that move because of a change glide to their new place, new rows fade in, removed
/// rows fade out where they were. Changes that are not `animated` move nothing.
@MainActor
final class RowAnimator {
    /// How long a move or fade lasts, in seconds.
    var duration = 0.22

    /// A row fading out after its message was removed.
    struct Ghost {
        let view: RowView
        let y: Double
        let start: Double
        let duration: Double
        func opacity(at time: Double) -> Double { max(0, 1 - (time - start) / duration) }
    }

    private struct Tween {
        var offset: Double
        var opacity: Double
        var start: Double
        var duration: Double
    }

    private var tweens: [RowID: Tween] = [:]
    private(set) var ghosts: [Ghost] = []
    private var pending: (inserted: Set<RowID>, previous: [RowID: Double])?
    private var contentSlide: Tween?

    /// The current time in seconds (monotonic).
    var now: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// Whether anything still moves.
    var isAnimating: Bool {
        let time = now
        return !ghosts.isEmpty || contentSlide.map { time < $0.start + $0.duration } ?? false
            || tweens.values.contains { time < $0.start + $0.duration }
    }

    /// Remembers where rows were before an animated change, so the next layout can move
    /// them from there.
    func prepare(change: ChangeSet, placed: [RowID: Double]) {
        var inserted = Set(change.inserted.map { RowID.message($0) })
        if change.typingChanged { inserted.insert(.typing) }
        if let pending {
            self.pending = (pending.inserted.union(inserted), pending.previous)
        } else {
            pending = (inserted, placed)
        }
    }

    /// Starts the moves for the rows now visible, after a prepared change.
    func begin(_ visible: [VisibleRow]) {
        guard let pending else { return }
        self.pending = nil
        let time = now
        for row in visible {
            let id = row.row.id
            if let old = pending.previous[id] {
                let delta = old + offset(for: id) - row.y
                if abs(delta) > 0.5, abs(delta) < 4000 {
                    tweens[id] = Tween(offset: delta, opacity: opacity(for: id), start: time, duration: duration)
                }
            } else if pending.inserted.contains(id) {
                tweens[id] = Tween(offset: min(24, row.layout.height / 2), opacity: 0, start: time, duration: duration)
            }
        }
    }

    /// Fades `view` out at `y` (its message was removed).
    func fadeOut(_ view: RowView, at y: Double) {
        ghosts.append(Ghost(view: view, y: y, start: now, duration: duration * 0.8))
    }

    /// Slides the whole content by `distance` and back to rest (jumping to the bottom).
    func slideContent(by distance: Double) {
        contentSlide = Tween(offset: distance, opacity: 1, start: now, duration: duration)
    }

    /// How far row `id` is from its resting place now.
    func offset(for id: RowID) -> Double {
        let time = now
        var total = 0.0
        if let slide = contentSlide { total += slide.offset * remaining(slide, time) }
        if let tween = tweens[id] {
            let left = remaining(tween, time)
            if left == 0 { tweens[id] = nil } else { total += tween.offset * left }
        }
        return total
    }

    /// The opacity of row `id` now.
    func opacity(for id: RowID) -> Double {
        guard let tween = tweens[id] else { return 1 }
        return 1 - (1 - tween.opacity) * remaining(tween, now)
    }

    /// Ghosts whose fade has ended, removed from the list (to recycle).
    func takeFinishedGhosts() -> [RowView] {
        let time = now
        let finished = ghosts.filter { time >= $0.start + $0.duration }
        ghosts.removeAll { time >= $0.start + $0.duration }
        if let slide = contentSlide, time >= slide.start + slide.duration { contentSlide = nil }
        return finished.map(\.view)
    }

    /// Drops every animation (rows jump to rest).
    func finishAll() {
        tweens = [:]
        contentSlide = nil
        pending = nil
    }

    /// The fraction of the tween still to go, eased (cubic ease-out).
    private func remaining(_ tween: Tween, _ time: Double) -> Double {
        let progress = min(1, max(0, (time - tween.start) / tween.duration))
        let eased = 1 - pow(1 - progress, 3)
        return 1 - eased
    }
}
