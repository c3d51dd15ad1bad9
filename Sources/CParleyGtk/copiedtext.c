#include "CParleyGtk.h"
#include <gtk/gtk.h>
#include <string.h>

// A message label draws its text with a zero-width space where a run of characters too
// long to break got a break opportunity (ParleyCore's DisplayText): the text a user selects
// and copies from the label must not carry them, or a copied link or hash is broken where
// it is pasted.

static const char zero_width_space[] = "\xE2\x80\x8B";

static void copy_without_breaks(GtkLabel *label, gpointer data) {
    int start = 0, end = 0;
    if (!gtk_label_get_selection_bounds(label, &start, &end)) return;  // a link's address: GTK's own
    const char *text = gtk_label_get_text(label);
    const char *from = g_utf8_offset_to_pointer(text, start);
    const char *to = g_utf8_offset_to_pointer(text, end);
    GString *copied = g_string_sized_new((gsize)(to - from));
    for (const char *at = from; at < to;) {
        const char *found = g_strstr_len(at, to - at, zero_width_space);
        const char *stop = found ? found : to;
        g_string_append_len(copied, at, stop - at);
        at = found ? found + strlen(zero_width_space) : to;
    }
    gdk_clipboard_set_text(gtk_widget_get_clipboard(GTK_WIDGET(label)), copied->str);
    g_string_free(copied, TRUE);
    g_signal_stop_emission_by_name(label, "copy-clipboard");
}

void parley_label_copy_without_breaks(void *label) {
    g_signal_connect(label, "copy-clipboard", G_CALLBACK(copy_without_breaks), NULL);
}
