internal import CGtk4

/// CSS rules scoped by a class derived from their text, installed for the display once.
///
/// Rules are written against `.parley-scope`; that placeholder becomes `prefix` plus a
/// hash of the rules, so two different styles never share a class while views with the
/// same style share one provider. Installed just below application priority, so an app's
/// own CSS wins.
struct ScopedCSS {
    /// The placeholder class that rules are written with.
    static let placeholder = ".parley-scope"

    /// The class to add to the root of the widgets the rules are for.
    let scopeClass: String
    /// The CSS text, scoped.
    let css: String

    /// Scopes `rules` (written with ``placeholder``) under a class starting with `prefix`.
    init(prefix: String, rules: String) {
        var hasher = Hasher()
        hasher.combine(rules)
        // Hasher is seeded per process; the class only needs to be unique within it.
        scopeClass = prefix + String(UInt(bitPattern: hasher.finalize()), radix: 36)
        css = rules.replacingOccurrences(of: Self.placeholder, with: "." + scopeClass)
    }

    /// Providers already installed, by scope class.
    @MainActor private static var installed: [String: UnsafeMutablePointer<GtkCssProvider>] = [:]

    /// Installs the rules for the default display, once per distinct text.
    @MainActor
    func install() {
        guard Self.installed[scopeClass] == nil, let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 10)
        Self.installed[scopeClass] = provider
    }
}
