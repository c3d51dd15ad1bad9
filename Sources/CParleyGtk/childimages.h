#ifndef CPARLEY_GTK_CHILD_IMAGES_H
#define CPARLEY_GTK_CHILD_IMAGES_H

#include <gtk/gtk.h>
#include "CParleyGtk.h"

// Snapshots `widget`'s children as GTK would, but a child that moved a little and did not
// change is drawn from an image of what it drew (see childimages.c). An image holds at most
// `max_pixels` device pixels; a larger child is drawn as usual.
void parley_snapshot_children_as_images(GtkWidget *widget, GtkSnapshot *snapshot, double max_pixels);

#endif
