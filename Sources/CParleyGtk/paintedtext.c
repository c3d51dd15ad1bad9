#include "CParleyGtk.h"
#include <gtk/gtk.h>
#include <math.h>
#include "paintedtext.h"

// A label whose text its frame draws from a layout laid out elsewhere (the measurer's):
// the label stays a child, transparent, for selection, focus and screen readers, and is
// never laid out or shaped while it is not drawn itself.

static GMutex pango_lock;

void parley_pango_lock(void) { g_mutex_lock(&pango_lock); }
void parley_pango_unlock(void) { g_mutex_unlock(&pango_lock); }

static GQuark painted_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("parley-painted-text");
    return quark;
}

void parley_label_paint_layout(void *frame, void *label, void *layout) {
    GObject *object = G_OBJECT(label);
    PangoLayout *old = g_object_get_qdata(object, painted_quark());
    if (old == layout) return;
    if (layout) {
        parley_frame_mark_painting(frame);
        g_object_set_qdata_full(object, painted_quark(), g_object_ref(layout), g_object_unref);
    } else {
        g_object_set_qdata(object, painted_quark(), NULL);
    }
    // GTK leaves a transparent widget out of drawing altogether (no render node, so no
    // layout of its text); the frame draws in its place.
    gtk_widget_set_opacity(GTK_WIDGET(label), layout ? 0 : 1);
    gtk_widget_queue_draw(GTK_WIDGET(frame));
}

bool parley_label_is_painted(void *label) {
    return g_object_get_qdata(G_OBJECT(label), painted_quark()) != NULL;
}

// Whether `layout`, made in another Pango context, lays out and draws as the label's own
// would: the same direction (a right-to-left context aligns lines elsewhere), resolution
// and font options (hinting, antialiasing: the desktop's settings may have changed since).
static gboolean draws_as_label(PangoLayout *layout, GtkWidget *label) {
    if (gtk_widget_get_direction(label) != GTK_TEXT_DIR_LTR) return FALSE;
    PangoContext *kept = pango_layout_get_context(layout);
    PangoContext *own = gtk_widget_get_pango_context(label);
    if (pango_context_get_base_dir(kept) != PANGO_DIRECTION_LTR || pango_context_get_base_dir(own) != PANGO_DIRECTION_LTR)
        return FALSE;
    if (pango_cairo_context_get_resolution(kept) != pango_cairo_context_get_resolution(own)) return FALSE;
    const cairo_font_options_t *a = pango_cairo_context_get_font_options(kept);
    const cairo_font_options_t *b = pango_cairo_context_get_font_options(own);
    if (a == NULL || b == NULL) return a == b;
    return cairo_font_options_equal(a, b);
}

void parley_paint_label_text(GtkWidget *frame, GtkWidget *child, GtkSnapshot *snapshot) {
    PangoLayout *kept = g_object_get_qdata(G_OBJECT(child), painted_quark());
    if (!kept || !GTK_IS_LABEL(child) || !gtk_widget_get_visible(child) || !gtk_widget_get_child_visible(child))
        return;
    graphene_point_t origin;
    if (!gtk_widget_compute_point(child, frame, &GRAPHENE_POINT_INIT(0, 0), &origin)) return;
    GtkLabel *label = GTK_LABEL(child);
    // The measurer may lay text out on another thread in the kept layout's context, which
    // reading the layout touches too.
    parley_pango_lock();
    // Otherwise the label's own layout, laid out now, as the label would.
    PangoLayout *layout = draws_as_label(kept, child) ? kept : gtk_label_get_layout(label);
    // Where GtkLabel puts its layout in its allocation (its alignment, without a baseline),
    // so that the text sits on the same pixels either way.
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    float xalign = gtk_label_get_xalign(label);
    if (gtk_widget_get_direction(child) != GTK_TEXT_DIR_LTR) xalign = 1.0f - xalign;
    int x = (int)floor(xalign * (gtk_widget_get_width(child) - logical.width) - logical.x);
    int y = (int)floor((gtk_widget_get_height(child) - logical.height) * gtk_label_get_yalign(label));
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &origin);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_snapshot_render_layout(snapshot, gtk_widget_get_style_context(child), x, y, layout);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_snapshot_restore(snapshot);
    parley_pango_unlock();
}
