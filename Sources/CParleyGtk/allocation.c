#include "CParleyGtk.h"
#include <gtk/gtk.h>

// GTK built with G_ENABLE_DEBUG (meson's debug option) checks every allocation: it warns
// when a widget is allocated without a measure since its last change, and measures it
// itself. Release builds, which distributions ship, do neither, so a widget whose size
// its parent already knows can be allocated without being measured. This finds out which
// build is loaded: a probe widget is measured once, then allocated, and counts whether GTK
// measured it again on the way.

static int probe_measures;

static void probe_measure(void *context, int orientation, int for_size, int *minimum, int *natural) {
    (void)context; (void)orientation; (void)for_size;
    probe_measures++;
    *minimum = 0;
    *natural = 0;
}

bool parley_gtk_allocation_measures(void) {
    static int answer = -1;
    if (answer >= 0) return answer == 1;
    ParleyFrameCallbacks callbacks = {.measure = probe_measure};
    static int context;  // a frame calls its callbacks only with a context
    GtkWidget *probe = g_object_ref_sink(parley_frame_new("probe", GTK_ACCESSIBLE_ROLE_GENERIC, callbacks, &context));
    int minimum = 0, natural = 0;
    gtk_widget_measure(probe, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, NULL, NULL);
    probe_measures = 0;
    gtk_widget_allocate(probe, 16, 16, -1, NULL);
    answer = probe_measures > 0 ? 1 : 0;
    g_object_unref(probe);
    return answer == 1;
}
