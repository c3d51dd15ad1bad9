#include "CParleyGtk.h"
#include <gio/gio.h>

// The desktop's light/dark preference, as the XDG desktop portal publishes it
// (org.freedesktop.appearance color-scheme: 0 no preference, 1 prefer dark, 2 prefer light).
// GVariant construction is variadic, so it lives here.

static int parley_scheme_from_variant(GVariant *value) {
    // Read returns v wrapped in v (older portals) or v; unwrap until a uint32.
    while (value && g_variant_is_of_type(value, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(value);
        g_variant_unref(value);
        value = inner;
    }
    int scheme = -1;
    if (value && g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32)) scheme = (int)g_variant_get_uint32(value);
    if (value) g_variant_unref(value);
    return scheme;
}

int parley_portal_color_scheme(int timeout_ms) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return -1;
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings", "Read",
        g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"), NULL,
        G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout_ms, NULL, NULL);
    g_object_unref(bus);
    if (!reply) return -1;
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    g_variant_unref(reply);
    return parley_scheme_from_variant(value);
}

typedef struct {
    void (*callback)(int scheme, void *context);
    void *context;
} ParleyWatch;

static void parley_setting_changed(GDBusConnection *bus, const char *sender, const char *path,
                                   const char *interface, const char *signal, GVariant *parameters,
                                   gpointer data) {
    (void)bus; (void)sender; (void)path; (void)interface; (void)signal;
    ParleyWatch *watch = data;
    const char *namespace = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    if (g_strcmp0(namespace, "org.freedesktop.appearance") == 0 && g_strcmp0(key, "color-scheme") == 0) {
        watch->callback(parley_scheme_from_variant(value), watch->context);
    } else if (value) {
        g_variant_unref(value);
    }
}

bool parley_portal_watch_color_scheme(void (*callback)(int scheme, void *context), void *context) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return false;
    ParleyWatch *watch = g_new0(ParleyWatch, 1);
    watch->callback = callback;
    watch->context = context;
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings",
                                       "SettingChanged", "/org/freedesktop/portal/desktop", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, parley_setting_changed, watch, g_free);
    // The connection stays open for the subscription's lifetime (the process's).
    return true;
}
