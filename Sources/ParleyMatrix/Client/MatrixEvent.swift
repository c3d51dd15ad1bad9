import Foundation

/// One event of a room's timeline, as the client-server API sends it.
public struct MatrixEvent: Codable, Hashable, Sendable {
    /// The event type (`m.room.message`, `m.reaction`, `m.room.redaction`, …).
    public var type: String
    /// The event's id (`$…`).
    public var eventID: String
    /// Who sent it (`@user:server`).
    public var sender: String
    /// When the sender's server received it, in milliseconds since 1970.
    public var originServerTS: Int64
    /// The type-specific body.
    public var content: JSONValue
    /// For state events, the state key.
    public var stateKey: String?
    /// For redactions, the event redacted (room versions up to 10 keep it here).
    public var redacts: String?
    /// What the server adds: the sender's transaction id (own events only), the
    /// redaction that emptied this event, bundled relations such as the latest edit.
    public var unsigned: Unsigned?

    /// The server's additions to an event.
    public struct Unsigned: Codable, Hashable, Sendable {
        /// The transaction id the sender used (only in the sender's own copies).
        public var transactionID: String?
        /// The redaction that removed this event's content.
        public var redactedBecause: JSONValue?
        /// Bundled relations (`m.replace`: the latest edit).
        public var relations: JSONValue?

        enum CodingKeys: String, CodingKey {
            case transactionID = "transaction_id"
            case redactedBecause = "redacted_because"
            case relations = "m.relations"
        }
    }

    /// Creates an event (for tests and for events built locally).
    public init(
        type: String, eventID: String, sender: String, originServerTS: Int64, content: JSONValue,
        stateKey: String? = nil, redacts: String? = nil, unsigned: Unsigned? = nil
    ) {
        self.type = type
        self.eventID = eventID
        self.sender = sender
        self.originServerTS = originServerTS
        self.content = content
        self.stateKey = stateKey
        self.redacts = redacts
        self.unsigned = unsigned
    }

    enum CodingKeys: String, CodingKey {
        case type, sender, content, redacts, unsigned
        case eventID = "event_id"
        case originServerTS = "origin_server_ts"
        case stateKey = "state_key"
    }

    /// When the event was sent.
    public var date: Date { Date(timeIntervalSince1970: Double(originServerTS) / 1000) }

    /// The event this one redacts: `redacts` at the top or, from room version 11, in the content.
    public var redactedEventID: String? { redacts ?? content["redacts"]?.string }
}

/// An event without room timeline fields: typing and receipts (`ephemeral`).
public struct MatrixEphemeralEvent: Codable, Hashable, Sendable {
    /// `m.typing` or `m.receipt`.
    public var type: String
    /// The type-specific body.
    public var content: JSONValue
}

/// The answer of `GET /sync`.
public struct SyncResponse: Codable, Sendable {
    /// The token for the next sync.
    public var nextBatch: String
    /// What changed in the rooms.
    public var rooms: Rooms?

    /// Rooms by membership.
    public struct Rooms: Codable, Sendable {
        /// Joined rooms by id.
        public var join: [String: JoinedRoom]?
    }

    /// What changed in one joined room.
    public struct JoinedRoom: Codable, Sendable {
        /// New events.
        public var timeline: Timeline?
        /// State before the timeline (member names, when the timeline has a gap).
        public var state: EventList<MatrixEvent>?
        /// Typing and receipts.
        public var ephemeral: EventList<MatrixEphemeralEvent>?
    }

    /// New timeline events.
    public struct Timeline: Codable, Sendable {
        /// The events, oldest first.
        public var events: [MatrixEvent]?
        /// Whether events were left out between the previous sync and these.
        public var limited: Bool?
        /// The token to paginate backwards from the first of `events`.
        public var prevBatch: String?

        enum CodingKeys: String, CodingKey {
            case events, limited
            case prevBatch = "prev_batch"
        }
    }

    /// A list of events under `events`.
    public struct EventList<Event: Codable & Sendable>: Codable, Sendable {
        /// The events.
        public var events: [Event]?
    }

    enum CodingKeys: String, CodingKey {
        case rooms
        case nextBatch = "next_batch"
    }
}

/// The answer of `GET /rooms/{id}/messages`: a page of the timeline.
public struct MessagesResponse: Codable, Sendable {
    /// The events, in the direction asked for (newest first for backwards).
    public var chunk: [MatrixEvent]
    /// The token the page started from.
    public var start: String
    /// The token to continue from; `nil` when there is nothing more that way.
    public var end: String?
    /// State events (member names) the chunk needs.
    public var state: [MatrixEvent]?
}

/// The answer of `GET /rooms/{id}/context/{eventId}`: an event and its neighbours.
public struct ContextResponse: Codable, Sendable {
    /// The event asked for.
    public var event: MatrixEvent?
    /// Older events, newest first.
    public var eventsBefore: [MatrixEvent]?
    /// Newer events, oldest first.
    public var eventsAfter: [MatrixEvent]?
    /// A token to paginate backwards from the oldest of `eventsBefore`.
    public var start: String?
    /// A token to paginate forwards from the newest of `eventsAfter`.
    public var end: String?
    /// The state at the event (member names).
    public var state: [MatrixEvent]?

    enum CodingKeys: String, CodingKey {
        case event, start, end, state
        case eventsBefore = "events_before"
        case eventsAfter = "events_after"
    }
}

/// The answer of `GET /rooms/{id}/timestamp_to_event`.
public struct TimestampResponse: Codable, Sendable {
    /// The event nearest the time in the direction asked.
    public var eventID: String
    /// Its time, in milliseconds since 1970.
    public var originServerTS: Int64

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case originServerTS = "origin_server_ts"
    }
}
