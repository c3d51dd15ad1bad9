#include "CParleyGtk.h"
#include <gtk/gtk.h>

// Wrappers for GObject's and GtkAccessible's variadic setters, which Swift cannot call.

void parley_accessible_set_label(void *accessible, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void parley_accessible_set_description(void *accessible, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   description, -1);
}

void parley_accessible_set_hidden(void *accessible, bool hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_STATE_HIDDEN, (gboolean)hidden, -1);
}

void parley_accessible_set_position(void *accessible, int position, int count) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                   GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

void parley_accessible_set_selected(void *accessible, bool selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_STATE_SELECTED, (gboolean)selected, -1);
}

void parley_object_set_bool(void *object, const char *property, bool value) {
    g_object_set(G_OBJECT(object), property, (gboolean)value, NULL);
}

bool parley_object_get_bool(void *object, const char *property) {
    gboolean value = FALSE;
    g_object_get(G_OBJECT(object), property, &value, NULL);
    return value;
}

char *parley_object_dup_string(void *object, const char *property) {
    char *value = NULL;
    g_object_get(G_OBJECT(object), property, &value, NULL);
    return value;
}
