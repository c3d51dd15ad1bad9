#include "CParleyGtk.h"
#include <gtk/gtk.h>
#include "childimages.h"
#include "paintedtext.h"

// ParleyFrame: a GtkWidget that asks Swift how big it is and where its children go.
// Each CSS name gets its own subtype (registered on first use), so that app style sheets
// can select `messages`, `message`, `bubble`... by node name.

typedef struct {
    GtkWidget parent_instance;
    ParleyFrameCallbacks callbacks;
    void *context;
    gboolean focus_self_only;
    gboolean picks_through;
    gboolean children_as_images;
    gboolean paints_text;
} ParleyFrame;

typedef struct {
    GtkWidgetClass parent_class;
} ParleyFrameClass;

G_DEFINE_TYPE(ParleyFrame, parley_frame, GTK_TYPE_WIDGET)

static void parley_frame_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline) {
    ParleyFrame *self = (ParleyFrame *)widget;
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
    if (self->callbacks.measure && self->context)
        self->callbacks.measure(self->context, orientation == GTK_ORIENTATION_VERTICAL ? 1 : 0,
                                for_size, minimum, natural);
    if (*natural < *minimum) *natural = *minimum;
}

static void parley_frame_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    ParleyFrame *self = (ParleyFrame *)widget;
    if (self->callbacks.allocate && self->context)
        self->callbacks.allocate(self->context, width, height);
}

static void parley_frame_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    ParleyFrame *self = (ParleyFrame *)widget;
    if (self->callbacks.snapshot && self->context)
        self->callbacks.snapshot(self->context, snapshot, gtk_widget_get_width(widget),
                                 gtk_widget_get_height(widget));
    if (self->children_as_images && parley_snapshot_children_as_images(widget, snapshot)) return;
    if (!self->paints_text) {
        GTK_WIDGET_CLASS(parley_frame_parent_class)->snapshot(widget, snapshot);
        return;
    }
    // GtkWidget's own drawing of the children, with painted labels' text drawn in their place.
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        gtk_widget_snapshot_child(widget, child, snapshot);
        parley_paint_label_text(widget, child, snapshot);
    }
}

void parley_frame_mark_painting(void *frame) {
    ((ParleyFrame *)frame)->paints_text = TRUE;
}

// With focus_self_only, Tab stops on the frame itself and then leaves it: its children
// (selectable labels) take focus from a click only, so Tab never selects a bubble's text.
static gboolean parley_frame_focus(GtkWidget *widget, GtkDirectionType direction) {
    ParleyFrame *self = (ParleyFrame *)widget;
    if (!self->focus_self_only) return GTK_WIDGET_CLASS(parley_frame_parent_class)->focus(widget, direction);
    if (gtk_widget_is_focus(widget)) return FALSE;
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
    if (focus && gtk_widget_is_ancestor(focus, widget)) return FALSE;
    return gtk_widget_grab_focus(widget);
}

void parley_frame_set_focus_self_only(void *frame, bool only) {
    ((ParleyFrame *)frame)->focus_self_only = only;
}

// GTK picks a widget's children before the widget itself, so a frame that contains no
// point still lets its children take the pointer, and what lies under it the rest.
static gboolean parley_frame_contains(GtkWidget *widget, double x, double y) {
    ParleyFrame *self = (ParleyFrame *)widget;
    if (self->picks_through) return FALSE;
    return GTK_WIDGET_CLASS(parley_frame_parent_class)->contains(widget, x, y);
}

void parley_frame_set_picks_through(void *frame, bool through) {
    ((ParleyFrame *)frame)->picks_through = through;
}

void parley_frame_set_children_as_images(void *frame, bool images) {
    ((ParleyFrame *)frame)->children_as_images = images;
    gtk_widget_queue_draw(GTK_WIDGET(frame));
}

static void parley_frame_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(parley_frame_parent_class)->dispose(object);
}

static void parley_frame_finalize(GObject *object) {
    ParleyFrame *self = (ParleyFrame *)object;
    void *context = self->context;
    self->context = NULL;
    if (context && self->callbacks.release) self->callbacks.release(context);
    G_OBJECT_CLASS(parley_frame_parent_class)->finalize(object);
}

static void parley_frame_class_init(ParleyFrameClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = parley_frame_dispose;
    object_class->finalize = parley_frame_finalize;
    widget_class->measure = parley_frame_measure;
    widget_class->size_allocate = parley_frame_size_allocate;
    widget_class->snapshot = parley_frame_snapshot;
    widget_class->focus = parley_frame_focus;
    widget_class->contains = parley_frame_contains;
}

static void parley_frame_init(ParleyFrame *self) {
    self->context = NULL;
    self->focus_self_only = FALSE;
    self->picks_through = FALSE;
}

static void parley_frame_subclass_init(gpointer klass, gpointer class_data) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), (const char *)class_data);
}

static GType parley_frame_type_for(const char *css_name) {
    static GMutex lock;
    static GHashTable *types = NULL;
    g_mutex_lock(&lock);
    if (!types) types = g_hash_table_new(g_str_hash, g_str_equal);
    GType type = (GType)GPOINTER_TO_SIZE(g_hash_table_lookup(types, css_name));
    if (type == 0) {
        char *name = g_strdup(css_name);
        GString *type_name = g_string_new("ParleyFrame_");
        for (const char *c = css_name; *c; c++)
            g_string_append_c(type_name, g_ascii_isalnum(*c) ? *c : '_');
        GTypeQuery query;
        g_type_query(parley_frame_get_type(), &query);
        GTypeInfo info = {
            .class_size = (guint16)query.class_size,
            .class_init = parley_frame_subclass_init,
            .class_data = name,
            .instance_size = (guint16)query.instance_size,
        };
        type = g_type_register_static(parley_frame_get_type(), type_name->str, &info, 0);
        g_string_free(type_name, TRUE);
        g_hash_table_insert(types, name, GSIZE_TO_POINTER(type));
    }
    g_mutex_unlock(&lock);
    return type;
}

void *parley_frame_new(const char *css_name, int role, ParleyFrameCallbacks callbacks, void *context) {
    GType type = parley_frame_type_for(css_name ? css_name : "widget");
    ParleyFrame *self = g_object_new(type, "accessible-role", (GtkAccessibleRole)role, NULL);
    self->callbacks = callbacks;
    self->context = context;
    return self;
}

