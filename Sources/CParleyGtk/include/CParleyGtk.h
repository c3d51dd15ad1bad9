#ifndef CPARLEY_GTK_H
#define CPARLEY_GTK_H

// What Swift cannot do with GTK by itself: subclass GtkWidget, call variadic functions,
// and let the GLib main loop run the dispatch main queue. Widgets are passed as `void *`
// so that this header needs no GTK include paths; the implementation includes GTK.

#include <stdbool.h>

/// Callbacks of a frame widget into its Swift owner. `context` is the owner's pointer;
/// `release` is called once when the widget is finalized.
typedef struct ParleyFrameCallbacks {
    /// Minimum and natural size along `orientation` (0 horizontal, 1 vertical).
    void (*measure)(void *context, int orientation, int for_size, int *minimum, int *natural);
    /// The widget got `width` × `height`: allocate the children.
    void (*allocate)(void *context, int width, int height);
    /// Draws under the children (may be NULL). `snapshot` is a GtkSnapshot.
    void (*snapshot)(void *context, void *snapshot, int width, int height);
    /// The widget is gone: release `context`.
    void (*release)(void *context);
} ParleyFrameCallbacks;

/// A new frame widget: a GtkWidget whose children Swift places itself. Its CSS node is
/// named `css_name`; `role` is a GtkAccessibleRole. Returns a floating reference.
void *parley_frame_new(const char *css_name, int role, ParleyFrameCallbacks callbacks, void *context);
/// Makes Tab stop on `frame` itself and then leave, never entering its children.
void parley_frame_set_focus_self_only(void *frame, bool only);
/// Makes `frame` itself never take the pointer: its children still do, and elsewhere the
/// pointer reaches what lies under it (a shadow's margin around a floating button).
void parley_frame_set_picks_through(void *frame, bool through);
/// Makes `frame`, under GSK's cairo renderer, draw a child that keeps moving a little
/// without changing (a row of a scrolling list) from an image of what it drew, and leave
/// out children outside a clipping frame (see childimages.c).
void parley_frame_set_children_as_images(void *frame, bool images);
/// Whether `child` of such a frame is drawn from an image at present.
bool parley_child_has_image(void *child);
/// Where `child` of such a frame was last drawn (its offset in the frame); false if it was
/// not drawn since it was last hidden.
bool parley_child_drawn_at(void *child, float *x, float *y);

/// Makes `frame` draw the text of `label`, its child, from `layout` (a PangoLayout of the
/// same text, font and wrapping, laid out already), where and as the label would draw it
/// (its CSS colour and text shadow); the label turns transparent, so GTK neither draws
/// nor lays out its text, yet it keeps taking the pointer and focus and stays in the
/// accessibility tree. NULL gives the label its drawing back. Where the layout's context
/// differs from the label's (direction, resolution, font options), the frame draws the
/// label's own layout instead.
void parley_label_paint_layout(void *frame, void *label, void *layout);
/// Whether `label`'s text is drawn by its frame at present.
bool parley_label_is_painted(void *label);
/// The lock held while a layout given to parley_label_paint_layout is read and drawn;
/// whoever lays text out in that layout's Pango context on another thread holds it too.
void parley_pango_lock(void);
/// Releases parley_pango_lock().
void parley_pango_unlock(void);

/// Watches the pointer for the holds below (an emission hook on GdkSurface::event, so
/// that it knows where the pointer last was before the first hold). Call once GTK runs.
void parley_hover_watch(void);
/// Makes `list`'s rows (the children adopted with parley_hover_adopt) take no pointer
/// until `pause_ms` after the last call, or until the user's pointer presses, touches,
/// really moves, scrolls sideways or brings a drag in (seen before GTK handles the event,
/// which then reaches the row under the pointer): GTK would otherwise move the hover from
/// row to row at every step of a list scrolling under a still pointer. The list itself
/// keeps the pointer.
void parley_hover_hold(void *list, unsigned pause_ms);
/// Ends `list`'s hold at once: its children take the pointer again.
void parley_hover_release(void *list);
/// Ends every hold (what the user's pointer at work does).
void parley_hover_release_all(void);
/// Whether `list` holds the hover at present.
bool parley_hover_is_held(void *list);
/// Makes `child`, a new row of `list`, one the holds change, and has it take the pointer
/// or not as the list's hold has it.
void parley_hover_adopt(void *list, void *child);
/// Whether an event of GdkEventType `type` on `surface` at (`x`, `y`) (a scroll going
/// `sideways` or not), after the last event with a position was on `last_surface` at
/// (`last_x`, `last_y`), is the user's pointer at work: a press, a touch, a move, a
/// sideways scroll, a drag coming in. That ends the holds. A motion at the last place is
/// the one GDK makes up after a layout.
bool parley_pointer_event_is_activity(int type, const void *surface, double x, double y, bool sideways,
                                      const void *last_surface, double last_x, double last_y);

/// Whether the loaded GTK measures a widget whenever it is allocated (a build with
/// G_ENABLE_DEBUG, which also warns when a widget is allocated without a measure). Release
/// builds do not; then a child whose size is known can be allocated without a measure.
/// Asked once, on the main thread, after GTK is initialized.
bool parley_gtk_allocation_measures(void);

/// Sets the accessible label of `accessible` (a GtkAccessible).
void parley_accessible_set_label(void *accessible, const char *label);
/// Sets the accessible description of `accessible`.
void parley_accessible_set_description(void *accessible, const char *description);
/// Sets whether `accessible` is left out of the accessibility tree (GTK_ACCESSIBLE_STATE_HIDDEN).
void parley_accessible_set_hidden(void *accessible, bool hidden);
/// Sets the 1-based `position` of `accessible` among `count` items (POS_IN_SET, SET_SIZE).
void parley_accessible_set_position(void *accessible, int position, int count);
/// Sets GTK_ACCESSIBLE_STATE_SELECTED of `accessible`.
void parley_accessible_set_selected(void *accessible, bool selected);

/// Makes `label` (a selectable GtkLabel showing message text) copy its selection without
/// the zero-width spaces the drawn text has for breaking long runs. Call once a label.
void parley_label_copy_without_breaks(void *label);

/// Makes `buffer` (a GtkTextBuffer) lay all its text out, now and whatever is inserted
/// later, without the hyphen Pango adds where it breaks a word (a tag, insert-hyphens off).
void parley_text_buffer_keep_unhyphenated(void *buffer);

/// Sets a boolean property on a GObject.
void parley_object_set_bool(void *object, const char *property, bool value);
/// A copy of a string property of a GObject (free it with g_free), or NULL.
char *parley_object_dup_string(void *object, const char *property);
/// Reads a boolean property of a GObject.
bool parley_object_get_bool(void *object, const char *property);

/// Makes the default GLib main context run the dispatch main queue (and with it
/// `@MainActor` tasks) whenever it has work. Call once, on the main thread, before running
/// a GLib main loop there. Returns false if already attached.
bool parley_main_queue_attach(void);

/// The desktop portal's colour scheme: 0 no preference, 1 prefer dark, 2 prefer light,
/// -1 unknown (no portal). Waits at most `timeout_ms`.
int parley_portal_color_scheme(int timeout_ms);
/// Calls `callback` on the main context whenever the portal's colour scheme changes.
/// Returns false when there is no session bus.
bool parley_portal_watch_color_scheme(void (*callback)(int scheme, void *context), void *context);

#endif
