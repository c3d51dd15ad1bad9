#include "childimages.h"
#include <math.h>

// A frame whose children mostly move (the message list while it scrolls) keeps what a
// moving child drew as an image, and draws the image where the child now is: a wheel step
// then copies the pixels of the rows that stayed on screen instead of drawing their
// bubbles' shapes and glyphs again. The pixels are the same: the image is drawn with the
// renderer's own cairo drawing (gsk_render_node_draw), on whole device pixels, and placed
// on whole device pixels.
//
// An image is made only when a child moved a little and GTK kept its render node (nothing
// in it changed): a child drawn anew (a new row, a video's next frame) is drawn as usual,
// and so is one that stays where it was, which GTK does not draw again anyway. A child
// that moved by half the frame or more (a page) will soon be out of sight: no image.

typedef struct {
    // The child's render node the entry describes. Held, so that no later node can take
    // its address and pass for it.
    GskRenderNode *source;
    // A node drawing `source` from an image, at the same place, or NULL.
    GskRenderNode *image;
    int scale;
    // Where the child was drawn last time.
    float dx, dy;
} ChildImage;

static GQuark child_image_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("parley-child-image");
    return quark;
}

static void child_image_free(gpointer data) {
    ChildImage *entry = data;
    if (entry->source) gsk_render_node_unref(entry->source);
    if (entry->image) gsk_render_node_unref(entry->image);
    g_free(entry);
}

// `node` drawn into an image on whole device pixels, as a node covering those pixels; NULL
// if it is empty or larger than `max_pixels`.
static GskRenderNode *image_of(GskRenderNode *node, int scale, double max_pixels) {
    graphene_rect_t bounds;
    gsk_render_node_get_bounds(node, &bounds);
    double left = floor(bounds.origin.x * scale), top = floor(bounds.origin.y * scale);
    double right = ceil((bounds.origin.x + bounds.size.width) * scale);
    double bottom = ceil((bounds.origin.y + bounds.size.height) * scale);
    double width = right - left, height = bottom - top;
    if (width <= 0 || height <= 0 || width * height > max_pixels) return NULL;
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

void parley_snapshot_children_as_images(GtkWidget *widget, GtkSnapshot *snapshot, double max_pixels) {
    int scale = gtk_widget_get_scale_factor(widget);
    // What lies outside a clipping frame cannot be seen: such a child is not drawn at all.
    gboolean clips = gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN;
    graphene_rect_t visible = GRAPHENE_RECT_INIT(0, 0, (float)gtk_widget_get_width(widget),
                                                 (float)gtk_widget_get_height(widget));
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        // What GTK would draw: the child's render node (kept by GTK while nothing in the
        // child changes), moved to the child's place by a transform node.
        GtkSnapshot *own = gtk_snapshot_new();
        gtk_widget_snapshot_child(widget, child, own);
        GskRenderNode *node = gtk_snapshot_free_to_node(own);
        if (node == NULL) continue;
        GskRenderNode *source = node;
        float dx = 0, dy = 0;
        if (gsk_render_node_get_node_type(node) == GSK_TRANSFORM_NODE) {
            GskTransform *transform = gsk_transform_node_get_transform(node);
            if (gsk_transform_get_category(transform) >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE) {
                gsk_transform_to_translate(transform, &dx, &dy);
                source = gsk_transform_node_get_child(node);
            }
        }
        ChildImage *entry = g_object_get_qdata(G_OBJECT(child), child_image_quark());
        if (entry == NULL) {
            entry = g_new0(ChildImage, 1);
            g_object_set_qdata_full(G_OBJECT(child), child_image_quark(), entry, child_image_free);
        }
        gboolean unchanged = entry->source == source && entry->scale == scale;
        if (!unchanged) {
            g_clear_pointer(&entry->source, gsk_render_node_unref);
            g_clear_pointer(&entry->image, gsk_render_node_unref);
            entry->source = gsk_render_node_ref(source);
            entry->scale = scale;
        }
        float distance = fabsf(entry->dx - dx) + fabsf(entry->dy - dy);
        gboolean moved_a_little = distance > 0 && 2 * distance < visible.size.height;
        entry->dx = dx;
        entry->dy = dy;

        graphene_rect_t bounds;
        gsk_render_node_get_bounds(node, &bounds);
        if (clips && !graphene_rect_intersection(&bounds, &visible, NULL)) {
            // Out of sight: an image would only hold memory.
            g_clear_pointer(&entry->image, gsk_render_node_unref);
        } else if (source == node) {
            gtk_snapshot_append_node(snapshot, node);
        } else {
            if (entry->image == NULL && unchanged && moved_a_little)
                entry->image = image_of(source, scale, max_pixels);
            if (entry->image == NULL) {
                gtk_snapshot_append_node(snapshot, node);
            } else {
                // Children are placed on whole points; rounding keeps the image's pixels
                // on the screen's, where a place between pixels would blur it.
                graphene_point_t offset = GRAPHENE_POINT_INIT(roundf(dx * scale) / scale, roundf(dy * scale) / scale);
                gtk_snapshot_save(snapshot);
                gtk_snapshot_translate(snapshot, &offset);
                gtk_snapshot_append_node(snapshot, entry->image);
                gtk_snapshot_restore(snapshot);
            }
        }
        gsk_render_node_unref(node);
    }
}

bool parley_child_has_image(void *child) {
    ChildImage *entry = g_object_get_qdata(G_OBJECT(child), child_image_quark());
    return entry != NULL && entry->image != NULL;
}
