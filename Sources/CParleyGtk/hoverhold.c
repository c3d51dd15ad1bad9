#include "CParleyGtk.h"
#include <gtk/gtk.h>
#include <math.h>

// Hover held while a list scrolls under a pointer that does not move.
//
// GTK 4 finds the widget under the pointer again after every layout (it asks GDK for a
// motion event at the pointer's place), so a list that scrolls under a still pointer moves
// the hover from row to row on every step: crossing events, state flags set and unset,
// styles looked up again, and the rows that lose or gain the hover drawn anew instead of
// from their images. While a list holds the hover its rows (the children adopted with
// parley_hover_adopt) take no pointer: the list itself does, so the wheel keeps reaching
// it, and no row has the hover. The hold ends a pause after the last step, or as soon as
// the user's pointer does something else than scroll up or down: a press, a touch, a real
// move (a motion event at another place than the last event's: the motion GDK makes up
// after a layout repeats it), a sideways scroll (meant for a row that scrolls sideways) or
// a drag coming in.
//
// That is seen by an emission hook on GdkSurface::event, which runs ahead of GTK's own
// handler. GTK sends a press and a scroll to the widget its last motion found, not to a
// widget it looks for anew; while the rows were held, that was the list. So before a press
// or a sideways scroll goes on, the hook hands GTK the surface's last motion or enter event
// once more (the pointer has not moved since, or the event would be a move): GTK finds the
// row under the pointer, and the press or the scroll reaches it.

typedef struct {
    GtkWidget *list;  // not held: the hold is the list's own data
    gboolean held;
    guint timeout;
    gint64 last_step;  // monotonic, microseconds
    guint pause_ms;
} Hold;

static GPtrArray *holds;  // the holds in force
static GdkSurface *last_surface;  // only compared, never used
static double last_x = NAN, last_y = NAN;
static GdkEvent *last_pick;  // the last normal motion or enter event (held): where GTK last looked
static gboolean pick_is_stale;  // GTK last looked while rows were held, or before they moved
static gboolean replaying;

static GQuark hold_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("parley-hover-hold");
    return quark;
}

static GQuark row_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("parley-hover-row");
    return quark;
}

static void set_rows_targets(GtkWidget *list, gboolean targets) {
    for (GtkWidget *child = gtk_widget_get_first_child(list); child; child = gtk_widget_get_next_sibling(child))
        if (g_object_get_qdata(G_OBJECT(child), row_quark())) gtk_widget_set_can_target(child, targets);
}

static void release(Hold *hold) {
    if (hold->timeout) g_source_remove(hold->timeout);
    hold->timeout = 0;
    if (!hold->held) return;
    hold->held = FALSE;
    set_rows_targets(hold->list, TRUE);
    g_ptr_array_remove(holds, hold);
}

static void free_hold(gpointer data) {
    // The list is being finalized: its children are gone.
    Hold *hold = data;
    if (hold->timeout) g_source_remove(hold->timeout);
    if (hold->held) g_ptr_array_remove(holds, hold);
    g_free(hold);
}

static gboolean pause_over(gpointer data) {
    Hold *hold = data;
    gint64 due = hold->last_step + (gint64)hold->pause_ms * 1000;
    gint64 now = g_get_monotonic_time();
    hold->timeout = 0;
    if (now < due)
        hold->timeout = g_timeout_add((guint)((due - now) / 1000) + 1, pause_over, hold);
    else
        release(hold);
    return G_SOURCE_REMOVE;
}

void parley_hover_release_all(void) {
    while (holds && holds->len > 0) release(g_ptr_array_index(holds, holds->len - 1));
}

bool parley_pointer_event_is_activity(int type, const void *surface, double x, double y, bool sideways,
                                      const void *last_surface, double last_x, double last_y) {
    switch (type) {
    case GDK_BUTTON_PRESS:
    case GDK_TOUCH_BEGIN:
    case GDK_DRAG_ENTER:
        return true;
    case GDK_MOTION_NOTIFY:
        return surface != last_surface || x != last_x || y != last_y;
    case GDK_SCROLL:
        return sideways;
    default:
        return false;
    }
}

