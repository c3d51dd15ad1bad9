#include "CParleyGtk.h"
#include <gtk/gtk.h>

// Pango puts a hyphen where it breaks a word too long for the line, and a GtkTextView has
// no setting against it but a tag. The composer's text carries one over all of it, so a
// long link or number typed there wraps as it will in the bubble: without a hyphen that
// reads as part of it. Text inserted at the end of a tagged range is outside the tag, so
// every insertion (typing, a paste, a drop, set_text) is tagged as it lands.

static const char *const tag_name = "parley-no-hyphens";

static void tag_inserted(GtkTextBuffer *buffer, GtkTextIter *end, char *text, int length, gpointer tag) {
    GtkTextIter start = *end;
    gtk_text_iter_backward_chars(&start, (int)g_utf8_strlen(text, length));
    gtk_text_buffer_apply_tag(buffer, tag, &start, end);
}

void parley_text_buffer_keep_unhyphenated(void *buffer) {
    GtkTextBuffer *text = GTK_TEXT_BUFFER(buffer);
    GtkTextTagTable *table = gtk_text_buffer_get_tag_table(text);
    if (gtk_text_tag_table_lookup(table, tag_name) != NULL) return;
    GtkTextTag *tag = gtk_text_buffer_create_tag(text, tag_name, "insert-hyphens", FALSE, NULL);
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(text, &start, &end);
    gtk_text_buffer_apply_tag(text, tag, &start, &end);
    // After GTK's own handler: `end` then points past the inserted text.
    g_signal_connect_after(text, "insert-text", G_CALLBACK(tag_inserted), tag);
}
