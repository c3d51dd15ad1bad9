import ParleyCore

/// What both demos do with taps a real app would handle: an avatar "opens a profile",
/// tapping a failed message's mark sends it again, and the cards say what an app would do
/// (Save pretends to download, so the card shows its progress).
@MainActor
public enum DemoReactions {
    /// Reacts to `event`; returns whether it was one of these.
    @discardableResult
    public static func handle(_ event: MessengerEvent, in conversation: Conversation, bot: DemoBot) -> Bool {
        switch event {
        case .tapAvatar(let sender, _):
            conversation.append(.system("\(sender.name)'s profile would open here"), from: DemoCast.bot)
            return true
        case .tapStatus(let id):
            if conversation.message(id)?.status == .failed {
                try? conversation.setStatus(.sending, of: id)
                bot.userSent(id, text: "", replies: false)
            }
            return true
        case .tapFile(let id, let action):
            guard case .file(let file)? = conversation.message(id)?.content else { return true }
            let name = InertText.singleLine(file.name)
            switch action {
            case .card, .open: conversation.append(.system("Opening \(name)…"), from: DemoCast.bot)
            case .save: pretendDownload(id, name: name, in: conversation)
            }
            return true
        case .tapLocation(let id):
            guard case .location(let place)? = conversation.message(id)?.content else { return true }
            let where_ = ChatStrings.english.cards.coordinates(of: place)
            conversation.append(.system("A map of \(where_) would open here"), from: DemoCast.bot)
            return true
        case .tapContact(let id, let field):
            guard case .contact(let contact)? = conversation.message(id)?.content else { return true }
            let text: String
            switch field {
            case .phone: text = "Calling \(InertText.singleLine(contact.phone ?? ""))…"
            case .email: text = "Writing to \(InertText.singleLine(contact.email ?? ""))…"
            case .card: text = "\(InertText.singleLine(contact.name))'s contact would open here"
            }
            conversation.append(.system(text), from: DemoCast.bot)
            return true
        default:
            return false
        }
    }

    /// Walks the file's card through a download in tenths, then says it is saved.
    private static func pretendDownload(_ id: MessageID, name: String, in conversation: Conversation) {
        if case .file(let file)? = conversation.message(id)?.content, file.transfer.fraction != nil { return }
        Task { @MainActor in
            for step in 0...10 {
                try? conversation.setTransfer(.downloading(Double(step) / 10), of: id)
                try? await Task.sleep(nanoseconds: 150_000_000)
            }
            try? conversation.setTransfer(.idle, of: id)
            conversation.append(.system("Saved \(name) to Downloads"), from: DemoCast.bot)
        }
    }
}
