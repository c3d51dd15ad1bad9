#include "childimages.h"
#include <math.h>

// A frame whose children mostly move (the message list while it scrolls) keeps what a
// moving child drew as an image, and draws the image where the child now is: a wheel step
// then copies the pixels of the rows that stayed on screen instead of drawing their
// bubbles' shapes and glyphs again. The image is drawn with the cairo renderer's own
// drawing (gsk_render_node_draw) on whole device pixels and placed on whole device pixels,
// so the pixels are the same, up to one level where a half-covered edge is composited in
// two steps instead of one.
//
// An image is made only when it pays: when a child moved a little in this snapshot and the
// one before (a wheel turned, a touchpad's motion) and GTK kept its render node (nothing in
// it changed). A child drawn anew (a new row, a video's next frame), one that stays where
// it was (GTK does not draw it again anyway), one moved by half the frame or more (a page:
// it will soon be out of sight), one that moved once (a jump settling), and one larger than
// the frame are drawn as usual. Only GSK's cairo renderer gets images: another renderer
// draws text and shapes its own way, and the children are left to GTK there. Children
// outside a clipping frame are not drawn.

typedef struct {
    // The child's render node the entry describes. Held, so that no later node can take
    // its address and pass for it.
    GskRenderNode *source;
    // A node drawing `source` from an image, at the same place, or NULL.
    GskRenderNode *image;
    // The image's size in device pixels.
    double pixels;
    int scale;
    // Where the child was drawn last time.
    float dx, dy;
    // Whether the last snapshot moved the child a little too.
    gboolean was_moving;
} ChildImage;

static GQuark child_image_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("parley-child-image");
    return quark;
}

static void child_image_clear(ChildImage *entry) {
    g_clear_pointer(&entry->source, gsk_render_node_unref);
    g_clear_pointer(&entry->image, gsk_render_node_unref);
    entry->was_moving = FALSE;
}

static void child_image_free(gpointer data) {
    child_image_clear(data);
    g_free(data);
}

// `node` drawn into an image on whole device pixels, as a node covering those pixels; NULL
// if it is empty or larger than `max_pixels`. Sets `*pixels` to the image's size.
static GskRenderNode *image_of(GskRenderNode *node, int scale, double max_pixels, double *pixels) {
    graphene_rect_t bounds;
    gsk_render_node_get_bounds(node, &bounds);
    double left = floor(bounds.origin.x * scale), top = floor(bounds.origin.y * scale);
    double right = ceil((bounds.origin.x + bounds.size.width) * scale);
    double bottom = ceil((bounds.origin.y + bounds.size.height) * scale);
    double width = right - left, height = bottom - top;
    if (width <= 0 || height <= 0 || width * height > max_pixels) return NULL;
    *pixels = width * height;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_surface_set_device_offset(surface, -left, -top);
    cairo_surface_set_device_scale(surface, scale, scale);
    cairo_t *cr = cairo_create(surface);
    gsk_render_node_draw(node, cr);
    cairo_destroy(cr);
    cairo_surface_set_device_offset(surface, 0, 0);

    // A cairo node records the painting of the image (cairo keeps the surface alive).
    graphene_rect_t area = GRAPHENE_RECT_INIT((float)(left / scale), (float)(top / scale),
                                              (float)(width / scale), (float)(height / scale));
    GskRenderNode *image = gsk_cairo_node_new(&area);
    cr = gsk_cairo_node_get_draw_context(image);
    cairo_set_source_surface(cr, surface, left / scale, top / scale);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return image;
}

