#include "CParleyGtk.h"
#include <gtk/gtk.h>

// Pango puts a hyphen where it breaks a word too long for the line, and a GtkTextView has
// no setting against it but a tag. The composer's text carries one over all of it, so a
// long link or number typed there wraps as it will in the bubble: without a hyphen that
// reads as part of it. Text inserted at the end of a tagged range is outside the tag, so
// every insertion (typing, a paste, a drop, set_text) is tagged as it lands.

static const char *const tag_name = "parley-no-hyphens";

// Where the insertion under way lands, in characters: noted before GTK inserts it, and
// turned into iterators after, since a handler of "changed" (emitted while GTK inserts)
// may change the buffer and so invalidate the iterator the signal carries.
typedef struct {
    int start;
    int count;
} Insertion;

static void note_insertion(GtkTextBuffer *buffer, GtkTextIter *at, char *text, int length, gpointer data) {
    Insertion *insertion = data;
    insertion->start = gtk_text_iter_get_offset(at);
    insertion->count = (int)g_utf8_strlen(text, length);
}

static void tag_insertion(GtkTextBuffer *buffer, GtkTextIter *at, char *text, int length, gpointer data) {
    Insertion *insertion = data;
    GtkTextIter start, end;
    gtk_text_buffer_get_iter_at_offset(buffer, &start, insertion->start);
    gtk_text_buffer_get_iter_at_offset(buffer, &end, insertion->start + insertion->count);
    gtk_text_buffer_apply_tag_by_name(buffer, tag_name, &start, &end);
}

void parley_text_buffer_keep_unhyphenated(void *buffer) {
    GtkTextBuffer *text = GTK_TEXT_BUFFER(buffer);
    GtkTextTagTable *table = gtk_text_buffer_get_tag_table(text);
    if (gtk_text_tag_table_lookup(table, tag_name) != NULL) return;
    GtkTextTag *tag = gtk_text_buffer_create_tag(text, tag_name, "insert-hyphens", FALSE, NULL);
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(text, &start, &end);
    gtk_text_buffer_apply_tag(text, tag, &start, &end);
    Insertion *insertion = g_new0(Insertion, 1);
    g_object_set_data_full(G_OBJECT(text), "parley-no-hyphens-insertion", insertion, g_free);
    // "insert-text" runs GTK's handler last: the first handler sees where the text goes,
    // the one connected after sees it there.
    g_signal_connect(text, "insert-text", G_CALLBACK(note_insertion), insertion);
    g_signal_connect_after(text, "insert-text", G_CALLBACK(tag_insertion), insertion);
}
