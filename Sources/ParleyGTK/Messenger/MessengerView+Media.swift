internal import CGtk4
import ParleyCore

/// Voice notes and videos: taps go to the ``MediaPlayer``, its states to the rows that
/// show them, drags on a waveform seek, and the view's end stops the stream.
extension MessengerView {
    func installMedia() {
        events.onEvent { [weak self] event in
            guard let self, self.playsMedia else { return }
            self.player.handle(event)
        }
        playbackObservationToken = presenter.playback.observe { [weak self] id, _ in self?.playbackChanged(id) }
        player.onStreamChanged = { [weak self] id in self?.playbackChanged(id) }
        // The stream must not outlive the widget (nor play on after the window closed).
        Signals.connect(root.raw, "destroy") { [weak self] in self?.player.stop() }
        installSeekDrag()
    }

    /// A row showing message `id` draws its new state.
    private func playbackChanged(_ id: MessageID) {
        active[.message(id)]?.playbackChanged(id)
    }

    /// A drag that starts on a waveform (or a video's progress bar) seeks as it moves;
    /// a click there is a tap, which the core turns into a seek too.
    private func installSeekDrag() {
        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var seeking: (id: MessageID, start: Point, last: Double)?
        Signals.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] x, y in
            guard let self, let target = self.presenter.seekTarget(at: Point(x: x, y: y)) else {
                seeking = nil
                return
            }
            seeking = (target.message, Point(x: x, y: y), -1)
        }
        Signals.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] dx, dy in
            guard let self, var current = seeking, abs(dx) >= 6 else { return }
            let point = Point(x: current.start.x + dx, y: current.start.y + dy)
            guard let fraction = self.presenter.seekFraction(of: current.id, at: point), abs(fraction - current.last) >= 0.005 else { return }
            current.last = fraction
            seeking = current
            self.presenter.seek(current.id, to: fraction)
        }
        Signals.connectPoint(UnsafeMutableRawPointer(drag), "drag-end") { _, _ in seeking = nil }
        gtk_widget_add_controller(list.widget, drag)
    }
}
