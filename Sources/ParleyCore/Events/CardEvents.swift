/// What a tap on a file card asks for (``MessengerEvent/tapFile(_:_:)``).
public enum FileAction: Hashable, Sendable {
    /// The card outside its buttons.
    case card
    /// The Open button.
    case open
    /// The Save button.
    case save
}

/// Which part of a contact card was tapped (``MessengerEvent/tapContact(_:_:)``).
public enum ContactField: Hashable, Sendable {
    /// The card outside its phone and e-mail: show the contact.
    case card
    /// The phone number: call it.
    case phone
    /// The e-mail address: write to it.
    case email
}

extension Viewport {
    /// The event a tap on `target` of `message`'s card means; `nil` when the message
    /// holds no card.
    static func cardEvent(_ target: CardTarget, on message: Message) -> MessengerEvent? {
        switch message.content {
        case .file:
            switch target {
            case .open: return .tapFile(message.id, .open)
            case .save: return .tapFile(message.id, .save)
            case .card, .phone, .email: return .tapFile(message.id, .card)
            }
        case .location: return .tapLocation(message.id)
        case .contact:
            switch target {
            case .phone: return .tapContact(message.id, .phone)
            case .email: return .tapContact(message.id, .email)
            case .card, .open, .save: return .tapContact(message.id, .card)
            }
        default: return nil
        }
    }
}
