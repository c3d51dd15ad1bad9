import ParleyCore

/// What both demos do with taps a real app would handle: an avatar "opens a profile", and
/// tapping a failed message's mark sends it again.
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
        default:
            return false
        }
    }
}
