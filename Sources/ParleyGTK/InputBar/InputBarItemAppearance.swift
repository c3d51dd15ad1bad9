import Foundation
import ParleyCore

/// How an ``InputBarItem`` shows in GTK: the themed icon for its abstract icon name and
/// the accessible name of its button.
@MainActor
enum InputBarItemAppearance {
    /// GTK (Adwaita) icon names for the core's abstract ones. A name not listed is used as
    /// a GTK icon name as it is, so an app can give `face-smile-symbolic` directly.
    static let iconNames: [String: String] = [
        "send": SendArrowIcon.iconName,
        "plus": "list-add-symbolic",
        "camera": "camera-photo-symbolic",
        "photo": "image-x-generic-symbolic",
        "mic": "audio-input-microphone-symbolic",
        "attachment": "mail-attachment-symbolic",
    ]

    /// Accessible names by item id (the presets' items), then by icon name.
    static let labels: [String: String] = [
        "send": "Send",
        "plus": "Attach",
        "attachment": "Attach file",
        "camera": "Camera",
        "photo": "Photo",
        "mic": "Voice message",
        "mention": "Mention someone",
        "channel": "Mention a channel",
    ]

    /// The GTK icon name of `item`, or `nil` when it has no icon.
    static func iconName(of item: InputBarItem, overrides: [String: String]) -> String? {
        guard let name = item.iconName, !name.isEmpty else { return nil }
        return overrides[name] ?? iconNames[name] ?? name
    }

    /// The accessible name of `item`'s button: the app's override for its id, the preset
    /// name for its id or icon, its title, or its id.
    static func accessibleLabel(of item: InputBarItem, overrides: [String: String]) -> String {
        if let label = overrides[item.id] { return label }
        if let label = labels[item.id] { return label }
        if let icon = item.iconName, let label = labels[icon] { return label }
        if let title = item.title, !title.trimmingCharacters(in: .whitespaces).isEmpty { return title }
        return item.id
    }
}
