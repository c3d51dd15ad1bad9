/// A shared contact: a card with a name, a phone number and an e-mail address, each
/// optional.
///
/// Taps arrive as ``MessengerEvent/tapContact(_:_:)`` with the field tapped, so the app
/// can call, write or show the contact.
///
/// ```swift
/// chat.append(.contact(ContactContent(name: "Ada Lovelace", phone: "+44 20 7946 0958")), from: alice)
/// ```
public struct ContactContent: Hashable, Sendable {
    /// The contact's name; may be empty.
    public var name: String
    /// A phone number as written, if any.
    public var phone: String?
    /// An e-mail address, if any.
    public var email: String?

    /// Creates a contact.
    public init(name: String, phone: String? = nil, email: String? = nil) {
        self.name = name
        self.phone = phone
        self.email = email
    }

    /// Whether the contact has nothing to show (no name, phone or address).
    public var isEmpty: Bool {
        name.isEmpty && (phone ?? "").isEmpty && (email ?? "").isEmpty
    }
}
