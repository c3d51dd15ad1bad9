import Foundation

/// Every text the chat screen shows or speaks by itself, in one place: labels, the history
/// rows, delivery marks and their names, the new-messages badge, the empty state.
///
/// Both front ends draw these texts and no others, so translating Parley means replacing
/// this value (``ChatStyle/strings``). Texts that depend on a number or on names are
/// closures, so a language can choose its own plural forms and word order.
///
/// ```swift
/// var style = ChatStyle.iMessage
/// style.strings.emptyConversation = "Noch keine Nachrichten"
/// style.strings.newMessages = { $0 == 1 ? "1 neue Nachricht" : "\($0) neue Nachrichten" }
/// ```
public struct ChatStrings: Sendable {
    /// The day separator of today.
    public var today = "Today"
    /// The day separator of yesterday.
    public var yesterday = "Yesterday"
    /// The mark inside an edited message's bubble.
    public var edited = "edited"
    /// The bar after a deletion, while it can be undone.
    public var deletedNotice = "Message deleted"
    /// The bar's button that puts the message back.
    public var undo = "Undo"
    /// The notice after a tap on a quote whose message is not in the history (deleted,
    /// or never stored).
    public var quotedMessageNotFound = "Original message not found"
    /// The line above the first unread message.
    public var unreadLine = "New messages"
    /// What a deleted message's bubble says.
    public var messageDeleted = "Message deleted"
    /// A reply's quote of a message Parley never saw (quoted by id alone).
    public var quoteUnavailable = "Original message"
    /// The message menu's Reply item.
    public var reply = "Reply"
    /// The message menu's item that opens the reaction picker; the picker's name.
    public var react = "React"
    /// How an accessible name introduces a reply's quote, given the quoted sender's name.
    public var inReplyTo: @Sendable (_ name: String) -> String = { "in reply to \($0)" }
    /// The composer's line above the text while replying, given the quoted sender's name.
    public var replyingTo: @Sendable (_ name: String) -> String = { "Replying to \($0)" }
    /// The button that stops replying.
    public var cancelReply = "Cancel reply"
    /// The accessible name of a message's read receipts in a group, given the readers'
    /// names: "Seen by Alice and Bob".
    public var seenBy: @Sendable (_ names: [String]) -> String = { names in
        switch names.count {
        case 0: return ""
        case 1: return "Seen by \(names[0])"
        case 2...4: return "Seen by " + names.dropLast().joined(separator: ", ") + " and " + names.last!
        default: return "Seen by " + names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) others"
        }
    }
    /// The chip standing for reactions that do not fit, given how many emoji it hides.
    public var moreReactions: @Sendable (_ count: Int) -> String = { "+\($0)" }
    /// A reaction chip's accessible name, given the emoji, its count and whether the
    /// local user is among them.
    public var reactionName: @Sendable (_ key: String, _ count: Int, _ includesYou: Bool) -> String = { key, count, mine in
        let people = count == 1 ? "1 reaction" : "\(count) reactions"
        return mine ? "\(key), \(people), including yours" : "\(key), \(people)"
    }
    /// The label under an outgoing message that failed; tapping it (or the mark) sends
    /// ``MessengerEvent/tapStatus(_:)``, the app's cue to send it again.
    public var notDelivered = "Not delivered · Tap to retry"
    /// Who the local user is, in accessible names ("You, 12:31: hi").
    public var you = "You"
    /// What an empty conversation shows once no history is loading; empty for nothing.
    public var emptyConversation = "No messages yet"
    /// The button under a long text that shows more of it.
    public var showMore = "Show more"
    /// Under a text too long to show whole, once all that can show is shown.
    public var textTooLong = "Too long to show in full: copy the message to read it all"
    /// The message list's accessible name.
    public var messageList = "Messages"
    /// The message menu's Copy item.
    public var copy = "Copy"
    /// The message menu's Delete item.
    public var delete = "Delete"
    /// A picture while it loads.
    public var loadingPicture = "Loading picture…"
    /// A picture that could not be shown, before the reason.
    public var pictureUnavailable = "Picture unavailable"

    /// The button of the history row in manual mode.
    public var loadEarlier = "Load earlier messages"
    /// The history row while a page loads.
    public var loadingEarlier = "Loading earlier messages…"
    /// The history row after a failed fetch, given the reason.
    public var earlierFailed: @Sendable (_ reason: String) -> String = { "Couldn’t load earlier messages (\($0))" }
    /// The button of the row under the newest loaded message after a jump (manual mode).
    public var loadNewer = "Load newer messages"
    /// The row under the newest loaded message while a newer page loads.
    public var loadingNewer = "Loading newer messages…"
    /// That row after a failed fetch, given the reason.
    public var newerFailed: @Sendable (_ reason: String) -> String = { "Couldn’t load newer messages (\($0))" }
    /// The action that tries a failed fetch again.
    public var retry = "Retry"

    /// The new-messages badge's words for a count of unread messages (the badge adds the
    /// arrow): "1 new message", "12 new messages".
    public var newMessages: @Sendable (_ count: Int) -> String = { $0 == 1 ? "1 new message" : "\($0) new messages" }
    /// The badge's accessible name when nothing unread waits below.
    public var scrollToNewest = "Scroll to the newest message"
    /// The typing row's label for the names of those typing (never empty).
    public var typing: @Sendable (_ names: [String]) -> String = { names in
        switch names.count {
        case 1: return "\(names[0]) is typing…"
        case 2: return "\(names[0]) and \(names[1]) are typing…"
        case 3: return "\(names[0]), \(names[1]) and \(names[2]) are typing…"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) others are typing…"
        }
    }

    /// A picture, in summaries ("Photo: the caption").
    public var photo = "Photo"
    /// A collection of `count` items, in summaries.
    public var items: @Sendable (_ count: Int) -> String = { $0 == 1 ? "1 item" : "\($0) items" }
    /// The texts of file, location and contact cards.
    public var cards = CardStrings()
    /// What a screen reader says for a link preview, given its site and title:
    /// "Link preview: Swift.org, Swift".
    public var linkPreviewName: @Sendable (_ site: String, _ title: String?) -> String = { site, title in
        "Link preview: " + ([site] + (title.map { [$0] } ?? [])).filter { !$0.isEmpty }.joined(separator: ", ")
    }
    /// The texts of voice, audio and video messages.
    public var media = MediaStrings()
    /// The mark drawn after an outgoing message for each delivery status, each of its own
    /// shape (read is heavy), so that it reads without colour too.
    public var statusMarks: [DeliveryStatus: String] = [
        .sending: "◷", .sent: "✓", .delivered: "✓✓", .read: "✔✔", .failed: "!",
    ]
    /// What each delivery status is called when spoken or written out.
    public var statusNames: [DeliveryStatus: String] = [
        .sending: "sending", .sent: "sent", .delivered: "delivered", .read: "read", .failed: "not delivered",
    ]

    /// The composer's line while it edits a message already sent (instead of writing a
    /// new one).
    public var editingMessage = "Editing message"
    /// What confirms that a message's text was put on the clipboard.
    public var messageCopied = "Message copied"
    /// A window or terminal title while messages wait unread, given their count and the
    /// plain title: "(3) Lunch".
    public var unreadTitle: @Sendable (_ count: Int, _ title: String) -> String = { "(\($0)) \($1)" }

    /// The search field's placeholder, and the name of the button or key that opens it.
    public var search = "Search"
    /// What the search bar says while a search runs.
    public var searching = "Searching…"
    /// What the search bar says when nothing matches.
    public var noResults = "No results"
    /// The number of results, and whether more can load: "3 results", "50+ results".
    public var searchResults: @Sendable (_ count: Int, _ hasMore: Bool) -> String = { count, more in
        more ? "\(count)+ results" : (count == 1 ? "1 result" : "\(count) results")
    }
    /// Which result is current, of how many ("50+" while more can load): "2 of 3".
    public var searchPosition: @Sendable (_ position: Int, _ total: String) -> String = { "\($0) of \($1)" }
    /// What the search bar says when the search failed, given why.
    public var searchFailed: @Sendable (_ reason: String) -> String = { "Search failed (\($0))" }
    /// What a screen reader says for a result, given its sender, date and snippet.
    public var searchResultName: @Sendable (_ sender: String, _ date: String, _ snippet: String) -> String = {
        "\($0), \($1): \($2)"
    }
    /// The name of the button that closes search.
    public var closeSearch = "Close search"
    /// Said when the newest messages show again after a jump to a date (the terminal's
    /// plain mode prints it; the day jumped to is said by its date).
    public var backToLatest = "Back to the newest messages"

    /// The English texts.
    public init() {}

    /// The English texts (the default of every style).
    public static let english = ChatStrings()

    // MARK: Derived texts

    /// The mark of `status` ("✓✓").
    public func mark(for status: DeliveryStatus) -> String {
        statusMarks[status] ?? ""
    }

    /// The name of `status` ("delivered").
    public func name(of status: DeliveryStatus) -> String {
        statusNames[status] ?? String(describing: status)
    }

    /// "Alice is typing…"; empty when nobody types. Names are made inert.
    public func typingLabel(for typers: [Sender]) -> String {
        typers.isEmpty ? "" : typing(typers.map { InertText.singleLine($0.name) })
    }

    /// What a history row says and offers for `indicator`, at the top (`edge` `.older`)
    /// or under the newest loaded message after a jump (`.newer`).
    public func history(_ indicator: HistoryIndicator, edge: HistoryEdge = .older) -> HistoryRowText {
        let older = edge == .older
        switch indicator {
        case .hidden:
            return HistoryRowText(label: nil, action: nil, showsSpinner: false)
        case .loadEarlier:
            return HistoryRowText(label: nil, action: older ? loadEarlier : loadNewer, showsSpinner: false)
        case .loading:
            return HistoryRowText(label: older ? loadingEarlier : loadingNewer, action: nil, showsSpinner: true)
        case .failed(let reason):
            let reason = InertText.singleLine(reason)
            return HistoryRowText(label: older ? earlierFailed(reason) : newerFailed(reason), action: retry, showsSpinner: false)
        }
    }

    /// A one-line description of `content`, for accessible names, copying and
    /// notifications. Made inert.
    public func summary(of content: MessageContent) -> String {
        switch content {
        case .text(let text): return Self.bounded(text.string)
        case .emoji(let emoji): return Self.bounded(emoji)
        case .image(let image): return photo + (image.caption.map { ": " + Self.bounded($0) } ?? "")
        case .collection(let collection): return summary(of: collection)
        case .custom(let custom): return Self.bounded(custom.payload.summary)
        case .notice(let notice): return Self.bounded(notice.text)
        case .deleted: return messageDeleted
        case .file(let file): return cards.fileSummary(cards.name(of: file), cards.size(of: file))
        case .location(let location): return cards.locationSummary(
            Self.bounded(CardStrings.shown(location.title) ?? ""), cards.coordinates(of: location))
        case .contact(let contact):
            return cards.contactSummary(cards.name(of: contact), [contact.phone, contact.email].compactMap(cards.detail))
        case .audio(let audio): return media.summary(of: audio)
        case .video(let video): return media.summary(of: video)
        }
    }

    /// The most items of a collection its summary names.
    static let namedItems = 10

    /// "4 items: 12:00, 12:30, 13:00, 13:30": the count, then what the first
    /// ``namedItems`` items show (a picture as ``photo``), each on one line and bounded.
    func summary(of collection: CollectionContent) -> String {
        let count = items(collection.items.count)
        guard !collection.items.isEmpty else { return count }
        let named = collection.items.prefix(Self.namedItems).map { item -> String in
            switch item {
            case .image: return photo
            case .text(let text): return InertText.singleLine(String(text.prefix(Self.namedItemLength)))
            }
        }
        let more = collection.items.count > Self.namedItems ? ", …" : ""
        return count + ": " + named.joined(separator: ", ") + more
    }

    /// The most characters of one item a collection's summary keeps.
    static let namedItemLength = 80

    /// `text` made inert and cut to a preview's length (``TextLimit/preview``), with "…"
    /// when cut: a summary of a megabyte of text is a screenful, not a megabyte.
    static func bounded(_ text: String) -> String {
        let (shown, cut) = DisplayText.prefix(of: text, limit: .preview)
        return InertText.display(shown) + (cut ? "…" : "")
    }
}

/// Which end of the loaded messages a history row stands at.
public enum HistoryEdge: Hashable, Sendable {
    /// Above the oldest loaded message: earlier pages.
    case older
    /// Below the newest loaded message, after a jump into the past: newer pages.
    case newer
}

/// What a history row shows: a text, an action button, a spinner.
public struct HistoryRowText: Hashable, Sendable {
    /// The text ("Loading earlier messages…", the failure); `nil` for none.
    public var label: String?
    /// The button's title ("Load earlier messages", "Retry"); `nil` for no button.
    public var action: String?
    /// Whether a spinner turns beside the label.
    public var showsSpinner: Bool

    /// The whole row as one line: "Couldn’t load … · Retry".
    public var line: String {
        [label, action].compactMap { $0 }.joined(separator: " · ")
    }
}
