extension Conversation {
    /// Sets how the download of the file in message `id` stands; does nothing when that
    /// message holds no file.
    ///
    /// ```swift
    /// try chat.setTransfer(.downloading(0.5), of: report)
    /// try chat.setTransfer(.failed, of: report)
    /// ```
    ///
    /// - Throws: ``ConversationError/unknownID(_:)``.
    public func setTransfer(_ transfer: FileTransfer, of id: MessageID, animated: Bool = false) throws(ConversationError) {
        try update(id, animated: animated) { message in
            guard case .file(var file) = message.content, file.transfer != transfer else { return }
            file.transfer = transfer
            message.content = .file(file)
        }
    }
}
