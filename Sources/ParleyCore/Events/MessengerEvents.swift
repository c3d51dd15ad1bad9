/// Fans ``MessengerEvent``s out to a delegate, closures and async streams.
///
/// A front end owns one and calls ``send(_:)``; an app listens in whichever style it
/// likes:
///
/// ```swift
/// view.events.delegate = self
/// view.events.onEvent { event in print(event) }
/// for await event in view.events.stream() { ... }
/// ```
@MainActor
public final class MessengerEvents {
    /// Receives each event through its specific method.
    public weak var delegate: (any MessengerDelegate)?

    private var handlers: [(MessengerEvent) -> Void] = []
    private var continuations: [Int: AsyncStream<MessengerEvent>.Continuation] = [:]
    private var nextKey = 0

    /// Creates an empty hub.
    public init() {}

    /// Calls `handler` for every event from now on.
    public func onEvent(_ handler: @escaping (MessengerEvent) -> Void) {
        handlers.append(handler)
    }

    /// Every event from now on, as an async sequence.
    public func stream() -> AsyncStream<MessengerEvent> {
        let (stream, continuation) = AsyncStream<MessengerEvent>.makeStream()
        let key = nextKey
        nextKey += 1
        continuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    /// Delivers `event` to the delegate, the handlers and the streams, in that order.
    public func send(_ event: MessengerEvent) {
        if let delegate {
            switch event {
            case .tapAvatar(let sender, let message): delegate.messenger(didTapAvatarOf: sender, message: message)
            case .tapBubble(let message): delegate.messenger(didTapBubble: message)
            case .tapCell(let message, let location): delegate.messenger(didTapCell: message, at: location)
            case .tapLink(let message, let detection): delegate.messenger(didTapLink: detection, in: message)
            case .tapStatus(let message): delegate.messenger(didTapStatusOf: message)
            case .tapLoadEarlier: delegate.messengerDidTapLoadEarlier()
            case .tapLoadNewer: delegate.messengerDidTapLoadNewer()
            case .tapShowMore(let message): delegate.messenger(didShowMoreOf: message)
            case .tapQuote(let message, let quoted): delegate.messenger(didTapQuoteOf: quoted, in: message)
            case .reactionChanged(let message, let key, let isOn): delegate.messenger(didChangeReaction: key, on: message, isOn: isOn)
            case .tapMoreReactions(let message): delegate.messenger(didTapMoreReactionsOf: message)
            case .replyRequested(let message): delegate.messenger(didRequestReplyTo: message)
            case .deleted(let message): delegate.messenger(didDelete: message)
            case .longPressBubble(let message): delegate.messenger(didLongPressBubble: message)
            case .tapFile(let message, let action): delegate.messenger(didTapFile: action, in: message)
            case .tapLocation(let message): delegate.messenger(didTapLocationIn: message)
            case .tapContact(let message, let field): delegate.messenger(didTapContact: field, in: message)
            case .tapMedia(let message, let action): delegate.messenger(didTapMedia: action, in: message)
            }
        }
        for handler in handlers { handler(event) }
        for continuation in continuations.values { continuation.yield(event) }
    }

    /// Ends every stream.
    public func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations = [:]
    }
}
