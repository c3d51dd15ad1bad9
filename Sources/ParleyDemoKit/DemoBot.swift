import Foundation
import ParleyCore

/// A scripted peer: after you send, your message goes sending → sent → delivered → read,
/// the bot types for a moment (the typing indicator), then replies.
@MainActor
public final class DemoBot {
    /// The conversation the bot talks in.
    public let conversation: Conversation
    /// Multiplies every delay; the headless demo runs faster.
    public let pace: Double
    /// The answer to “help”: each demo explains its own keys.
    public let helpText: String
    /// What must finish before a message shows as sent: the store's `flush()`, so that
    /// nothing shown as sent can be lost (it returns `false` when the store closed first,
    /// and the message stays "sending").
    public var keepsMessage: (@Sendable () async -> Bool)?

    /// Creates the bot.
    public init(conversation: Conversation, pace: Double = 1, helpText: String) {
        self.conversation = conversation
        self.pace = pace
        self.helpText = helpText
    }

    private func pause(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(saturating: max(0, seconds * pace) * 1e9))
    }

    /// Reacts to a message the user just sent (or retried: then it is only delivered).
    public func userSent(_ id: MessageID, text: String, replies: Bool = true) {
        Task { @MainActor in
            for status in [DeliveryStatus.sent, .delivered] {
                await pause(0.3)
                if status == .sent, let keepsMessage, !(await keepsMessage()) { return }
                try? conversation.setStatus(status, of: id)
            }
            guard replies else { return }
            await pause(0.4)
            conversation.setTyping(DemoCast.bot, timeout: 10)
            await pause(1.2)
            try? conversation.setStatus(.read, of: id)
            await pause(0.6)
            conversation.setTyping(DemoCast.bot, false)
            conversation.append(.text(reply(to: text)), from: DemoCast.bot)
        }
    }

    /// Alice says hello a moment after the demo opens.
    public func greet() {
        Task { @MainActor in
            await pause(1.5)
            conversation.setTyping(DemoCast.alice, timeout: 10)
            await pause(2)
            conversation.setTyping(DemoCast.alice, false)
            conversation.append(.text("Hey, are you there? Try scrolling up — there's a long history 👆"), from: DemoCast.alice)
        }
    }

    /// The bot's answer to `text`.
    public func reply(to text: String) -> String {
        // The first word, whole: "hiking" is no greeting, "helpful" asks for no help.
        let first = String(text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isLetter })
        if ["hi", "hello", "hey"].contains(first) {
            return "Hello! I'm the Parley bot. Type “help” to see what you can do here."
        }
        if first == "help" { return helpText }
        let count = text.count
        return "You said “\(text.count > 80 ? String(text.prefix(80)) + "…" : text)” — \(count) character\(count == 1 ? "" : "s"). Nice."
    }
}
