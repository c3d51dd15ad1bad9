#ifndef PARLEY_PAINTED_TEXT_H
#define PARLEY_PAINTED_TEXT_H

#include <gtk/gtk.h>

/// Draws the text of `child` (a label of `frame`) from the layout given to it with
/// parley_label_paint_layout, if any, where the label would draw it.
void parley_paint_label_text(GtkWidget *frame, GtkWidget *child, GtkSnapshot *snapshot);
/// Makes `frame` look for painted labels among its children when it draws.
void parley_frame_mark_painting(void *frame);

#endif
