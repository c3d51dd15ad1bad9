internal import CGtk4
import Foundation
import ParleyCore

/// Attachments (chosen, pasted or added images shown as chips above the text) and sending
/// them with the text.
extension InputBarView {
    // MARK: Adding and removing

    /// Adds an image to send with the next message; returns it with its id.
    ///
    /// - Parameters:
    ///   - source: The image: `.file`, or `.data` with encoded bytes (PNG, JPEG...).
    ///   - name: A short name for screen readers; the file's name by default.
    ///   - pixelSize: The image's size, when known; read from a file's header otherwise.
    @discardableResult
    public func addAttachment(_ source: ImageSource, name: String? = nil, pixelSize: Size? = nil) -> InputBarAttachment {
        add(source, name: name, pixelSize: pixelSize, texture: nil)
    }

    /// Removes the attachment with `id` (what its chip's remove button does).
    public func removeAttachment(id: Int) {
        guard attachments.contains(where: { $0.id == id }) else { return }
        attachments.removeAll { $0.id == id }
        if let index = chips.firstIndex(where: { $0.attachmentID == id }) {
            let chip = chips.remove(at: index)
            gtk_box_remove(attachmentRow.cast(to: GtkBox.self), chip.widget)
        }
        attachmentsDidChange()
    }

    /// Removes every attachment.
    public func removeAllAttachments() {
        for attachment in attachments { removeAttachment(id: attachment.id) }
    }

    /// Opens the image chooser (what the attachment items do); the chosen images become
    /// attachments. Does nothing while it is already open.
    public func chooseImages() {
        guard imageChooser == nil else { return }
        let chooser = ImageChooser(parent: root) { [weak self] paths in
            guard let self else { return }
            self.imageChooser = nil
            for path in paths { self.addAttachment(.file(path: path)) }
        }
        imageChooser = chooser
        chooser.show()
    }

    /// Attaches a pasted image, as PNG bytes.
    func attachPasted(_ texture: OpaquePointer) {
        guard let png = ClipboardImage.pngData(of: texture) else { return }
        let size = Size(width: Double(gdk_texture_get_width(texture)), height: Double(gdk_texture_get_height(texture)))
        add(.data(png), name: "Pasted image", pixelSize: size, texture: UnsafeMutableRawPointer(texture))
    }

    @discardableResult
    private func add(
        _ source: ImageSource, name: String?, pixelSize: Size?, texture: UnsafeMutableRawPointer?
    ) -> InputBarAttachment {
        var size = pixelSize
        if size == nil, case .file(let path) = source {
            var width: Int32 = 0
            var height: Int32 = 0
            if gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 {
                size = Size(width: Double(width), height: Double(height))
            }
        }
        let attachment = InputBarAttachment(
            id: nextAttachmentID, source: source, name: name ?? Self.defaultName(of: source), pixelSize: size)
        nextAttachmentID += 1
        attachments.append(attachment)
        let chip = AttachmentChip(
            attachment: attachment, texture: texture,
            onRemove: { [weak self] id in self?.removeAttachment(id: id) },
            onSize: { [weak self] id, size in
                guard let self, let index = self.attachments.firstIndex(where: { $0.id == id }),
                    self.attachments[index].pixelSize == nil
                else { return }
                self.attachments[index].pixelSize = size
            })
        chips.append(chip)
        gtk_box_append(attachmentRow.cast(to: GtkBox.self), chip.widget)
        attachmentsDidChange()
        return attachment
    }

    private static func defaultName(of source: ImageSource) -> String {
        switch source {
        case .file(let path): return URL(fileURLWithPath: path).lastPathComponent
        case .url(let url): return url.lastPathComponent.isEmpty ? "Image" : url.lastPathComponent
        case .data: return "Image"
        }
    }

    /// Shows or hides the strip, resizes, and updates the send item.
    private func attachmentsDidChange() {
        attachmentStrip.isShown = !attachments.isEmpty
        updateSendItemForAttachments()
        syncItems()
        gtk_widget_queue_resize(root)
    }

    /// With attachments the bar can send without text: while there are any (and the model
    /// manages the send item), the view takes that job over and enables the send item;
    /// when the last goes, the model manages it again.
    private func updateSendItemForAttachments() {
        if !attachments.isEmpty, !holdsSendItemState, model.managesSendItemEnabledState {
            holdsSendItemState = true
            model.managesSendItemEnabledState = false
            model.sendItem.isEnabled = true
        } else if attachments.isEmpty, holdsSendItemState {
            holdsSendItemState = false
            model.managesSendItemEnabledState = true
        }
    }

    // MARK: Sending

    /// Sends what the bar holds: what Enter does.
    ///
    /// Nothing happens while the send item is disabled. Otherwise the attachments go to
    /// the ``onSendAttachments(_:)`` handlers first (kept, with the text, when one throws),
    /// then the text goes through the model's ``InputBar/send()``, which clears it when the
    /// handlers accept it.
    ///
    /// - Returns: Whether anything was sent.
    @discardableResult
    public func send() -> Bool {
        send(through: nil)
    }

    /// Sends the attachments, then the text: through `item`'s click (its hook, then the
    /// model's send) when the send button was clicked, or the model's send.
    @discardableResult
    func send(through item: InputBarItem?) -> Bool {
        guard let sendGate else { return performSend(through: item) }
        let sent = sendGate { [weak self] in self?.performSend(through: item) ?? false } ?? true
        // A command (`InputBar.onCommand`) may have taken the text without a send.
        syncFromModel()
        return sent
    }

    /// Sends now, without asking ``sendGate``.
    private func performSend(through item: InputBarItem?) -> Bool {
        guard model.sendItem.isEnabled else { return false }
        var sent = false
        if !attachments.isEmpty, !attachmentHandlers.isEmpty {
            let outgoing = attachments
            do {
                for handler in attachmentHandlers { try handler(outgoing) }
            } catch {
                lastAttachmentError = error
                return false
            }
            lastAttachmentError = nil
            for attachment in outgoing { removeAttachment(id: attachment.id) }
            sent = true
        }
        if let item {
            let before = model.text
            item.touchUpInside()
            sent = sent || (model.text != before && model.lastSendError == nil)
        } else if model.send() {
            sent = true
        }
        syncFromModel()
        return sent
    }
}