bool parley_snapshot_children_as_images(GtkWidget *widget, GtkSnapshot *snapshot) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    if (renderer == NULL || !GSK_IS_CAIRO_RENDERER(renderer)) return false;
    int scale = gtk_widget_get_scale_factor(widget);
    // What a clipping frame shows: its padding box (GTK clips there), in the coordinates of
    // its content box.
    gboolean clips = gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN;
    GtkBorder padding;
    gtk_style_context_get_padding(gtk_widget_get_style_context(widget), &padding);
    graphene_rect_t visible = GRAPHENE_RECT_INIT(
        -padding.left, -padding.top, (float)(gtk_widget_get_width(widget) + padding.left + padding.right),
        (float)(gtk_widget_get_height(widget) + padding.top + padding.bottom));
    // Images in use hold at most twice the frame's pixels, one at most once.
    double area = (double)visible.size.width * visible.size.height * scale * scale;
    double budget = 2 * area;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        ChildImage *entry = g_object_get_qdata(G_OBJECT(child), child_image_quark());
        // What GTK would draw: the child's render node (kept by GTK while nothing in the
        // child changes), moved to the child's place by a transform node.
        GtkSnapshot *own = gtk_snapshot_new();
        gtk_widget_snapshot_child(widget, child, own);
        GskRenderNode *node = gtk_snapshot_free_to_node(own);
        if (node == NULL) {
            // Hidden or unmapped (a row view waiting in the pool): GTK dropped its node, and
            // the entry lets go of it and of its image.
            if (entry != NULL) child_image_clear(entry);
            continue;
        }
        GskRenderNode *source = node;
        float dx = 0, dy = 0;
        if (gsk_render_node_get_node_type(node) == GSK_TRANSFORM_NODE) {
            GskTransform *transform = gsk_transform_node_get_transform(node);
            if (gsk_transform_get_category(transform) >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE) {
                gsk_transform_to_translate(transform, &dx, &dy);
                source = gsk_transform_node_get_child(node);
            }
        }
        if (entry == NULL) {
            entry = g_new0(ChildImage, 1);
            g_object_set_qdata_full(G_OBJECT(child), child_image_quark(), entry, child_image_free);
        }
        gboolean unchanged = entry->source == source && entry->scale == scale;
        if (!unchanged) {
            child_image_clear(entry);
            entry->source = gsk_render_node_ref(source);
            entry->scale = scale;
        }
        float distance = fabsf(entry->dx - dx) + fabsf(entry->dy - dy);
        gboolean moved_a_little = distance > 0 && 2 * distance < visible.size.height;
        gboolean keeps_moving = moved_a_little && entry->was_moving;
        entry->was_moving = moved_a_little;
        entry->dx = dx;
        entry->dy = dy;
        // An image's pixels must fall on the screen's: a place between pixels (a CSS
        // transform of the app's) would blur it.
        gboolean on_pixels = dx * scale == floorf(dx * scale) && dy * scale == floorf(dy * scale);

        graphene_rect_t bounds;
        gsk_render_node_get_bounds(node, &bounds);
        if (clips && !graphene_rect_intersection(&bounds, &visible, NULL)) {
            // Out of sight: an image would only hold memory.
            g_clear_pointer(&entry->image, gsk_render_node_unref);
        } else if (source == node || !on_pixels) {
            g_clear_pointer(&entry->image, gsk_render_node_unref);
            gtk_snapshot_append_node(snapshot, node);
        } else {
            if (entry->image == NULL && unchanged && keeps_moving)
                entry->image = image_of(source, scale, MIN(area, budget), &entry->pixels);
            if (entry->image != NULL && entry->pixels > budget)
                g_clear_pointer(&entry->image, gsk_render_node_unref);
            if (entry->image == NULL) {
                gtk_snapshot_append_node(snapshot, node);
            } else {
                budget -= entry->pixels;
                gtk_snapshot_save(snapshot);
                gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(dx, dy));
                gtk_snapshot_append_node(snapshot, entry->image);
                gtk_snapshot_restore(snapshot);
            }
        }
        gsk_render_node_unref(node);
    }
    return true;
}

bool parley_child_has_image(void *child) {
    ChildImage *entry = g_object_get_qdata(G_OBJECT(child), child_image_quark());
    return entry != NULL && entry->image != NULL;
}

bool parley_child_drawn_at(void *child, float *x, float *y) {
    ChildImage *entry = g_object_get_qdata(G_OBJECT(child), child_image_quark());
    if (entry == NULL || entry->source == NULL) return false;
    *x = entry->dx;
    *y = entry->dy;
    return true;
}
