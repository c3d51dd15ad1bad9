/// Where an image stands in an ``ImageLoader``.
public enum ImageState: Equatable, Sendable {
    /// Being fetched and decoded; show a placeholder.
    case loading
    /// Ready to show.
    case loaded(Texture)
    /// Could not be shown; the message is short and meant for the user ("Image not found",
    /// "Image download timed out"...). ``ImageLoader/retry(_:)`` tries again.
    case failed(String)

    /// The texture, when loaded.
    public var texture: Texture? {
        if case .loaded(let texture) = self { return texture }
        return nil
    }
}
