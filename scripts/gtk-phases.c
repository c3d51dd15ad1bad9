/* Loaded into a GTK 4 program with LD_PRELOAD by scripts/gtk-phases.py: splits the main
 * thread's CPU time among the phases of the window's frame clock.
 *
 * Once the first window is presented, a handler is connected *after* every other handler
 * of each phase (g_signal_connect_after), so the CPU time between two of them is the work
 * of the phase in between: before-paint, update (tick callbacks: a Parley list's frame),
 * layout (CSS, size allocation), paint (snapshot and rendering), after-paint. What the
 * thread does between one frame's after-paint and the next frame's before-paint (input
 * events and their handlers, idle callbacks) is counted as "between". Tick callbacks
 * added through gtk_widget_add_tick_callback from outside GTK are timed on their own.
 *
 * SIGUSR1 (handled in the main loop) writes the sums since the last SIGUSR1 to standard
 * error as one line: "gtk-phases frames between before update layout paint after ticks"
 * (milliseconds of thread CPU time; frames and ticks counted), then starts again. With
 * GTK_PHASES_TRACE set, every frame also writes "gtk-phases-frame" and the frame's end
 * (CLOCK_MONOTONIC, milliseconds), then its own between, before, update, layout, paint,
 * after and ticks. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>

enum { BETWEEN, BEFORE, UPDATE, LAYOUT, PAINT, AFTER, TICKS, SLOTS };
static const char *const phases[] = {"before-paint", "update", "layout", "paint", "after-paint"};

static double sums[SLOTS];
static long frames, ticks;
static double last = -1;
// This frame's share of each slot, for the trace.
static double frame[SLOTS], ticks_before;
static gboolean trace;

static double thread_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* After every handler of phase `slot` (BEFORE ... AFTER) has run. */
static void phase_done(GdkFrameClock *clock, gpointer slot_pointer) {
    (void)clock;
    int slot = GPOINTER_TO_INT(slot_pointer);
    double now = thread_ms();
    // The time up to a frame's before-paint, since the last frame ended, is "between".
    if (slot == BEFORE) {
        for (int i = 0; i < SLOTS; i++) frame[i] = 0;
        ticks_before = sums[TICKS];
    }
    if (last >= 0) {
        sums[slot == BEFORE ? BETWEEN : slot] += now - last;
        frame[slot == BEFORE ? BETWEEN : slot] = now - last;
    }
    last = now;
    if (slot != AFTER) return;
    frames++;
    if (!trace) return;
    struct timespec wall;
    clock_gettime(CLOCK_MONOTONIC, &wall);
    fprintf(stderr, "gtk-phases-frame %.3f", wall.tv_sec * 1e3 + wall.tv_nsec / 1e6);
    for (int i = 0; i < TICKS; i++) fprintf(stderr, " %.4f", frame[i]);
    fprintf(stderr, " %.4f\n", sums[TICKS] - ticks_before);
}

static gboolean report(gpointer data) {
    (void)data;
    fprintf(stderr, "gtk-phases %ld", frames);
    for (int slot = 0; slot < SLOTS; slot++) fprintf(stderr, " %.4f", sums[slot]);
    fprintf(stderr, " %ld\n", ticks);
    for (int slot = 0; slot < SLOTS; slot++) sums[slot] = 0;
    frames = ticks = 0;
    return G_SOURCE_CONTINUE;
}

__attribute__((constructor)) static void start(void) {
    g_unix_signal_add(SIGUSR1, report, NULL);
    trace = g_getenv("GTK_PHASES_TRACE") != NULL;
}

typedef struct {
    GtkTickCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} Tick;

static gboolean timed_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    Tick *tick = data;
    double start = thread_ms();
    gboolean more = tick->callback(widget, clock, tick->data);
    sums[TICKS] += thread_ms() - start;
    ticks++;
    return more;
}

static void free_tick(gpointer data) {
    Tick *tick = data;
    if (tick->destroy) tick->destroy(tick->data);
    g_free(tick);
}

guint gtk_widget_add_tick_callback(GtkWidget *widget, GtkTickCallback callback, gpointer data,
                                   GDestroyNotify destroy) {
    static guint (*add)(GtkWidget *, GtkTickCallback, gpointer, GDestroyNotify);
    if (!add) add = (guint (*)(GtkWidget *, GtkTickCallback, gpointer, GDestroyNotify))dlsym(RTLD_NEXT, "gtk_widget_add_tick_callback");
    Tick *tick = g_new(Tick, 1);
    tick->callback = callback;
    tick->data = data;
    tick->destroy = destroy;
    return add(widget, timed_tick, tick, free_tick);
}

void gtk_window_present(GtkWindow *window) {
    static void (*present)(GtkWindow *);
    static gboolean connected;
    if (!present) present = (void (*)(GtkWindow *))dlsym(RTLD_NEXT, "gtk_window_present");
    present(window);
    if (connected) return;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (!surface) return;
    GdkFrameClock *clock = gdk_surface_get_frame_clock(surface);
    for (int slot = BEFORE; slot <= AFTER; slot++)
        g_signal_connect_after(clock, phases[slot - BEFORE], G_CALLBACK(phase_done), GINT_TO_POINTER(slot));
    connected = TRUE;
}
