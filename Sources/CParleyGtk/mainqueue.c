#include "CParleyGtk.h"
#include <glib-unix.h>
#include <unistd.h>
#include <stdint.h>

// On Linux, libdispatch signals work for its main queue on an eventfd and drains it when
// asked; CoreFoundation's run loop does the same. Watching that fd from the GLib main
// context lets `DispatchQueue.main` and `@MainActor` tasks run inside a GTK application.

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean parley_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    uint64_t value;
    // The eventfd is non-blocking; an empty read is harmless.
    ssize_t ignored = read(fd, &value, sizeof value);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

bool parley_main_queue_attach(void) {
    static gboolean attached = FALSE;
    if (attached) return false;
    attached = TRUE;
    int fd = _dispatch_get_main_queue_handle_4CF();
    g_unix_fd_add(fd, G_IO_IN, parley_main_queue_ready, NULL);
    // Work queued before the loop started would otherwise wait for the next wake-up.
    g_idle_add_once((GSourceOnceFunc)_dispatch_main_queue_callback_4CF, NULL);
    return true;
}
