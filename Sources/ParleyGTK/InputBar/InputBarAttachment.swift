import ParleyCore

/// An image waiting in an ``InputBarView`` to be sent: chosen in the file chooser, pasted,
/// or added by the app. Shown as a removable thumbnail above the text.
///
/// The core's ``InputBar`` model knows text only; attachments live in the GTK view and are
/// handed to ``InputBarView/onSendAttachments(_:)`` handlers when the user sends.
public struct InputBarAttachment: Hashable, Sendable, Identifiable {
    /// Identifies the attachment within its view; unique for the view's lifetime.
    public let id: Int
    /// Where the image is: `.file` for a chosen file, `.data` (PNG bytes) for a paste.
    public var source: ImageSource
    /// A short name for the chip's accessible label: the file's name, or "Pasted image".
    public var name: String
    /// The image's size in pixels, when known (read from the file's header or the pasted
    /// texture); the size hint of the message it becomes.
    public var pixelSize: Size?

    /// Creates an attachment; views number their own with ``InputBarView/addAttachment(_:name:pixelSize:)``.
    public init(id: Int, source: ImageSource, name: String, pixelSize: Size? = nil) {
        self.id = id
        self.source = source
        self.name = name
        self.pixelSize = pixelSize
    }

    /// The attachment as the content of an image message.
    ///
    /// ```swift
    /// bar.onSendAttachments { images in
    ///     for image in images { chat.append(.image(image.imageContent), from: me) }
    /// }
    /// ```
    public var imageContent: ImageContent {
        ImageContent(source: source, sizeHint: pixelSize)
    }
}
