// GTK 4 (Debian: libgtk-4-dev) and Pango's cairo backend, for the GTK front end.
// The include paths come from pkg-config (the target is `.systemLibrary(pkgConfig: "gtk4")`).
#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <glib-unix.h>
