internal import CGtk4
internal import CParleyGtk
import ParleyCore

/// Message text drawn from the layout the measurer made of it, in place of its label.
///
/// The core measures every message's text before it is shown (``PangoMeasurer``), and a
/// GtkLabel lays the same text out and shapes it again when it first draws: on a page of
/// new messages, the second shaping is a fifth of the step. So while nobody works with a
/// label, its frame draws the measurer's layout where the label would draw its own, in
/// the label's CSS colour and text shadow, and the label stays transparent (GTK leaves it
/// out of drawing, so it never lays its text out), still taking the pointer and focus and
/// still read by screen readers. From a press or the focus until the focus leaves without
/// a selection, and while a search marks its text, the label draws itself again. (A press
/// keeps it so even when the focus does not come: a menu's "Select All" may follow.)
///
/// Only text the label shows as it is measured is painted: plain text (no links, no
/// formatting), running left to right (a right-to-left line sits where its layout's
/// width puts it, and the measurer's width is not the label's).
@MainActor
final class PaintedText {
    private let frame: WidgetPointer
    private let label: WidgetPointer
    /// The measurer's layout of what the label shows, when it can stand in for the label.
    private var layout: OwnedLayout?
    /// Whether the label's text carries search marks (attributes the layout lacks).
    var isMarked = false {
        didSet { if isMarked != oldValue { update() } }
    }
    /// Whether someone works with the label: it was pressed, or has the focus, or keeps a
    /// selection made meanwhile. (GtkLabel announces no change of its selection, so it is
    /// looked at when the focus leaves and when the label shows new text.)
    private var isEngaged = false
    /// What the label was last given to show.
    private var shown: Shown?

    private struct Shown: Equatable {
        let text: DisplayText
        let font: FontSpec
        let wrapWidth: Double
        let size: Size
    }

    init(label: WidgetPointer, in frame: WidgetPointer) {
        self.frame = frame
        self.label = label
        Signals.connectPointer(UnsafeMutableRawPointer(label), "notify::has-focus") { [weak self] _ in
            guard let self else { return }
            isEngaged = gtk_widget_has_focus(label) != 0 || hasSelection
            update()
        }
        // Any button, before the label's own gestures: a press may start a selection or
        // open the label's menu (whose "Select All" does not focus it).
        let press = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(press, 0)
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signals.connectPress(UnsafeMutableRawPointer(press), "pressed") { [weak self] _, _, _ in
            guard let self, !isEngaged else { return }
            isEngaged = true
            update()
        }
        gtk_widget_add_controller(label, press)
    }

    /// The label now shows `text` in `font`, wrapped at `wrapWidth` to `size`: its text is
    /// painted from the measurer's layout when the measurer kept that one.
    func show(_ text: DisplayText, font: FontSpec, wrapWidth: Double, size: Size, measurer: PangoMeasurer) {
        // A row is placed again without a change (its allocation queued by another part).
        let shown = Shown(text: text, font: font, wrapWidth: wrapWidth, size: size)
        guard shown != self.shown else { return }
        self.shown = shown
        var kept: OwnedLayout?
        if text.spans.isEmpty, text.detections.isEmpty, Self.runsLeftToRight(text.string),
            let found = measurer.keptLayout(of: text.string, font: font, maxWidth: wrapWidth)
        {
            let owned = OwnedLayout(found.layout)
            if found.metrics.size.height == size.height, found.metrics.size.width <= size.width.rounded() { kept = owned }
        }
        layout = kept
        isEngaged = gtk_widget_has_focus(label) != 0 || hasSelection
        update()
    }

    /// The label draws itself (it shows something the measurer did not lay out).
    func clear() {
        shown = nil
        layout = nil
        update()
    }

    /// Whether the frame draws the label's text at present; a test seam.
    var isPainted: Bool { parley_label_is_painted(UnsafeMutableRawPointer(label)) }

    private var hasSelection: Bool {
        var start: Int32 = 0
        var end: Int32 = 0
        return gtk_label_get_selection_bounds(label.ptr(), &start, &end) != 0
    }

    private func update() {
        let painted = layout != nil && !isMarked && !isEngaged
        parley_label_paint_layout(
            UnsafeMutableRawPointer(frame), UnsafeMutableRawPointer(label), painted ? layout.map { UnsafeMutableRawPointer($0.pointer) } : nil)
    }

    /// Whether no character of `text` is written right to left (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko..., and the marks and overrides that turn a run right to left).
    nonisolated static func runsLeftToRight(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
            case 0x200F, 0x202B, 0x202E, 0x2067: true
            default: false
            }
        }
    }
}

/// A reference to a Pango layout, let go with the last owner.
private final class OwnedLayout {
    let pointer: OpaquePointer

    /// Takes over a reference the caller holds.
    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