/// Whether a scroll event goes sideways (as the list's own wheel handler decides).
static gboolean scrolls_sideways(GdkEvent *event) {
    if (gdk_event_get_modifier_state(event) & GDK_SHIFT_MASK) return TRUE;
    switch (gdk_scroll_event_get_direction(event)) {
    case GDK_SCROLL_LEFT:
    case GDK_SCROLL_RIGHT:
        return TRUE;
    case GDK_SCROLL_SMOOTH: {
        double dx = 0, dy = 0;
        gdk_scroll_event_get_deltas(event, &dx, &dy);
        return fabs(dx) > fabs(dy);
    }
    default:
        return FALSE;
    }
}

static gboolean on_surface_event(GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data) {
    (void)hint;
    (void)data;
    if (n_values < 2 || replaying) return TRUE;
    GdkSurface *surface = g_value_get_object(&values[0]);
    GdkEvent *event = g_value_peek_pointer(&values[1]);
    if (!event || !surface) return TRUE;
    double x = NAN, y = NAN;
    gboolean placed = gdk_event_get_position(event, &x, &y);
    GdkEventType type = gdk_event_get_event_type(event);
    if ((holds->len > 0 || pick_is_stale) &&
        parley_pointer_event_is_activity(type, surface, x, y, type == GDK_SCROLL && scrolls_sideways(event),
                                         last_surface, last_x, last_y)) {
        parley_hover_release_all();
        // A press or a scroll goes where GTK last looked: let it look again first. (A touch
        // and a drag look for their own target.)
        if (pick_is_stale && (type == GDK_BUTTON_PRESS || type == GDK_SCROLL) && last_pick &&
            gdk_event_get_surface(last_pick) == surface) {
            gboolean handled = FALSE;
            replaying = TRUE;
            g_signal_emit_by_name(surface, "event", last_pick, &handled);
            replaying = FALSE;
            pick_is_stale = FALSE;
        }
    }
    gboolean normal = (type != GDK_ENTER_NOTIFY && type != GDK_LEAVE_NOTIFY) ||
                      gdk_crossing_event_get_mode(event) == GDK_CROSSING_NORMAL;
    if ((type == GDK_MOTION_NOTIFY || type == GDK_ENTER_NOTIFY) && normal) {
        // GTK is about to look for the widget under the pointer: stale if rows are held.
        if (last_pick) gdk_event_unref(last_pick);
        last_pick = gdk_event_ref(event);
        pick_is_stale = holds->len > 0;
    } else if (type == GDK_LEAVE_NOTIFY && normal && last_pick && gdk_event_get_surface(last_pick) == surface) {
        gdk_event_unref(last_pick);
        last_pick = NULL;
    }
    if (placed && type != GDK_TOUCH_BEGIN && type != GDK_TOUCH_UPDATE && type != GDK_TOUCH_END) {
        last_surface = surface;
        last_x = x;
        last_y = y;
    }
    return TRUE;
}

void parley_hover_watch(void) {
    if (holds) return;
    guint signal = g_signal_lookup("event", GDK_TYPE_SURFACE);
    if (signal == 0) return;
    holds = g_ptr_array_new();
    g_signal_add_emission_hook(signal, 0, on_surface_event, NULL, NULL);
}

void parley_hover_hold(void *list, unsigned pause_ms) {
    parley_hover_watch();
    if (!holds) return;
    Hold *hold = g_object_get_qdata(list, hold_quark());
    if (!hold) {
        hold = g_new0(Hold, 1);
        hold->list = list;
        g_object_set_qdata_full(list, hold_quark(), hold, free_hold);
    }
    hold->last_step = g_get_monotonic_time();
    if (hold->timeout && pause_ms < hold->pause_ms) {
        // A shorter pause than the one waited for: wait for this one instead.
        g_source_remove(hold->timeout);
        hold->timeout = 0;
    }
    hold->pause_ms = pause_ms;
    if (!hold->timeout) hold->timeout = g_timeout_add(pause_ms, pause_over, hold);
    // The rows move: where GTK last looked is no longer what is under the pointer.
    pick_is_stale = TRUE;
    if (hold->held) return;
    hold->held = TRUE;
    set_rows_targets(list, FALSE);
    g_ptr_array_add(holds, hold);
}

void parley_hover_release(void *list) {
    Hold *hold = g_object_get_qdata(list, hold_quark());
    if (hold) release(hold);
}

bool parley_hover_is_held(void *list) {
    Hold *hold = g_object_get_qdata(list, hold_quark());
    return hold && hold->held;
}

void parley_hover_adopt(void *list, void *child) {
    g_object_set_qdata(G_OBJECT(child), row_quark(), GINT_TO_POINTER(1));
    gtk_widget_set_can_target(child, !parley_hover_is_held(list));
}
