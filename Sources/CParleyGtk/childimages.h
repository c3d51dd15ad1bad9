#ifndef CPARLEY_GTK_CHILD_IMAGES_H
#define CPARLEY_GTK_CHILD_IMAGES_H

#include <gtk/gtk.h>
#include "CParleyGtk.h"

// Under GSK's cairo renderer, snapshots `widget`'s children as GTK would, but a child that
// keeps moving a little without changing is drawn from an image of what it drew (see
// childimages.c). Images hold at most twice the widget's pixels, one at most once. Returns
// false, having drawn nothing, under another renderer.
bool parley_snapshot_children_as_images(GtkWidget *widget, GtkSnapshot *snapshot);

#endif
